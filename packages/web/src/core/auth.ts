/**
 * The sign-in calls both apps make (password, SMS or voice code, email code), so the pages hold
 * only UI. Failures have already been shown by the request client when these return.
 */
import type { IsLoginData, LoginResult } from '@tessera/shared';
import { type ApiResult, request } from './api.ts';
import { forgetPublicKey, encrypt } from './crypto.ts';
import { storedRedirectTo } from './redirect.ts';

const SIGNED_OUT = ['AUTH.COMMON.0027', 'AUTH.COMMON.0028'];

/** The session probe: "not signed in" is an answer here, not an error to show. */
export async function fetchLogin(): Promise<IsLoginData | null> {
  const res = await request<IsLoginData>('/config/isLogin', { quietCodes: SIGNED_OUT });
  return res.ok && res.data.isLogin ? res.data : null;
}

/**
 * Password login. Throws only EncryptionUnavailableError (its message is for the page); the
 * server's answer, including its `redirect`, is handled by the request client.
 */
export async function loginWithPassword(
  username: string,
  password: string,
  captchaToken?: string,
): Promise<ApiResult<LoginResult>> {
  const res = await request<LoginResult>('/login/form', {
    body: { username, password: await encrypt(password), redirect_to: storedRedirectTo(), captchaToken },
  });
  // The server could not read the ciphertext: its key may have changed since we cached it.
  if (res.code === 'CRYPTO.0001') forgetPublicKey();
  return res;
}

/** Login with a LOGIN code sent by SMS or voice call (POST /login/sms, form-encoded). */
export function loginWithSmsCode(input: {
  mobile: string;
  areaCode: string;
  code: string;
  captchaToken?: string;
}): Promise<ApiResult<LoginResult>> {
  return request<LoginResult>('/login/sms', { body: { ...input } });
}

/** Login with a LOGIN code sent by email (POST /login/email, form-encoded). */
export function loginWithEmailCode(input: {
  email: string;
  code: string;
  captchaToken?: string;
}): Promise<ApiResult<LoginResult>> {
  return request<LoginResult>('/login/email', { body: { ...input } });
}

export function setDomain(domain: string): Promise<ApiResult<{ url: string }>> {
  return request<{ url: string }>('/login/setdomainname', { query: { domain } });
}

export function logout(sessionId: string): Promise<ApiResult<null>> {
  return request<null>(`/logout/${encodeURIComponent(sessionId)}`, {
    method: 'POST',
    quietCodes: SIGNED_OUT,
  });
}
