/**
 * SECOND_FACTOR (docs/factors.md): the factors the user has and the tenant allows
 * (FlowView.secondFactor.factors), each with its masked hint. With one there is nothing to pick;
 * with several, a list, and a way back to it from each. Every answer is the flow's next answer.
 */
import type { FactorChoice, SecondFactor } from '@tessera/shared';
import { Button, Form, Result, SpinLoading, Toast } from 'antd-mobile';
import { type ComponentType, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCountdown } from '../../core/codes.ts';
import {
  fido2Problem,
  pollAuthenticator,
  pushToAuthenticator,
  sendFactorCode,
  supportsFido2,
  verifyFactor,
  verifyFido2Factor,
} from '../../core/factors.ts';
import { useRevalidateOnLanguage } from '../../core/forms.ts';
import { clock, type Fido2Trouble, useSecondsLeft } from '../factors/common.ts';
import { Fido2Notice } from '../factors/Fido2Notice.tsx';
import { OtpCodeField } from '../factors/OtpCodeField.tsx';
import { CodeInput } from '../forms/CodeInput.tsx';
import { codeRule } from '../forms/rules.ts';
import { FORM_STYLE, ITEM_STYLE } from '../styles.ts';
import '../factors/factors.css';
import type { StepProps } from './useFlow.ts';

/** How often the page asks whether the phone has answered. */
const POLL_MS = 1500;

interface FactorProps extends StepProps {
  choice: FactorChoice;
  /** Back to the list of factors (when there are several). */
  onOther?: () => void;
}

function FactorIcon({ type }: { type: SecondFactor }) {
  const paths: Record<SecondFactor, string> = {
    SMS: 'M7 2h10a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Zm0 3v13h10V5H7Zm4 14.5h2v1h-2z',
    EMAIL:
      'M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm1 3.2V17h16V8.2l-8 5-8-5ZM5.4 7 12 11.1 18.6 7H5.4Z',
    OTP: 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm1 3v4.6l3.4 2-1 1.7L11 12.7V7h2Z',
    FIDO2:
      'M8 3a5 5 0 0 1 4.9 4H22v3h-2v3h-3v-3h-4.1A5 5 0 1 1 8 3Zm0 2.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Z',
    AUTHENTICATOR:
      'M12 2 4 5v6c0 5 3.4 9.3 8 11 4.6-1.7 8-6 8-11V5l-8-3Zm-1.2 13.6-3.5-3.5 1.4-1.4 2.1 2.1 4.9-4.9 1.4 1.4-6.3 6.3Z',
  };
  return (
    <svg className="tmf-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={paths[type]} />
    </svg>
  );
}

/** The line under a factor's name: where a code goes, how many keys, what the phone does. */
function useHintOf() {
  const { t } = useTranslation();
  return (choice: FactorChoice) => {
    switch (choice.type) {
      case 'SMS':
      case 'EMAIL':
        return t('mobile.mfa.sentTo', { hint: choice.hint });
      case 'FIDO2':
        return t('mobile.mfa.keys', { count: Number(choice.hint) || 1 });
      case 'OTP':
        return t('mobile.mfa.otpHint');
      case 'AUTHENTICATOR':
        return t('mobile.mfa.authenticatorHint');
    }
  };
}

function FactorList({ factors, onPick }: { factors: FactorChoice[]; onPick: (type: SecondFactor) => void }) {
  const { t } = useTranslation();
  const hintOf = useHintOf();
  const titleId = useId();
  return (
    <div className="tmf-choices" role="group" aria-labelledby={titleId}>
      <p className="tmf-choices-title" id={titleId}>
        {t('mobile.mfa.choose')}
      </p>
      <ul>
        {factors.map((choice) => (
          <li key={choice.type}>
            <button
              type="button"
              className="tmf-choice"
              data-factor={choice.type}
              onClick={() => onPick(choice.type)}
            >
              <FactorIcon type={choice.type} />
              <span className="tmf-choice-text">
                <span className="tmf-choice-name">{t(`mobile.mfa.factors.${choice.type}`)}</span>
                <span className="tmf-choice-hint">{hintOf(choice)}</span>
              </span>
              <svg className="tmf-arrow" viewBox="0 0 8 14" width="8" height="14" aria-hidden="true">
                <path fill="none" stroke="currentColor" strokeWidth="1.6" d="m1 1 6 6-6 6" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The chosen factor's name and hint above its form, with the way back to the list. */
function FactorHead({ choice, onOther }: { choice: FactorChoice; onOther?: () => void }) {
  const { t } = useTranslation();
  const hintOf = useHintOf();
  return (
    <div className="tmf-head">
      <FactorIcon type={choice.type} />
      <div className="tmf-head-text">
        <h2 className="tmf-head-name">{t(`mobile.mfa.factors.${choice.type}`)}</h2>
        <p className="tmf-head-hint">{hintOf(choice)}</p>
      </div>
      {onOther && (
        <Button size="small" fill="none" className="tmf-other" onClick={onOther}>
          {t('mobile.mfa.other')}
        </Button>
      )}
    </div>
  );
}

/** SMS or EMAIL: a code to the account's phone or address, then the code. */
function CodeFactor({ view, follow, choice }: FactorProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code?: string }>();
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const countdown = useCountdown();
  useRevalidateOnLanguage(form);

  const send = async () => {
    if (sending || countdown.seconds > 0) return;
    setSending(true);
    const res = await sendFactorCode(view.id, choice.type);
    setSending(false);
    if (!res.ok) {
      follow(res);
      return;
    }
    countdown.start((res.data as { interval?: number } | null)?.interval);
    Toast.show({ content: t('mobile.code.sent') });
  };

  const submit = async ({ code = '' }: { code?: string }) => {
    setBusy(true);
    if (!follow(await verifyFactor(view.id, choice.type, code.trim()))) setBusy(false);
  };

  return (
    <Form
      form={form}
      name={`mfa${choice.type}`}
      layout="vertical"
      style={FORM_STYLE}
      onFinish={submit}
      footer={
        <div className="tmt-submit">
          <Button block type="submit" color="primary" size="large" loading={busy}>
            {t('mobile.mfa.verify')}
          </Button>
        </div>
      }
    >
      <Form.Item style={ITEM_STYLE} name="code" label={t('mobile.fields.code')} rules={[codeRule]}>
        <CodeInput sending={sending} left={countdown.seconds} onSend={() => void send()} />
      </Form.Item>
    </Form>
  );
}

/** OTP: the current code of the authenticator app. */
function OtpFactor({ view, follow }: FactorProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code?: string }>();
  const [busy, setBusy] = useState(false);
  useRevalidateOnLanguage(form);

  const submit = async ({ code = '' }: { code?: string }) => {
    setBusy(true);
    if (!follow(await verifyFactor(view.id, 'OTP', code.trim()))) setBusy(false);
  };

  return (
    <Form
      form={form}
      name="mfaOTP"
      layout="vertical"
      style={FORM_STYLE}
      onFinish={submit}
      footer={
        <div className="tmt-submit">
          <Button block type="submit" color="primary" size="large" loading={busy}>
            {t('mobile.mfa.verify')}
          </Button>
        </div>
      }
    >
      <OtpCodeField label="mobile.otp.code" />
    </Form>
  );
}

/** FIDO2: one of the user's keys signs the server's challenge. */
function Fido2Factor({ view, follow, onOther }: FactorProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [trouble, setTrouble] = useState<Fido2Trouble | null>(null);
  const shown = supportsFido2() ? trouble : 'platform';

  const start = async () => {
    setBusy(true);
    setTrouble(null);
    try {
      const res = await verifyFido2Factor(view.id);
      if (res && follow(res)) return;
    } catch (error) {
      setTrouble(fido2Problem(error));
    }
    setBusy(false);
  };

  return (
    <>
      {shown && (
        <Fido2Notice
          trouble={shown}
          onRetry={() => void start()}
          onDismiss={() => setTrouble(null)}
          onChangeMethod={onOther}
        />
      )}
      <div className="tmt-submit tmf-actions">
        <Button
          block
          color="primary"
          size="large"
          loading={busy}
          disabled={shown === 'platform'}
          onClick={() => void start()}
        >
          {t('mobile.mfa.fido2Start')}
        </Button>
      </div>
    </>
  );
}

type PushPhase =
  | { name: 'idle' }
  | { name: 'sending' }
  | { name: 'waiting'; expiresAt: number }
  | { name: 'denied' }
  | { name: 'expired' };

/** AUTHENTICATOR: a request to the bound phone, then the phone's answer (polled). */
function AuthenticatorFactor({ view, follow }: FactorProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<PushPhase>({ name: 'idle' });
  const left = useSecondsLeft(phase.name === 'waiting' ? phase.expiresAt : null);
  const waiting = phase.name === 'waiting';

  const push = async () => {
    setPhase({ name: 'sending' });
    const res = await pushToAuthenticator(view.id);
    if (res.ok) setPhase({ name: 'waiting', expiresAt: res.data.expiresAt });
    else if (!follow(res)) setPhase({ name: 'idle' });
  };

  useEffect(() => {
    if (!waiting) return;
    let live = true;
    let timer = 0;
    const poll = async () => {
      const res = await pollAuthenticator(view.id);
      if (!live) return;
      if (res.ok && res.data?.state === 'sent') {
        timer = window.setTimeout(() => void poll(), POLL_MS);
        return;
      }
      if (res.ok) {
        // Approved: the flow's next answer (the request client followed a final redirect).
        follow(res);
        return;
      }
      if (res.code === 'MFA.0004') setPhase({ name: 'denied' });
      else if (res.code === 'MFA.0003') setPhase({ name: 'expired' });
      else if (!follow(res)) setPhase({ name: 'idle' });
    };
    timer = window.setTimeout(() => void poll(), POLL_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [waiting, view.id, follow]);

  if (phase.name === 'waiting') {
    return (
      <div className="tmf-push" role="status" aria-live="polite" data-testid="push-waiting">
        <SpinLoading color="primary" style={{ '--size': '36px' }} />
        <p className="tmf-push-title">{t('mobile.mfa.pushSent')}</p>
        <p className="tmf-push-hint">{t('mobile.mfa.pushExpires', { time: clock(left) })}</p>
      </div>
    );
  }
  if (phase.name === 'denied') {
    return (
      <div className="tmt-done">
        <Result status="error" title={<span className="tmt-result-title">{t('mobile.mfa.denied')}</span>} />
        <div className="tmt-submit">
          <Button block color="primary" size="large" onClick={() => void push()}>
            {t('mobile.mfa.retry')}
          </Button>
        </div>
      </div>
    );
  }
  if (phase.name === 'expired') {
    return (
      <div className="tmt-done">
        <Result
          status="warning"
          title={<span className="tmt-result-title">{t('mobile.mfa.expired')}</span>}
        />
        <div className="tmt-submit">
          <Link className="tmf-link-button" to="/login" replace>
            {t('mobile.mfa.signInAgain')}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <>
      <p className="tmt-notice" role="note">
        {t('mobile.mfa.pushIntro')}
      </p>
      <div className="tmt-submit tmf-actions">
        <Button
          block
          color="primary"
          size="large"
          loading={phase.name === 'sending'}
          onClick={() => void push()}
        >
          {t('mobile.mfa.push')}
        </Button>
      </div>
    </>
  );
}

const PANELS: Record<SecondFactor, ComponentType<FactorProps>> = {
  SMS: CodeFactor,
  EMAIL: CodeFactor,
  OTP: OtpFactor,
  FIDO2: Fido2Factor,
  AUTHENTICATOR: AuthenticatorFactor,
};

export function SecondFactorStep({ view, follow }: StepProps) {
  const { t } = useTranslation();
  const factors = view.secondFactor?.factors ?? [];
  const [picked, setPicked] = useState<SecondFactor | null>(null);
  const choice = factors.length === 1 ? factors[0]! : factors.find((f) => f.type === picked);

  if (factors.length === 0) {
    return (
      <p className="tmt-notice tmt-notice-warn" role="alert">
        {t('mobile.mfa.none')}
      </p>
    );
  }
  if (!choice) return <FactorList factors={factors} onPick={setPicked} />;
  const Panel = PANELS[choice.type];
  const onOther = factors.length > 1 ? () => setPicked(null) : undefined;
  return (
    <div className="tmf-factor" data-factor={choice.type}>
      <FactorHead choice={choice} onOther={onOther} />
      {/* A new key per factor: switching starts that factor afresh. */}
      <Panel key={choice.type} view={view} follow={follow} choice={choice} onOther={onOther} />
    </div>
  );
}
