/**
 * Input rules of specification section 5 for the register and find-password forms, as
 * rc-field-form validators. Messages are made when a field is checked, in the page language.
 */
import { t } from '../../core/i18n.ts';

type Check = (value: unknown) => string | null;

/** Password policy defaults of specification sections 5 and 9 (the server may be stricter). */
export const PASSWORD_POLICY = { min: 8, max: 18, classes: 3, specials: '~!#$%&+,*:;<=>@_?^、`./-' } as const;

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

function passwordPolicy(value: unknown): string | null {
  const text = str(value);
  const { min, max, classes, specials } = PASSWORD_POLICY;
  if (text.length < min || text.length > max) return t('mobile.rules.passwordLength', { min, max });
  const special = new Set([...specials]);
  if (![...text].every((c) => /[0-9A-Za-z]/.test(c) || special.has(c)))
    return t('mobile.rules.passwordChars', { char: specials });
  const found = [/[0-9]/, /[a-z]/, /[A-Z]/, /[^0-9A-Za-z]/].filter((re) => re.test(text)).length;
  return found >= classes ? null : t('mobile.rules.passwordClasses', { num: classes });
}

export function passwordRule(label = 'fields.password') {
  return rule(all(required(label), passwordPolicy));
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

/** The policy as the tips of section 5 (pwd_tip1..3). */
export function passwordTips(): string[] {
  const { min, max, classes, specials } = PASSWORD_POLICY;
  return [t('pwd_tip1', { min, max }), t('pwd_tip2', { char: specials }), t('pwd_tip3', { num: classes })];
}
