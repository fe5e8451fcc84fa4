/**
 * Input rules of specification section 5 for the register, find-password and password-change forms, as
 * rc-field-form validators. Messages are made when a field is checked, in the page language.
 */
import { type PasswordPolicy, checkPassword, isOtpCode, passwordProblemText } from '@tessera/shared';
import { currentLang, t } from '../../core/i18n.ts';

type Check = (value: unknown) => string | null;

const str = (value: unknown) => (typeof value === 'string' ? value : '');

export function rule(check: Check) {
  return {
    validator: (_rule: unknown, value: unknown): Promise<void> => {
      const message = check(value);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  };
}

/** Required, and no spaces around the value. `label` is a catalogue key of the field's name. */
export function required(label: string): Check {
  return (value) => {
    const text = str(value);
    const field = t(label);
    if (text === '') return t('rules.required', { field });
    if (text !== text.trim()) return t('rules.edgeSpaces', { field });
    return null;
  };
}

const all =
  (...checks: Check[]): Check =>
  (value) => {
    for (const check of checks) {
      const message = check(value);
      if (message) return message;
    }
    return null;
  };

/** Mainland numbers (+86) are 11 digits starting with 1; others 4 to 15 digits. */
export function mobileRule(areaCode: string) {
  return rule(
    all(required('mobile.fields.mobile'), (value) => {
      const digits = str(value).replace(/[\s-]/g, '');
      const ok = areaCode === '+86' ? /^1[3-9]\d{9}$/.test(digits) : /^\d{4,15}$/.test(digits);
      return ok ? null : t('mobile.rules.phone');
    }),
  );
}

export const emailRule = rule(
  all(required('mobile.fields.email'), (value) =>
    /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(str(value)) && str(value).length <= 254
      ? null
      : t('mobile.rules.email'),
  ),
);

export const codeRule = rule(required('mobile.fields.code'));
export const usernameRule = rule(required('fields.username'));

/** The tenant's password policy (shared checker), worded in the page language. */
export function passwordRule(policy: PasswordPolicy, label = 'fields.password', old?: () => unknown) {
  return rule(
    all(required(label), (value) => {
      const problem = checkPassword(str(value), policy, { old: old ? str(old()) : undefined });
      return problem && passwordProblemText(problem, policy, currentLang());
    }),
  );
}

/** Confirm password must equal the password field. */
export function confirmRule(password: () => unknown) {
  return rule(
    all(required('mobile.fields.confirmPassword'), (value) =>
      value === password() ? null : t('mobile.rules.confirm'),
    ),
  );
}

export const agreementRule = rule((value) => (value === true ? null : t('mobile.rules.agreement')));

/** An OTP code: required ('OTP code is required'), then six digits. */
export const otpCodeRule = rule((value) => {
  const text = str(value).trim();
  if (text === '') return t('mobile.otp.required');
  return isOtpCode(text) ? null : t('mobile.otp.sixDigits');
});
