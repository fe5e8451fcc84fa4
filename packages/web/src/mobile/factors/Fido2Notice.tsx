/**
 * What went wrong in a FIDO2 ceremony, in the words of section 8, with the way on: a device that
 * could not be reached may be tried again (continue) or left (cancel); a device or platform
 * without FIDO2 means another method.
 */
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FIDO2_TEXT, type Fido2Trouble } from './common.ts';
import './fido2.css';

interface Fido2NoticeProps {
  trouble: Fido2Trouble;
  onRetry: () => void;
  onDismiss: () => void;
  /** Another login method or factor, when there is one. */
  onChangeMethod?: () => void;
}

export function Fido2Notice({ trouble, onRetry, onDismiss, onChangeMethod }: Fido2NoticeProps) {
  const { t } = useTranslation();
  const other = trouble === 'unsupported' || trouble === 'platform';
  return (
    <div className="tmf-problem" role="alert" data-testid="fido2-problem">
      <p>{t(FIDO2_TEXT[trouble])}</p>
      {trouble === 'deviceError' && (
        <div className="tmf-problem-actions">
          <Button size="small" color="primary" onClick={onRetry}>
            {t('mobile.fido2.continue')}
          </Button>
          <Button size="small" color="danger" fill="outline" onClick={onDismiss}>
            {t('mobile.fido2.cancel')}
          </Button>
        </div>
      )}
      {other && onChangeMethod && (
        <div className="tmf-problem-actions">
          <Button size="small" color="danger" fill="outline" onClick={onChangeMethod}>
            {t('mobile.fido2.changeMethod')}
          </Button>
        </div>
      )}
    </div>
  );
}
