/**
 * Forgot password (/ResetPassword, specification sections 2 and 4) in the tenant's PC_FIND_PWD
 * theme: three steps, verify the account (mobile or email and a code), set a new password, done
 * with a countdown back to login. Each step moves on only when the server says so.
 */
import { Button, Form, Input, Result, Steps, message } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { EncryptionUnavailableError } from '../../core/crypto.ts';
import {
  type AccountKind,
  type AccountTarget,
  resetFindPassword,
  sendFindPasswordCode,
  verifyFindPassword,
} from '../../core/flows.ts';
import { useRevalidateOnLanguage } from '../../core/forms.ts';
import { checkConfirmPassword, checkPasswordPolicy, validatorRule } from '../../core/rules.ts';
import { AccountFields, type AccountValues, accountTarget } from '../AccountFields.tsx';
import { ThemeFrame, inputVariant, useFrame } from '../ThemeFrame.tsx';

const FORM_NAME = 'findpwd';
/** Seconds before the done step returns to login (the specification leaves the number open). */
const BACK_SECONDS = 5;

/** The three steps: a bar above the card, or a vertical list on the picture panel. */
function ResetSteps({ current }: { current: number }) {
  const { t } = useTranslation();
  const frame = useFrame();
  const vertical = frame?.view.layout === 'steps-split';
  return (
    <div role="group" aria-label={t('findPwd.steps')} className="ts-steps">
      <Steps
        current={current}
        orientation={vertical ? 'vertical' : 'horizontal'}
        titlePlacement={vertical ? 'horizontal' : 'vertical'}
        styles={vertical ? { item: { minHeight: 72 } } : undefined}
        items={[{ title: t('findPwd.step1') }, { title: t('findPwd.step2') }, { title: t('findPwd.step3') }]}
      />
    </div>
  );
}

function VerifyStep({ onVerified }: { onVerified: (ticket: string | undefined) => void }) {
  const { t } = useTranslation();
  const frame = useFrame();
  const preview = frame?.preview ?? false;
  const [form] = Form.useForm<AccountValues>();
  const [kind, setKind] = useState<AccountKind>('mobile');
  const [busy, setBusy] = useState(false);
  useRevalidateOnLanguage(form);

  const sendCode = async (target: AccountTarget) => {
    const res = await sendFindPasswordCode(target);
    if (res.ok) void message.success(t('account.codeSent'));
    return res.ok;
  };
  const submit = async (values: AccountValues) => {
    if (preview) return;
    setBusy(true);
    const res = await verifyFindPassword({ ...accountTarget(kind, values), code: values.code ?? '' });
    setBusy(false);
    if (res.ok && !res.redirected) onVerified(res.data?.ticket);
  };

  return (
    <Form<AccountValues>
      form={form}
      name={FORM_NAME}
      layout="vertical"
      onFinish={submit}
      requiredMark={false}
      variant={inputVariant(frame?.view.form.inputBorderStyle ?? 'style1')}
    >
      <AccountFields
        form={form}
        idPrefix={FORM_NAME}
        kind={kind}
        onKindChange={setKind}
        onSend={sendCode}
        preview={preview}
        tabLabels={{ mobile: t('account.verifyByMobile'), email: t('account.verifyByEmail') }}
      />
      <Button type="primary" htmlType="submit" block size="large" loading={busy} className="ts-submit">
        {t('findPwd.next')}
      </Button>
    </Form>
  );
}

interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

function NewPasswordStep({ ticket, onDone }: { ticket: string | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const frame = useFrame();
  const [form] = Form.useForm<NewPasswordValues>();
  const [busy, setBusy] = useState(false);
  useRevalidateOnLanguage(form);

  const submit = async ({ newPassword }: NewPasswordValues) => {
    setBusy(true);
    try {
      const res = await resetFindPassword(ticket, newPassword);
      if (res.redirected) return;
      if (res.ok) {
        onDone();
        return;
      }
    } catch (error) {
      if (!(error instanceof EncryptionUnavailableError)) throw error;
      void message.error(error.message);
    }
    setBusy(false);
  };

  return (
    <Form<NewPasswordValues>
      form={form}
      name={`${FORM_NAME}-new`}
      layout="vertical"
      onFinish={submit}
      requiredMark={false}
      variant={inputVariant(frame?.view.form.inputBorderStyle ?? 'style1')}
    >
      <Form.Item
        name="newPassword"
        label={t('fields.newPassword')}
        rules={[validatorRule((value) => checkPasswordPolicy(value, 'newPassword'))]}
      >
        <Input.Password
          autoComplete="new-password"
          placeholder={t('findPwd.newPasswordPlaceholder')}
          autoFocus
        />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('fields.confirmPassword')}
        dependencies={['newPassword']}
        rules={[validatorRule((value) => checkConfirmPassword(value, form.getFieldValue('newPassword')))]}
      >
        <Input.Password autoComplete="new-password" placeholder={t('findPwd.confirmPlaceholder')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy} className="ts-submit">
        {t('findPwd.submit')}
      </Button>
    </Form>
  );
}

function DoneStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [left, setLeft] = useState(BACK_SECONDS);
  useEffect(() => {
    if (left <= 0) {
      navigate('/login', { replace: true });
      return;
    }
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, navigate]);
  return (
    <Result
      status="success"
      styles={{ root: { padding: '8px 0' } }}
      title={<p className="ts-result-title">{t('findPwd.doneTitle')}</p>}
      subTitle={<span role="status">{t('findPwd.doneHint', { seconds: Math.max(left, 0) })}</span>}
      extra={
        <Link className="ts-link-button" to="/login" replace>
          {t('findPwd.toLogin')}
        </Link>
      }
    />
  );
}

function FindPasswordCard({ step, ticket, onStep }: Flow) {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="ts-card-title">{t('findPwd.heading')}</h1>
      {step === 0 && <p className="ts-card-subtitle">{t('findPwd.subtitle')}</p>}
      {step === 0 && <VerifyStep onVerified={(next) => onStep(1, next)} />}
      {step === 1 && <NewPasswordStep ticket={ticket} onDone={() => onStep(2, undefined)} />}
      {step === 2 && <DoneStep />}
      {step < 2 && (
        <p className="ts-card-foot">
          <Link to="/login">{t('findPwd.back')}</Link>
        </p>
      )}
    </>
  );
}

interface Flow {
  step: number;
  ticket: string | undefined;
  onStep: (step: number, ticket: string | undefined) => void;
}

export default function FindPassword({ templateKey, preview }: { templateKey?: string; preview?: boolean }) {
  const [flow, setFlow] = useState<{ step: number; ticket: string | undefined }>({
    step: 0,
    ticket: undefined,
  });
  return (
    <ThemeFrame
      page="PC_FIND_PWD"
      templateKey={templateKey}
      preview={preview}
      steps={<ResetSteps current={flow.step} />}
    >
      <FindPasswordCard
        step={flow.step}
        ticket={flow.ticket}
        onStep={(step, ticket) => setFlow((f) => ({ step, ticket: ticket ?? f.ticket }))}
      />
    </ThemeFrame>
  );
}
