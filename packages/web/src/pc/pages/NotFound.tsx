/** Any address outside the route table. */
import { useTranslation } from 'react-i18next';
import { StatusCard } from '../StatusCard.tsx';

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <StatusCard
      status="warning"
      title={t('notFound.title')}
      hint={t('notFound.hint')}
      linkText={t('notFound.back')}
      linkTo="/login"
    />
  );
}
