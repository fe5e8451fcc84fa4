/**
 * The OTP binding wizard of docs/factors.md (section 4), in four steps: get an authenticator app,
 * bind the account (the otpauth QR code with its secret, algorithm, digits and period, pending
 * until `expiresAt`, then greyed with a refresh), enter a security code, finished. In a flow it
 * is the BIND_OTP step (`flowId`); without one it binds the signed-in user's OTP (account page).
 * The server words OTP.0001 (wrong code), OTP.0002 (QR code expired) and OTP.0003.
 */
import type { FlowAnswer, OtpKey } from '@tessera/shared';
import { Button, Form, Input, QRCode, Result, Steps, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../core/api.ts';
import { bindOtp, generateOtpKey } from '../../core/factors.ts';
import { useRevalidateOnLanguage } from '../../core/forms.ts';
import { otpCodeRule } from './otp.ts';

interface Props {
  flowId?: string;
  /**
   * A failed key request or the binding's answer, in a flow (the flow's next step); true when the
   * page moves on. Without a flow the wizard shows its last step itself.
   */
  onAnswer?: (res: ApiResult<FlowAnswer | null>) => boolean;
  /** The last step's button, without a flow (closes the wizard). */
  onDone?: () => void;
}

/** '4:07' */
function minutesSeconds(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** Groups of four, as authenticator apps show secrets to type. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The clock, ticking while `active` (four times a second, so a fresh key shows its full time). */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}

export function OtpBindWizard({ flowId, onAnswer, onDone }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const [step, setStep] = useState(0);
  const [key, setKey] = useState<OtpKey | null>(null);
  /** Bumped for a new key: the first time the QR step opens, and on refresh. */
  const [round, setRound] = useState(0);
  const [busy, setBusy] = useState(false);
  /** The key could not be had (the request client said why): a refresh tries again. */
  const [failed, setFailed] = useState(false);
  const now = useNow(step === 1 && !!key);
  useRevalidateOnLanguage(form);
  const expired = !!key && now >= key.expiresAt;

  useEffect(() => {
    if (round === 0) return;
    let live = true;
    void generateOtpKey(flowId).then((res) => {
      if (!live) return;
      if (res.ok) setKey(res.data);
      else {
        setFailed(true);
        onAnswer?.(res);
      }
    });
    return () => {
      live = false;
    };
  }, [round, flowId, onAnswer]);

  const refresh = () => {
    setFailed(false);
    setKey(null);
    setRound((n) => n + 1);
  };
  const toQr = () => {
    setStep(1);
    if (round === 0) setRound(1);
  };
  const submit = async ({ code }: { code: string }) => {
    setBusy(true);
    const res = await bindOtp(code.trim(), flowId);
    if (!res.ok) {
      setBusy(false);
      if (flowId) onAnswer?.(res);
      // The pending key is gone: back to the QR code, greyed, for a new one.
      if (res.code === 'OTP.0002' || res.code === 'OTP.0003') {
        setKey((k) => k && { ...k, expiresAt: 0 });
        setStep(1);
      }
      return;
    }
    setStep(3);
    if (flowId && !onAnswer?.(res)) setBusy(false);
  };

  const steps = [t('otpBind.step1'), t('otpBind.step2'), t('otpBind.step3'), t('otpBind.step4')];
  let body;
  if (step === 0) {
    body = (
      <div className="ts-otp-pane">
        <p className="ts-otp-text">{t('otpBind.install')}</p>
        <ul className="ts-otp-apps">
          <li>Microsoft Authenticator</li>
          <li>Google Authenticator</li>
          <li>FreeOTP</li>
        </ul>
        <div className="ts-actions">
          <Button type="primary" onClick={toQr}>
            {t('otpBind.installed')}
          </Button>
        </div>
      </div>
    );
  } else if (step === 1) {
    body = (
      <div className="ts-otp-pane">
        <p className="ts-otp-text">{t('otpBind.scan')}</p>
        <div className="ts-otp-bind">
          <div className="ts-qr-box" role="group" aria-label={t('otpBind.qrLabel')}>
            <QRCode
              value={key?.uri ?? '-'}
              size={176}
              status={failed || expired ? 'expired' : !key ? 'loading' : 'active'}
              statusRender={({ status }) =>
                status === 'expired' ? (
                  <div className="ts-qr-cover">
                    <span className="ts-qr-cover-text" aria-hidden>
                      {t(failed ? 'qrLogin.coverFailed' : 'otpBind.expired')}
                    </span>
                    <Button type="primary" size="small" onClick={refresh}>
                      {t('otpBind.refresh')}
                    </Button>
                  </div>
                ) : undefined
              }
            />
          </div>
          {key && (
            <dl className="ts-otp-key">
              <dt>{t('otpBind.account')}</dt>
              <dd>{key.account}</dd>
              <dt>{t('otpBind.secret')}</dt>
              <dd>
                <Typography.Text code copyable={{ text: key.secret }} className="ts-otp-secret">
                  {grouped(key.secret)}
                </Typography.Text>
              </dd>
              <dt>{t('otpBind.type')}</dt>
              <dd>
                {t('otpBind.params', { algorithm: key.algorithm, digits: key.digits, period: key.period })}
              </dd>
            </dl>
          )}
        </div>
        {/* The countdown is not announced every second; its end is. */}
        <p className={`ts-otp-expiry${expired ? ' ts-otp-expiry--gone' : ''}`}>
          {key &&
            (expired
              ? t('otpBind.expired')
              : t('otpBind.expiresIn', { time: minutesSeconds(key.expiresAt - now) }))}
        </p>
        <p className="ts-sr-only" role="status">
          {expired ? t('otpBind.expired') : ''}
        </p>
        <div className="ts-actions">
          <Button onClick={() => setStep(0)}>{t('otpBind.prev')}</Button>
          <Button type="primary" disabled={!key || expired} onClick={() => setStep(2)}>
            {t('otpBind.next')}
          </Button>
        </div>
      </div>
    );
  } else if (step === 2) {
    body = (
      <Form<{ code: string }>
        form={form}
        name="otpBind"
        layout="vertical"
        size="large"
        requiredMark={false}
        className="ts-otp-pane"
        onFinish={(values) => void submit(values)}
      >
        <p className="ts-otp-text">{t('otpBind.codeHint')}</p>
        <Form.Item name="code" label={t('otpBind.code')} rules={[otpCodeRule('otpBind.code')]}>
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            placeholder={t('otp.codePlaceholder')}
            autoFocus
          />
        </Form.Item>
        <div className="ts-actions">
          <Button size="middle" onClick={() => setStep(1)} disabled={busy}>
            {t('otpBind.prev')}
          </Button>
          <Button size="middle" type="primary" htmlType="submit" loading={busy}>
            {t('otpBind.submit')}
          </Button>
        </div>
      </Form>
    );
  } else {
    body = (
      <Result
        status="success"
        className="ts-otp-done"
        title={<h2 className="ts-result-title">{t('otpBind.done')}</h2>}
        subTitle={flowId ? t('otpBind.doneFlow') : t('otpBind.doneHint')}
        extra={
          !flowId && (
            <Button type="primary" onClick={onDone}>
              {t('otpBind.close')}
            </Button>
          )
        }
      />
    );
  }

  return (
    <div className="ts-otp-wizard">
      <div role="group" aria-label={t('otpBind.steps')} className="ts-steps">
        <Steps
          current={step}
          titlePlacement="vertical"
          size="small"
          items={steps.map((title) => ({ title }))}
        />
      </div>
      {body}
    </div>
  );
}
