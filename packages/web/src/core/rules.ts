/**
 * Input rules of specification section 5 as plain functions, so the antd and antd-mobile forms
 * share one wording. Each answers the message to show, or null when the value is fine.
 */
import { type PasswordPolicy, checkPassword, isEmail, isMobile, passwordProblemText } from '@tessera/shared';
import { currentBoot } from './bootstrap.ts';
import { currentLang, t } from './i18n.ts';

export type FieldName =
  'username' | 'password' | 'domain' | 'mobile' | 'email' | 'code' | 'newPassword' | 'confirmPassword';

export function checkField(field: FieldName, value: unknown): string | null {
  const text = typeof value === 'string' ? value : '';
  const name = t(`fields.${field}`);
  if (text === '') return t('rules.required', { field: name });
  // Spaces around a username or password are almost always a paste accident; say so plainly.
  if (text !== text.trim()) return t('rules.edgeSpaces', { field: name });
  return null;
}

/** A rule for rc-field-form (used by both antd and antd-mobile Form). */
export function fieldRule(field: FieldName) {
  return validatorRule((value) => checkField(field, value));
}

/** Wraps a check (message or null) as an rc-field-form rule. */
export function validatorRule(check: (value: unknown) => string | null) {
  return {
    validator: (_rule: unknown, value: unknown): Promise<void> => {
      const message = check(value);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  };
}

/**
 * The server's own checks (shared), so the page never accepts what the server refuses: mainland
 * China numbers have 11 digits starting with 1, other regions 4 to 14 digits.
 */
export function isValidMobile(value: string, areaCode = '+86'): boolean {
  return isMobile(value, areaCode);
}

export function isValidEmail(value: string): boolean {
  return isEmail(value);
}

export function checkMobile(value: unknown, areaCode?: string): string | null {
  const required = checkField('mobile', value);
  if (required) return required;
  return isValidMobile(value as string, areaCode) ? null : t('rules.illegalPhone');
}

export function checkEmail(value: unknown): string | null {
  const required = checkField('email', value);
  if (required) return required;
  return isValidEmail(value as string) ? null : t('rules.illegalEmail');
}

/**
 * The tenant's password policy (from the page bootstrap) through the shared checker, with its
 * pwd_tip texts: the page refuses exactly what the server would.
 */
export function checkPasswordPolicy(
  value: unknown,
  field: FieldName = 'password',
  policy: PasswordPolicy = currentBoot().accountPolicy.passwordPolicy,
): string | null {
  const required = checkField(field, value);
  if (required) return required;
  const problem = checkPassword(value as string, policy);
  return problem ? passwordProblemText(problem, policy, currentLang()) : null;
}

export function checkConfirmPassword(value: unknown, password: unknown): string | null {
  const required = checkField('confirmPassword', value);
  if (required) return required;
  return value === password ? null : t('rules.passwordMismatch');
}
