/**
 * Mobile find password in the three steps of specification section 4: verify the account (mobile
 * or email and a code), set a new password, done (then back to login after a countdown). Calls
 * POST /findPassword/sendCode and /findPassword/verify, then /findPassword/reset; whatever the
 * server answers is what the user sees.
 */
import { Button, Form, Input, Result, Steps, Tabs } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { request } from '../../core/api.ts';
import { canEncrypt, encrypt, loadPublicKey } from '../../core/crypto.ts';
import { useRevalidateOnLanguage } from '../../core/forms.ts';
import { useTenantTexts } from '../boot.ts';
import { FORM_STYLE, ITEM_STYLE } from '../styles.ts';
import { CodeInput, useSendCode } from './CodeInput.tsx';
import { PasswordFields } from './PasswordFields.tsx';
import { PhoneInput } from './RegisterForm.tsx';
import { codeRule, emailRule, mobileRule } from './rules.ts';

export type ResetStep = 0 | 1 | 2;
type Way = 'mobile' | 'email';

/** Seconds on the success step before the page returns to login. */
export const BACK_TO_LOGIN_SECONDS = 5;

export function ResetSteps({ current }: { current: ResetStep }) {
  const { t } = useTranslation();
  const titles = [
    t('mobile.findPwd.stepVerify'),
    t('mobile.findPwd.stepReset'),
    t('mobile.findPwd.stepDone'),
  ];
  return (
    <div className="tmt-steps" role="group" aria-label={t('mobile.findPwd.steps')}>
      <Steps current={current}>
        {titles.map((title, i) => (
          <Steps.Step key={title} title={title} aria-current={i === current ? 'step' : undefined} />
        ))}
      </Steps>
    </div>
  );
}

/** The ways this tenant verifies (findPasswordWay); both when it names neither. */
function useWays(): Way[] {
  const { config } = useTenantTexts();
  const named = (config?.findPasswordWay ?? []).map((w) => String(w).toUpperCase());
  const ways: Way[] = [];
  if (named.includes('MOBILE') || named.includes('SMS') || named.includes('PHONE')) ways.push('mobile');
  if (named.includes('EMAIL')) ways.push('email');
  return ways.length ? ways : ['mobile', 'email'];
}

interface VerifyValues {
  mobile?: string;
  email?: string;
  code: string;
}

export function VerifyStep({
  preview,
  onVerified,
}: {
  preview: boolean;
  onVerified: (data: unknown) => void;
}) {
  const { t } = useTranslation();
  const { config } = useTenantTexts();
  const areaCode = config?.preferredAreaCode || '+86';
  const ways = useWays();
  const [way, setWay] = useState<Way>(ways[0]!);
  const [form] = Form.useForm<VerifyValues>();
  const [busy, setBusy] = useState(false);
  useRevalidateOnLanguage(form);

  const target = (values: Partial<VerifyValues>) =>
    way === 'mobile'
      ? { type: 'MOBILE', areaCode, mobile: (values.mobile ?? '').replace(/[\s-]/g, '') }
      : { type: 'EMAIL', email: values.email ?? '' };

  const code = useSendCode('/findPassword/sendCode', async () => {
    if (preview) return null;
    try {
      await form.validateFields([way]);
    } catch {
      return null;
    }
    return { ...target(form.getFieldsValue()), purpose: 'FORGET_PWD' };
  });

  const submit = async (values: VerifyValues) => {
    if (preview) return;
    setBusy(true);
    const res = await request('/findPassword/verify', { body: { ...target(values), code: values.code } });
    if (res.redirected) return;
    setBusy(false);
    if (res.ok) onVerified(res.data);
  };

  return (
    <>
      {ways.length > 1 && (
        <Tabs
          className="tmt-tabs"
          activeKey={way}
          onChange={(key) => setWay(key as Way)}
          aria-label={t('mobile.findPwd.ways')}
        >
          <Tabs.Tab key="mobile" title={t('mobile.findPwd.byMobile')} />
          <Tabs.Tab key="email" title={t('mobile.findPwd.byEmail')} />
        </Tabs>
      )}
      <Form
        form={form}
        layout="vertical"
        style={FORM_STYLE}
        onFinish={submit}
        footer={
          <div className="tmt-submit">
            <Button block type="submit" color="primary" size="large" loading={busy}>
              {t('mobile.findPwd.next')}
            </Button>
          </div>
        }
      >
        {way === 'mobile' ? (
          <Form.Item
            key="mobile"
            style={ITEM_STYLE}
            name="mobile"
            label={t('mobile.fields.mobile')}
            rules={[mobileRule(areaCode)]}
          >
            <PhoneInput areaCode={areaCode} />
          </Form.Item>
        ) : (
          <Form.Item
            key="email"
            style={ITEM_STYLE}
            name="email"
            label={t('mobile.fields.email')}
            rules={[emailRule]}
          >
            <Input
              className="tmt-field"
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder={t('mobile.placeholders.email')}
              clearable
            />
          </Form.Item>
        )}
        <Form.Item style={ITEM_STYLE} name="code" label={t('mobile.fields.code')} rules={[codeRule]}>
          <CodeInput sending={code.sending} left={code.left} onSend={() => void code.send()} />
        </Form.Item>
      </Form>
      <p className="tmt-switch-page">
        <Link to="/login">{t('mobile.findPwd.back')}</Link>
      </p>
    </>
  );
}

interface ResetValues {
  password: string;
  confirmPassword: string;
}

export function NewPasswordStep({
  preview,
  ticket,
  onDone,
}: {
  preview: boolean;
  ticket: unknown;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ResetValues>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useRevalidateOnLanguage(form);

  useEffect(() => {
    if (!preview && canEncrypt()) void loadPublicKey();
  }, [preview]);

  const submit = async ({ password }: ResetValues) => {
    if (preview) return;
    setBusy(true);
    setProblem(null);
    try {
      const proof =
        ticket && typeof ticket === 'object' ? (ticket as Record<string, unknown>) : { ticket: ticket ?? '' };
      const body = Object.fromEntries(
        Object.entries(proof).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
      const res = await request('/findPassword/reset', {
        body: { ...body, password: await encrypt(password) },
      });
      if (res.redirected) return;
      if (res.ok) {
        onDone();
        return;
      }
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
    setBusy(false);
  };

  return (
    <>
      {problem && (
        <div className="tmt-problem" role="alert">
          {problem}
        </div>
      )}
      <Form
        form={form}
        layout="vertical"
        style={FORM_STYLE}
        onFinish={submit}
        footer={
          <div className="tmt-submit">
            <Button block type="submit" color="primary" size="large" loading={busy}>
              {t('mobile.findPwd.reset')}
            </Button>
          </div>
        }
      >
        <PasswordFields kind="new" />
      </Form>
    </>
  );
}

export function DoneStep({ preview }: { preview: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [left, setLeft] = useState(BACK_TO_LOGIN_SECONDS);

  useEffect(() => {
    if (preview) return;
    if (left <= 0) {
      navigate('/login', { replace: true });
      return;
    }
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, preview, navigate]);

  return (
    <div className="tmt-done">
      <Result
        status="success"
        title={<span className="tmt-result-title">{t('mobile.findPwd.doneTitle')}</span>}
        description={t('mobile.findPwd.doneHint', { seconds: left })}
      />
      <div className="tmt-submit">
        <Button block color="primary" size="large" onClick={() => navigate('/login', { replace: true })}>
          {t('mobile.findPwd.back')}
        </Button>
      </div>
    </div>
  );
}
