/**
 * Registration and find-password calls both apps make (specification sections 2 and 4). The
 * server's answers (and its errors, shown by the request client) decide every step: nothing here
 * pretends a step succeeded.
 */
import { type ApiResult, request } from './api.ts';
import { encrypt } from './crypto.ts';

export type AccountKind = 'mobile' | 'email';

/** Who gets the code: a mobile number with its area code, or an email address. */
export interface AccountTarget {
  type: AccountKind;
  mobile?: string;
  areaCode?: string;
  email?: string;
}

function target({ type, mobile, areaCode, email }: AccountTarget) {
  return type === 'mobile' ? { type, mobile, areaCode } : { type, email };
}

export function sendRegisterCode(account: AccountTarget): Promise<ApiResult<unknown>> {
  return request('/register/sendCode', { body: target(account) });
}

export interface RegisterInput extends AccountTarget {
  code: string;
  username: string;
  password: string;
  /** The ids of the current agreement versions the user agreed to (GET /config/agreement). */
  agreementIds: string[];
  /** Values of the tenant's profile fields shown on the form (ProfileField.onRegister). */
  profile: Record<string, string>;
}

/** The password travels encrypted like at login (section 7). Throws EncryptionUnavailableError. */
export async function submitRegister(input: RegisterInput): Promise<ApiResult<unknown>> {
  return request('/register/submit', {
    json: {
      ...target(input),
      code: input.code,
      username: input.username,
      password: await encrypt(input.password),
      agreementIds: input.agreementIds,
      profile: input.profile,
    },
  });
}

export function sendFindPasswordCode(account: AccountTarget): Promise<ApiResult<unknown>> {
  return request('/findPassword/sendCode', { body: target(account) });
}

/** Step 1 of the reset: the server answers a ticket for step 2 when the code is right. */
export function verifyFindPassword(
  input: AccountTarget & { code: string },
): Promise<ApiResult<{ ticket?: string } | null>> {
  return request('/findPassword/verify', { body: { ...target(input), code: input.code } });
}

/** Step 2 of the reset (proposed call: not in the specification's list yet). */
export async function resetFindPassword(
  ticket: string | undefined,
  password: string,
): Promise<ApiResult<unknown>> {
  return request('/findPassword/reset', { body: { ticket, password: await encrypt(password) } });
}
