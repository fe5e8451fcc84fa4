/**
 * SECOND_FACTOR (docs/factors.md), on /beforeaccessapp: the factors the user has and the tenant
 * allows, as tabs. SMS and email send a code to the masked phone or address; OTP takes the
 * authenticator app's code; FIDO2 asks the browser for a key; the authenticator phone gets an
 * approval request that this page follows every 1.5 s. Each answer is the flow's next step.
 */
import type { FactorChoice, FlowAnswer, SecondFactor } from '@tessera/shared';
import { Alert, Button, Form, Input } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ApiResult } from '../../core/api.ts';
import { type Countdown, useCountdown } from '../../core/codes.ts';
import {
  pollAuthenticator,
  pushToAuthenticator,
  sendFactorCode,
  verifyFactor,
  verifyFido2Factor,
} from '../../core/factors.ts';
import { useRevalidateOnLanguage } from '../../core/forms.ts';
import { CodeField, useCodeSender } from '../CodeField.tsx';
import { ApplicationTarget } from '../ApplicationTarget.tsx';
import { otpCodeRule } from '../factors/otp.ts';
import { useFido2 } from '../factors/useFido2.tsx';
import { LoginTabs } from '../LoginTabs.tsx';
import type { StepProps } from './steps.ts';

export const PUSH_POLL_MS = 1500;

type Follow = StepProps['follow'];

interface PanelProps {
  flowId: string;
  choice: FactorChoice;
  follow: Follow;
}

const TAB_LABELS: Record<SecondFactor, string> = {
  SMS: 'mfa.sms',
  EMAIL: 'mfa.email',
  OTP: 'mfa.otp',
  FIDO2: 'mfa.fido2',
  AUTHENTICATOR: 'mfa.authenticator',
};

/** Posts an answer and follows it; the button stays busy while the page moves on. */
function useAnswer(follow: Follow) {
  const [busy, setBusy] = useState(false);
  const post = async (call: () => Promise<ApiResult<FlowAnswer> | null>) => {
    setBusy(true);
    const res = await call();
    if (!res || !follow(res)) setBusy(false);
  };
  return { busy, post };
}

/** SMS or EMAIL: a code to the bound phone or address, counted down once the server sent it. */
function CodeFactor({ flowId, choice, follow, countdown }: PanelProps & { countdown: Countdown }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const { busy, post } = useAnswer(follow);
  const sender = useCodeSender(countdown);
  useRevalidateOnLanguage(form);
  const sms = choice.type === 'SMS';
  const name = sms ? 'mfaSms' : 'mfaEmail';

  const send = () =>
    sender.send(() => sendFactorCode(flowId, choice.type), sms ? 'codeLogin.smsSent' : 'codeLogin.emailSent');

  return (
    <Form<{ code: string }>
      form={form}
      name={name}
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={({ code }) => void post(() => verifyFactor(flowId, choice.type, code.trim()))}
    >
      <p className="ts-factor-hint">{t(sms ? 'mfa.smsTo' : 'mfa.emailTo', { hint: choice.hint })}</p>
      <CodeField
        idPrefix={name}
        seconds={countdown.seconds}
        sending={sender.sending}
        onSend={() => void send()}
      />
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('mfa.verify')}
      </Button>
    </Form>
  );
}

function OtpFactor({ flowId, follow }: PanelProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const { busy, post } = useAnswer(follow);
  useRevalidateOnLanguage(form);
  return (
    <Form<{ code: string }>
      form={form}
      name="mfaOtp"
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={({ code }) => void post(() => verifyFactor(flowId, 'OTP', code.trim()))}
    >
      <p className="ts-factor-hint">{t('mfa.otpHint')}</p>
      <Form.Item name="code" label={t('otp.code')} rules={[otpCodeRule('otp.code')]}>
        <Input
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          placeholder={t('otp.codePlaceholder')}
          autoFocus
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('mfa.verify')}
      </Button>
    </Form>
  );
}

function Fido2Factor({ flowId, choice, follow }: PanelProps) {
  const { t } = useTranslation();
  const fido2 = useFido2();
  const { busy, post } = useAnswer(follow);
  const count = Number(choice.hint) || 0;
  return (
    <div>
      <p className="ts-factor-hint">{t('mfa.fido2Hint', { count })}</p>
      {fido2.problem && <Alert className="ts-alert" type="error" showIcon title={fido2.problem} />}
      {fido2.unsupported && (
        <Alert className="ts-alert" type="warning" showIcon title={t('fido2.platform')} />
      )}
      <Button
        type="primary"
        size="large"
        block
        loading={busy}
        disabled={fido2.unsupported}
        onClick={() => void post(() => fido2.run(() => verifyFido2Factor(flowId)))}
      >
        {t('mfa.fido2Submit')}
      </Button>
      {fido2.holder}
    </div>
  );
}

type PushState = 'idle' | 'sending' | 'sent' | 'denied' | 'expired';

/** The authenticator phone: a request it approves or denies, followed until it answers. */
function AuthenticatorFactor({ flowId, follow }: PanelProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<PushState>('idle');

  const push = async () => {
    setState('sending');
    const res = await pushToAuthenticator(flowId);
    if (res.ok) setState('sent');
    else {
      setState('idle');
      follow(res);
    }
  };

  useEffect(() => {
    if (state !== 'sent') return;
    let stopped = false;
    let timer = 0;
    const tick = async () => {
      const res = await pollAuthenticator(flowId);
      if (stopped || res.redirected) return;
      if (res.ok && res.data.state === 'sent') {
        timer = window.setTimeout(() => void tick(), PUSH_POLL_MS);
        return;
      }
      if (!res.ok && res.code === 'MFA.0004') setState('denied');
      else if (!res.ok && res.code === 'MFA.0003') setState('expired');
      else if (!follow(res)) setState('idle');
    };
    timer = window.setTimeout(() => void tick(), PUSH_POLL_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [state, flowId, follow]);

  let body: ReactNode;
  if (state === 'sent') {
    body = (
      <Alert
        className="ts-alert"
        type="info"
        showIcon
        title={t('mfa.pushSent')}
        description={t('mfa.pushWaiting')}
      />
    );
  } else if (state === 'denied') {
    body = (
      <>
        <Alert className="ts-alert" type="error" showIcon title={t('mfa.denied')} />
        <Button type="primary" size="large" block onClick={() => void push()}>
          {t('mfa.retry')}
        </Button>
      </>
    );
  } else if (state === 'expired') {
    body = (
      <>
        <Alert className="ts-alert" type="warning" showIcon title={t('mfa.expired')} />
        <Link className="ts-link-button ts-link-button--block" to="/login" replace>
          {t('mfa.toLogin')}
        </Link>
      </>
    );
  } else {
    body = (
      <Button type="primary" size="large" block loading={state === 'sending'} onClick={() => void push()}>
        {t('mfa.push')}
      </Button>
    );
  }
  return (
    <div aria-live="polite">
      <p className="ts-factor-hint">{t('mfa.pushHint')}</p>
      {body}
    </div>
  );
}

export function SecondFactorStep({ view, follow }: StepProps) {
  const { t } = useTranslation();
  const factors = view.secondFactor?.factors ?? [];
  const [chosen, setChosen] = useState<SecondFactor | undefined>(factors[0]?.type);
  const smsCountdown = useCountdown();
  const emailCountdown = useCountdown();
  const choice = factors.find((f) => f.type === chosen) ?? factors[0];

  let panel: ReactNode = <Alert type="warning" showIcon title={t('mfa.none')} />;
  if (choice) {
    const props = { flowId: view.id, choice, follow };
    const key = choice.type;
    if (key === 'SMS') panel = <CodeFactor key={key} {...props} countdown={smsCountdown} />;
    else if (key === 'EMAIL') panel = <CodeFactor key={key} {...props} countdown={emailCountdown} />;
    else if (key === 'OTP') panel = <OtpFactor key={key} {...props} />;
    else if (key === 'FIDO2') panel = <Fido2Factor key={key} {...props} />;
    else panel = <AuthenticatorFactor key={key} {...props} />;
  }

  return (
    <section className="ts-card ts-card--wide">
      <h1 className="ts-card-title">{t('mfa.heading')}</h1>
      <p className="ts-card-subtitle">{t('mfa.hint', { userName: view.userName })}</p>
      {/* ENTER_APPLICATION: the application the factor lets the user into. */}
      {view.application && (
        <ApplicationTarget
          app={view.application}
          text={t('application.enter', { name: view.application.name })}
        />
      )}
      {factors.length > 1 ? (
        <LoginTabs
          label={t('mfa.methods')}
          tabs={factors.map((f) => ({ key: f.type, label: t(TAB_LABELS[f.type]) }))}
          active={choice!.type}
          onChange={setChosen}
        >
          {panel}
        </LoginTabs>
      ) : (
        panel
      )}
    </section>
  );
}
