/** Steps whose screens are not built yet say so plainly, with a way back, never a blank page. */
import { Result } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export default function NotOpen() {
  const { t } = useTranslation();
  return (
    <section className="tm-panel">
      <Result
        status="info"
        title={<h1 className="tm-result-title">{t('notOpen.title')}</h1>}
        description={t('notOpen.hint')}
      />
      <Link className="tm-link-button" to="/login">
        {t('notOpen.back')}
      </Link>
    </section>
  );
}
