/**
 * OTP login (docs/factors.md): the username and the current 6-digit code of the user's
 * authenticator app (POST /login/otp, counted and locked like a password login). With the
 * tenant's slider on, the slider comes first when the server says this account needs it. A login
 * with a flow goes on to its step.
 */
import { Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { nextPage } from '../../core/afterlogin.ts';
import { captchaRequired } from '../../core/codes.ts';
import { loginWithOtp } from '../../core/factors.ts';
import { useRevalidateOnLanguage } from '../../core/forms.ts';
import { useTenantTexts } from '../boot.ts';
import { type LoginDraft, clearDraft, patchDraft, readDraft } from '../loginDraft.ts';
import { FORM_STYLE, ITEM_STYLE } from '../styles.ts';
import { LoginSubmit, UsernameItem } from './LoginFields.tsx';
import { otpCodeRule } from './rules.ts';

interface OtpValues {
  username?: string;
  code?: string;
}

interface OtpLoginFormProps {
  askSlider: () => Promise<string | null>;
  preview?: boolean;
}

export function OtpLoginForm({ askSlider, preview = false }: OtpLoginFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { config } = useTenantTexts();
  const [draft] = useState<LoginDraft>(() => (preview ? {} : readDraft()));
  const [form] = Form.useForm<OtpValues>();
  const [busy, setBusy] = useState(false);
  useRevalidateOnLanguage(form);

  const submit = async ({ username = '', code = '' }: OtpValues) => {
    if (preview) return;
    setBusy(true);
    let captchaToken: string | undefined;
    if (config?.enableCaptcha && (await captchaRequired(username))) {
      captchaToken = (await askSlider()) ?? undefined;
      if (!captchaToken) {
        setBusy(false);
        return;
      }
    }
    let res = await loginWithOtp(username, code.trim(), captchaToken);
    if (!res.ok && res.code === 'CAPTCHA.0001') {
      const token = await askSlider();
      if (token) res = await loginWithOtp(username, code.trim(), token);
    }
    if (res.ok) clearDraft();
    if (res.redirected) return; // the browser is leaving; keep the button busy
    if (res.ok) {
      navigate(nextPage(res.data) ?? '/user', { replace: true });
      return;
    }
    setBusy(false);
  };

  return (
    <Form
      form={form}
      name="otpLogin"
      layout="vertical"
      style={FORM_STYLE}
      initialValues={{ username: draft.username }}
      onValuesChange={(_changed, all: OtpValues) => {
        // The username only: a code is good for one period.
        if (!preview) patchDraft({ username: all.username });
      }}
      onFinish={submit}
      footer={<LoginSubmit busy={busy} />}
    >
      <UsernameItem />
      <Form.Item style={ITEM_STYLE} name="code" label={t('mobile.otp.code')} rules={[otpCodeRule]}>
        <Input
          className="tmt-field"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={t('mobile.otp.codePlaceholder')}
          clearable
        />
      </Form.Item>
    </Form>
  );
}
