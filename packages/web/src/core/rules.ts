/**
 * Input rules of specification section 5 as plain functions, so the antd and antd-mobile forms
 * share one wording. Each answers the message to show, or null when the value is fine.
 */
import { isEmail, isMobile } from '@tessera/shared';
import { t } from './i18n.ts';

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

export type CharacterClass = 'NUMBER' | 'LOWER_CASE' | 'UPPER_CASE' | 'SPECIAL_CHARACTERS';

/** Password policy (section 3); not sent by the server yet, so the defaults of section 9 apply. */
export interface PasswordPolicy {
  min: number;
  max: number;
  characterDiffCount: number;
  mustCharacterList: CharacterClass[];
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  min: 8,
  max: 18,
  characterDiffCount: 3,
  mustCharacterList: [],
};

/** The allowed special characters of section 5. */
export const PASSWORD_SPECIALS = '~!#$%&+,*:;<=>@_?^、`./-';

const CLASS_TESTS: Record<CharacterClass, (c: string) => boolean> = {
  NUMBER: (c) => /[0-9]/.test(c),
  LOWER_CASE: (c) => /[a-z]/.test(c),
  UPPER_CASE: (c) => /[A-Z]/.test(c),
  SPECIAL_CHARACTERS: (c) => PASSWORD_SPECIALS.includes(c),
};

/** Section 5: length, allowed characters, then the required or counted character classes. */
export function checkPasswordPolicy(
  value: unknown,
  field: FieldName = 'password',
  policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
): string | null {
  const required = checkField(field, value);
  if (required) return required;
  const text = value as string;
  const chars = [...text];
  if (chars.length < policy.min || chars.length > policy.max) {
    return t('pwd_tip1', { min: policy.min, max: policy.max });
  }
  const classes = Object.keys(CLASS_TESTS) as CharacterClass[];
  if (!chars.every((c) => classes.some((k) => CLASS_TESTS[k](c)))) {
    return t('pwd_tip2', { char: PASSWORD_SPECIALS });
  }
  const present = classes.filter((k) => chars.some(CLASS_TESTS[k]));
  if (policy.mustCharacterList.length > 0) {
    if (!policy.mustCharacterList.every((k) => present.includes(k))) {
      const names = policy.mustCharacterList.map((k) => t(`pwdClass.${k}`)).join(t('pwd_tip_separator'));
      return t('pwd_tip4', { char: names });
    }
  } else if (present.length < policy.characterDiffCount) {
    return t('pwd_tip3', { num: policy.characterDiffCount });
  }
  return null;
}

export function checkConfirmPassword(value: unknown, password: unknown): string | null {
  const required = checkField('confirmPassword', value);
  if (required) return required;
  return value === password ? null : t('rules.passwordMismatch');
}
