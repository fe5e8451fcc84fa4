/** A flow that is gone (expired, unknown, another browser's): the way on is a new sign-in. */
import { useTranslation } from 'react-i18next';
import { StatusCard } from '../StatusCard.tsx';

export function FlowLost() {
  const { t } = useTranslation();
  return (
    <StatusCard
      status="warning"
      title={t('flow.lostTitle')}
      hint={t('flow.lostHint')}
      linkText={t('flow.signInAgain')}
      linkTo="/login"
    />
  );
}
