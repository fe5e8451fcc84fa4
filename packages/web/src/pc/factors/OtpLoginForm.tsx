/**
 * The login page's OTP tab (docs/factors.md): the username and the authenticator app's 6-digit
 * code. Its own file so that the login page loads it (and core/factors.ts with it) only when the
 * tab is shown; the page runs the login (slider, answer) through `onLogin`.
 */
import type { FlowAnswer } from '@tessera/shared';
import { Form, type FormInstance, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../core/api.ts';
import { loginWithOtp } from '../../core/factors.ts';
import { fieldRule } from '../../core/rules.ts';
import { otpCodeRule } from './otp.ts';

export interface OtpValues {
  username: string;
  code: string;
}

interface Props {
  form: FormInstance<OtpValues>;
  preview: boolean;
  size: 'middle' | 'large';
  variant: 'outlined' | 'underlined' | 'filled';
  className?: string;
  fieldClass?: string;
  /** The page's submit button (its row in the long band). */
  submit: ReactNode;
  /** Runs the login: the login name (for the slider) and the call with the slider's token. */
  onLogin: (
    loginName: string,
    call: (captchaToken?: string) => Promise<ApiResult<FlowAnswer>>,
  ) => Promise<void>;
}

export default function OtpLoginForm({
  form,
  preview,
  size,
  variant,
  className,
  fieldClass,
  submit,
  onLogin,
}: Props) {
  const { t } = useTranslation();
  return (
    <Form<OtpValues>
      form={form}
      name="otp"
      layout="vertical"
      size={size}
      requiredMark={false}
      variant={variant}
      className={className}
      onFinish={({ username, code }) =>
        onLogin(username, (captchaToken) => loginWithOtp(username, code.trim(), captchaToken))
      }
    >
      <Form.Item
        name="username"
        label={t('fields.username')}
        rules={[fieldRule('username')]}
        className={fieldClass}
      >
        <Input autoComplete="username" placeholder={t('login.usernamePlaceholder')} autoFocus={!preview} />
      </Form.Item>
      <Form.Item name="code" label={t('otp.code')} rules={[otpCodeRule('otp.code')]} className={fieldClass}>
        <Input
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          placeholder={t('otp.codePlaceholder')}
        />
      </Form.Item>
      {submit}
    </Form>
  );
}
