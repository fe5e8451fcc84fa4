/**
 * Steps whose screens are not built yet (or not enabled for this tenant) say so plainly, with a
 * way back, instead of showing an empty page.
 */
import { useTranslation } from 'react-i18next';
import { StatusCard } from '../StatusCard.tsx';

export default function NotOpen() {
  const { t } = useTranslation();
  return (
    <StatusCard
      status="info"
      title={t('notOpen.title')}
      hint={t('notOpen.hint')}
      linkText={t('notOpen.back')}
      linkTo="/login"
    />
  );
}
