/** /scanQrCodeClose: the login on the computer was cancelled from this phone. */
import { Result } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export default function ScanQrCodeClose() {
  const { t } = useTranslation();
  return (
    <section className="tm-panel">
      <Result
        status="info"
        title={<h1 className="tm-result-title">{t('mobile.qr.closedTitle')}</h1>}
        description={t('mobile.qr.closedHint')}
      />
      <Link className="tm-link-button tm-link-plain" to="/user">
        {t('mobile.qr.toAccount')}
      </Link>
    </section>
  );
}
