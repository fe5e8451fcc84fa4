/** /scanQrCodeError: the scanned QR code is unknown or has expired; scan a fresh one. */
import { Result } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export default function ScanQrCodeError() {
  const { t } = useTranslation();
  return (
    <section className="tm-panel">
      <Result
        status="warning"
        title={<h1 className="tm-result-title">{t('mobile.qr.errorTitle')}</h1>}
        description={t('mobile.qr.errorHint')}
      />
      <Link className="tm-link-button tm-link-plain" to="/user">
        {t('mobile.qr.toAccount')}
      </Link>
    </section>
  );
}
