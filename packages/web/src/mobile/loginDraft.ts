/**
 * What the mobile login keeps for the length of the tab (sessionStorage): the chosen login
 * method, the area code picked on /selectArea, what was typed (never a password) and when a code
 * may be asked for again. The login page leaves for /selectArea and comes back; with this it comes
 * back as it was left.
 */
import type { EntLoginConfig } from '@tessera/shared';
import { loginMethods as offeredMethods } from '../core/codes.ts';
import { session } from '../core/storage.ts';

const KEY = 'tessera.mobile.loginDraft';

/**
 * The login methods of the config's loginPriority that the mobile page offers: not the QR code
 * (the phone is the scanner, see /confirmLogin).
 */
export const LOGIN_METHODS = ['password', 'sms', 'email', 'otp', 'fido2'] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];
export type CodeMethod = 'sms' | 'email';

export interface LoginDraft {
  method?: LoginMethod;
  areaCode?: string;
  username?: string;
  mobile?: string;
  email?: string;
  /** Codes typed per method. */
  smsCode?: string;
  emailCode?: string;
  /** Epoch milliseconds until which a new code cannot be asked for, per method. */
  smsResendAt?: number;
  emailResendAt?: number;
}

export function readDraft(): LoginDraft {
  try {
    const value: unknown = JSON.parse(session.get(KEY) ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as LoginDraft) : {};
  } catch {
    return {};
  }
}

export function patchDraft(patch: Partial<LoginDraft>): void {
  session.set(KEY, JSON.stringify({ ...readDraft(), ...patch }));
}

/** After a login: the next visit starts afresh (the picked area code stays). */
export function clearDraft(): void {
  const { areaCode } = readDraft();
  session.set(KEY, JSON.stringify(areaCode ? { areaCode } : {}));
}

/** The methods of loginPriority in its order, each once; unknown ones ignored; none means password. */
export function loginMethods(config: EntLoginConfig | null | undefined): LoginMethod[] {
  return offeredMethods(config?.loginPriority, LOGIN_METHODS);
}

/** The tenant's area codes: supportAreaCodeList, else the preferred one, else +86. */
export function supportedAreaCodes(config: EntLoginConfig | null | undefined): string[] {
  const list = [...new Set(config?.supportAreaCodeList ?? [])];
  if (list.length > 0) return list;
  return [config?.preferredAreaCode || '+86'];
}

/** The area code in use: the one picked (when still offered), else the preferred one, else the first. */
export function currentAreaCode(config: EntLoginConfig | null | undefined, draft = readDraft()): string {
  const list = supportedAreaCodes(config);
  if (draft.areaCode && list.includes(draft.areaCode)) return draft.areaCode;
  const preferred = config?.preferredAreaCode;
  return preferred && list.includes(preferred) ? preferred : list[0]!;
}
