/**
 * Verification codes (specification sections 3, 5, 8, 9): purposes, channels, the shape of phone
 * numbers and email addresses, and the area codes the pickers offer.
 */
export const CODE_PURPOSES = [
  'REGISTER',
  'BIND_MOBILE',
  'UPDATE_MOBILE',
  'FORGOT_PASSWORD',
  'LOGIN',
  // The second factor by SMS or email (MFA_SMS in the audit log).
  'MFA',
] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];
export const CODE_CHANNELS = ['sms', 'voice', 'email'] as const;
export type CodeChannel = (typeof CODE_CHANNELS)[number];

export const CODE_LENGTH = 6;
/** Seconds before the same recipient may be sent another code (the resend countdown). */
export const RESEND_INTERVAL_SECONDS = 60;
export const CODE_TTL_SECONDS = 300;
export const CODE_MAX_TRIES = 5;

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;
export const isEmail = (v: string) => v.length <= 254 && EMAIL.test(v);

/** Mainland China numbers are 11 digits starting with 1; others 4 to 14 digits (E.164 less the code). */
export function isMobile(number: string, areaCode = '+86'): boolean {
  if (areaCode === '+86') return /^1[3-9]\d{9}$/.test(number);
  return /^\d{4,14}$/.test(number);
}

export interface AreaCode {
  code: string;
  zh: string;
  en: string;
}

/** The area codes the pickers offer; a tenant narrows them with supportAreaCodeList. */
export const AREA_CODES: readonly AreaCode[] = [
  { code: '+86', zh: '中国大陆', en: 'Chinese mainland' },
  { code: '+852', zh: '中国香港', en: 'Hong Kong, China' },
  { code: '+853', zh: '中国澳门', en: 'Macao, China' },
  { code: '+886', zh: '中国台湾', en: 'Taiwan, China' },
  { code: '+1', zh: '美国/加拿大', en: 'United States / Canada' },
  { code: '+44', zh: '英国', en: 'United Kingdom' },
  { code: '+81', zh: '日本', en: 'Japan' },
  { code: '+82', zh: '韩国', en: 'South Korea' },
  { code: '+65', zh: '新加坡', en: 'Singapore' },
  { code: '+60', zh: '马来西亚', en: 'Malaysia' },
  { code: '+66', zh: '泰国', en: 'Thailand' },
  { code: '+84', zh: '越南', en: 'Vietnam' },
  { code: '+62', zh: '印度尼西亚', en: 'Indonesia' },
  { code: '+63', zh: '菲律宾', en: 'Philippines' },
  { code: '+91', zh: '印度', en: 'India' },
  { code: '+61', zh: '澳大利亚', en: 'Australia' },
  { code: '+64', zh: '新西兰', en: 'New Zealand' },
  { code: '+49', zh: '德国', en: 'Germany' },
  { code: '+33', zh: '法国', en: 'France' },
  { code: '+39', zh: '意大利', en: 'Italy' },
  { code: '+34', zh: '西班牙', en: 'Spain' },
  { code: '+31', zh: '荷兰', en: 'Netherlands' },
  { code: '+7', zh: '俄罗斯', en: 'Russia' },
  { code: '+971', zh: '阿联酋', en: 'United Arab Emirates' },
  { code: '+966', zh: '沙特阿拉伯', en: 'Saudi Arabia' },
  { code: '+55', zh: '巴西', en: 'Brazil' },
  { code: '+52', zh: '墨西哥', en: 'Mexico' },
  { code: '+27', zh: '南非', en: 'South Africa' },
];

/** What to tell someone who asks for a login code for a phone or email no account has. */
export type UnregisteredPolicy = 'register' | 'contact_admin';
