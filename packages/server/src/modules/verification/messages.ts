/** The texts of code messages per language and purpose; tenants may replace any of them. */
import type { CodePurpose, Lang } from '@tessera/shared';
import type { TenantSettings } from '../tenancy/settings.ts';

const DEFAULTS: Record<Lang, Record<CodePurpose, string>> = {
  zh: {
    LOGIN: '您的登录验证码是 {code}，{minutes} 分钟内有效。请勿将验证码告诉他人。',
    REGISTER: '您正在注册账号，验证码是 {code}，{minutes} 分钟内有效。',
    BIND_MOBILE: '您正在绑定手机号，验证码是 {code}，{minutes} 分钟内有效。',
    UPDATE_MOBILE: '您正在更换手机号，验证码是 {code}，{minutes} 分钟内有效。',
    FORGOT_PASSWORD: '您正在找回密码，验证码是 {code}，{minutes} 分钟内有效。如非本人操作，请忽略。',
    MFA: '您正在进行二次认证，验证码是 {code}，{minutes} 分钟内有效。如非本人操作，请立即修改密码。',
  },
  en: {
    LOGIN: 'Your sign-in code is {code}. It is valid for {minutes} minutes. Do not share it with anyone.',
    REGISTER: 'Your registration code is {code}. It is valid for {minutes} minutes.',
    BIND_MOBILE: 'Your code to bind this phone is {code}. It is valid for {minutes} minutes.',
    UPDATE_MOBILE: 'Your code to change your phone is {code}. It is valid for {minutes} minutes.',
    FORGOT_PASSWORD:
      'Your password reset code is {code}. It is valid for {minutes} minutes. Ignore this if it was not you.',
    MFA: 'Your verification code is {code}. It is valid for {minutes} minutes. If this was not you, change your password now.',
  },
};

const SUBJECTS: Record<Lang, Record<CodePurpose, string>> = {
  zh: {
    LOGIN: '登录验证码',
    REGISTER: '注册验证码',
    BIND_MOBILE: '绑定验证码',
    UPDATE_MOBILE: '更换手机号验证码',
    FORGOT_PASSWORD: '找回密码验证码',
    MFA: '二次认证验证码',
  },
  en: {
    LOGIN: 'Sign-in code',
    REGISTER: 'Registration code',
    BIND_MOBILE: 'Binding code',
    UPDATE_MOBILE: 'Phone change code',
    FORGOT_PASSWORD: 'Password reset code',
    MFA: 'Verification code',
  },
};

export function messageText(
  settings: TenantSettings,
  lang: Lang,
  purpose: CodePurpose,
  values: { code: string; minutes: number; tenantName: string },
): { text: string; subject: string } {
  const template = settings.messages?.[lang]?.[purpose] || DEFAULTS[lang][purpose];
  const text = template.replaceAll('{code}', values.code).replaceAll('{minutes}', String(values.minutes));
  // A tenant text that forgot {code} would send a useless message: append it.
  const withCode = text.includes(values.code) ? text : `${text} ${values.code}`;
  return {
    text: `【${values.tenantName}】${withCode}`,
    subject: `${values.tenantName} ${SUBJECTS[lang][purpose]}`,
  };
}
