/**
 * The OTP binding wizard of section 4 (docs/factors.md), for the BIND_OTP step and for the
 * signed-in user's account page: enter application (get an authenticator app), bind account,
 * enter security code, finished. A phone cannot scan its own screen, so the account is added by
 * its key (copyable, in groups of four) or by opening the otpauth:// link in the app; the key
 * waits five minutes, then a new one is made.
 */
import type { FlowAnswer, OtpKey } from '@tessera/shared';
import { Button, Form, Result, Steps, Toast } from 'antd-mobile';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../core/api.ts';
import { bindOtp, generateOtpKey } from '../../core/factors.ts';
import { useRevalidateOnLanguage } from '../../core/forms.ts';
import { FORM_STYLE } from '../styles.ts';
import { clock, copyText, useSecondsLeft } from './common.ts';
import './factors.css';
import { OtpCodeField } from './OtpCodeField.tsx';

type WizardStep = 0 | 1 | 2 | 3;

interface OtpWizardProps {
  /** In the post-login flow (BIND_OTP); without it, the signed-in user binds. */
  flowId?: string;
  /**
   * The server's answer to a key or a bind in the flow; true when the page is leaving (see
   * useFlow's follow). Not used outside a flow.
   */
  follow?: (res: ApiResult<FlowAnswer | null>) => boolean;
  /** Outside a flow: the finished step's button, and leaving before the end. */
  onClose?: (bound: boolean) => void;
}

function WizardSteps({ current }: { current: WizardStep }) {
  const { t } = useTranslation();
  const titles = [
    t('mobile.otpBind.stepApp'),
    t('mobile.otpBind.stepBind'),
    t('mobile.otpBind.stepCode'),
    t('mobile.otpBind.stepDone'),
  ];
  return (
    <div className="tmt-steps tmf-steps" role="group" aria-label={t('mobile.otpBind.steps')}>
      <Steps current={current}>
        {titles.map((title, i) => (
          <Steps.Step key={title} title={title} aria-current={i === current ? 'step' : undefined} />
        ))}
      </Steps>
    </div>
  );
}

/** 'JBSWY3DPEHPK3PXP' -> 'JBSW Y3DP EHPK 3PXP'. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

interface KeyDetailsProps {
  otpKey: OtpKey;
  /** Seconds the key still waits for its first code. */
  left: number;
  onRenew: () => void;
  renewing: boolean;
}

function KeyDetails({ otpKey, left, onRenew, renewing }: KeyDetailsProps) {
  const { t } = useTranslation();
  const keyId = useId();
  const copy = async () => {
    const done = await copyText(otpKey.secret);
    Toast.show({ content: t(done ? 'mobile.otpBind.copied' : 'mobile.otpBind.copyFailed') });
  };
  if (left === 0) {
    return (
      <div className="tmf-expired" role="alert">
        <p>{t('mobile.otpBind.expired')}</p>
        <Button block color="primary" size="large" loading={renewing} onClick={onRenew}>
          {t('mobile.otpBind.renew')}
        </Button>
      </div>
    );
  }
  return (
    <div className="tmf-key">
      <p className="tmt-notice" role="note">
        {t('mobile.otpBind.noScan')}
      </p>
      <a className="tmf-open" href={otpKey.uri}>
        {t('mobile.otpBind.open')}
      </a>
      <p className="tmf-or">{t('mobile.otpBind.orKey')}</p>
      <div className="tmf-secret-row">
        <div className="tmf-secret-box">
          <span className="tmf-label" id={keyId}>
            {t('mobile.otpBind.key')}
          </span>
          <code className="tmf-secret" aria-labelledby={keyId} data-testid="otp-secret">
            {grouped(otpKey.secret)}
          </code>
        </div>
        <Button
          size="small"
          fill="outline"
          onClick={() => void copy()}
          aria-label={t('mobile.otpBind.copyKey')}
        >
          {t('mobile.otpBind.copy')}
        </Button>
      </div>
      <dl className="tmf-facts">
        <div>
          <dt>{t('mobile.otpBind.account')}</dt>
          <dd>{otpKey.issuer ? `${otpKey.issuer}: ${otpKey.account}` : otpKey.account}</dd>
        </div>
        <div>
          <dt>{t('mobile.otpBind.type')}</dt>
          <dd>{t('mobile.otpBind.totp')}</dd>
        </div>
        <div>
          <dt>{t('mobile.otpBind.algorithm')}</dt>
          <dd>{otpKey.algorithm}</dd>
        </div>
        <div>
          <dt>{t('mobile.otpBind.digits')}</dt>
          <dd>{otpKey.digits}</dd>
        </div>
        <div>
          <dt>{t('mobile.otpBind.period')}</dt>
          <dd>{t('mobile.otpBind.seconds', { count: otpKey.period })}</dd>
        </div>
      </dl>
      <p className="tmf-expiry" aria-live="off">
        {t('mobile.otpBind.expiresIn', { time: clock(left) })}
      </p>
    </div>
  );
}

export function OtpWizard({ flowId, follow, onClose }: OtpWizardProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<WizardStep>(0);
  const [otpKey, setOtpKey] = useState<OtpKey | null>(null);
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ code?: string }>();
  useRevalidateOnLanguage(form);

  /** The last key could not be made (the toast said why): a button tries again. */
  const [keyFailed, setKeyFailed] = useState(false);

  const renew = async () => {
    setLoading(true);
    const res = await generateOtpKey(flowId);
    setLoading(false);
    setKeyFailed(!res.ok);
    if (res.ok) setOtpKey(res.data);
    else follow?.(res);
  };

  // The key is made when the user reaches the bind step, not before (it lives five minutes).
  const needKey = step === 1 && !otpKey && !keyFailed;
  useEffect(() => {
    if (!needKey) return;
    let live = true;
    void generateOtpKey(flowId).then((res) => {
      if (!live) return;
      if (res.ok) setOtpKey(res.data);
      else if (!follow?.(res)) setKeyFailed(true);
    });
    return () => {
      live = false;
    };
  }, [needKey, flowId, follow]);

  const submit = async ({ code = '' }: { code?: string }) => {
    setBusy(true);
    const res = await bindOtp(code.trim(), flowId);
    if (res.ok) {
      setStep(3);
      if (follow?.(res)) return;
    } else if (res.code === 'OTP.0002' || res.code === 'OTP.0003') {
      // The key expired (or is gone): back to the bind step, which offers a new one.
      form.resetFields();
      setOtpKey((current) => (res.code === 'OTP.0002' && current ? { ...current, expiresAt: 0 } : null));
      setStep(1);
    } else {
      follow?.(res);
    }
    setBusy(false);
  };

  const back = (to: WizardStep) => (
    <Button block fill="none" size="large" onClick={() => setStep(to)}>
      {t('mobile.otpBind.back')}
    </Button>
  );
  const cancel = onClose && (
    <Button block fill="none" size="large" onClick={() => onClose(false)}>
      {t('mobile.otpBind.cancel')}
    </Button>
  );
  const left = useSecondsLeft(otpKey?.expiresAt);
  const keyLive = !!otpKey && left > 0;

  return (
    <div className="tmf-wizard" data-step={step}>
      <WizardSteps current={step} />
      {step === 0 && (
        <>
          <div className="tmf-body">
            <p className="tmf-lead">{t('mobile.otpBind.appIntro')}</p>
            <ul className="tmf-apps">
              <li>Google Authenticator</li>
              <li>Microsoft Authenticator</li>
              <li>FreeOTP</li>
            </ul>
          </div>
          <div className="tmt-submit tmt-actions">
            <Button block color="primary" size="large" onClick={() => setStep(1)}>
              {t('mobile.otpBind.haveApp')}
            </Button>
            {cancel}
          </div>
        </>
      )}
      {step === 1 && (
        <>
          <div className="tmf-body">
            {otpKey ? (
              <KeyDetails otpKey={otpKey} left={left} onRenew={() => void renew()} renewing={loading} />
            ) : keyFailed ? (
              <div className="tmf-expired" role="alert">
                <p>{t('mobile.otpBind.keyFailed')}</p>
                <Button block color="primary" size="large" loading={loading} onClick={() => void renew()}>
                  {t('mobile.otpBind.retry')}
                </Button>
              </div>
            ) : (
              <p className="tmf-lead" role="status">
                {t('mobile.otpBind.making')}
              </p>
            )}
          </div>
          <div className="tmt-submit tmt-actions">
            {keyLive && (
              <Button block color="primary" size="large" onClick={() => setStep(2)}>
                {t('mobile.otpBind.next')}
              </Button>
            )}
            {back(0)}
          </div>
        </>
      )}
      {step === 2 && (
        <>
          <p className="tmf-lead tmf-lead-form">{t('mobile.otpBind.codeIntro')}</p>
          <Form
            form={form}
            name="otpBind"
            layout="vertical"
            style={FORM_STYLE}
            onFinish={submit}
            footer={
              <div className="tmt-submit tmt-actions">
                <Button block type="submit" color="primary" size="large" loading={busy}>
                  {t('mobile.otpBind.submit')}
                </Button>
                {back(1)}
              </div>
            }
          >
            <OtpCodeField label="mobile.otpBind.code" inputClassName="tmt-field tm-input" />
          </Form>
        </>
      )}
      {step === 3 && (
        <div className="tmt-done">
          <Result
            status="success"
            title={<span className="tmt-result-title">{t('mobile.otpBind.done')}</span>}
            description={t('mobile.otpBind.doneHint')}
          />
          {onClose && (
            <div className="tmt-submit">
              <Button block color="primary" size="large" onClick={() => onClose(true)}>
                {t('mobile.otpBind.finish')}
              </Button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
