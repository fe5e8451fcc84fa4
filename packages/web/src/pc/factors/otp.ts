/** The OTP code field's rule (six digits, section 9) and how the pages show times. */
import { isOtpCode } from '@tessera/shared';
import { t } from '../../core/i18n.ts';
import { validatorRule } from '../../core/rules.ts';

/** Empty: "<label> cannot be empty"; anything but six digits: the format message. */
export function otpCodeRule(labelKey: string) {
  return validatorRule((value) => {
    const text = typeof value === 'string' ? value.trim() : '';
    if (text === '') return t('rules.required', { field: t(labelKey) });
    return isOtpCode(text) ? null : t('otp.invalid');
  });
}

/** Date and time (with seconds) in the page language. */
export function formatTime(ms: number, lang: string): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : 'zh-CN', {
    dateStyle: 'medium',
    timeStyle: 'medium',
  }).format(new Date(ms));
}
