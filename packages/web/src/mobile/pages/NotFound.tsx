/** Any address outside the route table. */
import { Result } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="tm-panel">
      <Result
        status="warning"
        title={<h1 className="tm-result-title">{t('notFound.title')}</h1>}
        description={t('notFound.hint')}
      />
      <Link className="tm-link-button" to="/login">
        {t('notFound.back')}
      </Link>
    </section>
  );
}
