/**
 * Verification codes and the slider question of both apps (docs/verification.md): sending a code,
 * asking whether a login must pass the slider first, and the resend countdown.
 */
import { type CodeChannel, type CodePurpose, RESEND_INTERVAL_SECONDS } from '@tessera/shared';
import { useCallback, useEffect, useState } from 'react';
import { type ApiResult, type RequestOptions, request } from './api.ts';

/**
 * The login methods of the enterprise login config's loginPriority (specification section 3):
 * password, SMS or voice code, email code, OTP code, QR-code scan (PC only), FIDO2 key.
 */
export const LOGIN_METHODS = ['password', 'sms', 'email', 'otp', 'qrcode', 'fido2'] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];

/**
 * The tenant's loginPriority as the methods this app offers, in its order: unknown values and
 * repeats are ignored, and nothing usable means password login only (the default).
 */
export function loginMethods<M extends LoginMethod = 'password' | 'sms' | 'email'>(
  priority: readonly unknown[] | null | undefined,
  offered: readonly M[] = ['password', 'sms', 'email'] as M[],
): M[] {
  const methods: M[] = [];
  for (const value of priority ?? []) {
    const method = String(value).trim().toLowerCase() as M;
    if (offered.includes(method) && !methods.includes(method)) methods.push(method);
  }
  return methods.length > 0 ? methods : (['password'] as M[]);
}

export interface SendCodeBody {
  purpose: CodePurpose;
  channel: CodeChannel;
  /** The national number (with areaCode) or the email address. */
  recipient: string;
  /** Default: the tenant's preferredAreaCode. */
  areaCode?: string;
  /** The slider's token, when the tenant asks for the slider (enableCaptcha). */
  captchaToken?: string;
}

export interface SendCodeAnswer {
  /** Seconds before the same recipient may be sent another code. */
  interval: number;
  /** Seconds the code stays valid. */
  expiresIn: number;
}

/**
 * POST /code/send (JSON). Errors (COMMON.0429 too frequent, AUTH.LOGIN.0010 / 0011 unregistered,
 * CAPTCHA.0001 slider first...) are shown by the request client unless listed in quietCodes.
 */
export function sendCode(
  body: SendCodeBody,
  options: Pick<RequestOptions, 'quietCodes'> = {},
): Promise<ApiResult<SendCodeAnswer>> {
  return request<SendCodeAnswer>('/code/send', { json: body, ...options });
}

/**
 * POST /config/isEnableCaptcha?loginName=: whether the next login of this account (username,
 * +<area code><mobile> or email) must pass the slider first. A failed call answers false: the
 * login itself then answers CAPTCHA.0001 if the slider was needed after all.
 */
export async function captchaRequired(loginName: string): Promise<boolean> {
  const res = await request<{ enabled?: boolean } | boolean>('/config/isEnableCaptcha', {
    method: 'POST',
    query: { loginName },
    silent: true,
  });
  if (!res.ok) return false;
  return typeof res.data === 'boolean' ? res.data : res.data?.enabled === true;
}

export interface Countdown {
  /** Seconds left; 0 when a code may be sent again. */
  seconds: number;
  /** Starts counting down from the answer's interval (default RESEND_INTERVAL_SECONDS). */
  start: (seconds?: number) => void;
  reset: () => void;
}

/**
 * The resend countdown. It counts against the clock, not the ticks, so a tab in the background
 * (where timers slow down) still shows the right number when it comes back.
 */
export function useCountdown(): Countdown {
  const [end, setEnd] = useState(0);
  const [seconds, setSeconds] = useState(0);

  useEffect(() => {
    if (end === 0) return;
    const timer = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setSeconds(left);
      if (left === 0) setEnd(0);
    }, 250);
    return () => window.clearInterval(timer);
  }, [end]);

  const start = useCallback((interval: number = RESEND_INTERVAL_SECONDS) => {
    const value = Number.isFinite(interval) && interval > 0 ? Math.ceil(interval) : RESEND_INTERVAL_SECONDS;
    setSeconds(value);
    setEnd(Date.now() + value * 1000);
  }, []);
  const reset = useCallback(() => {
    setSeconds(0);
    setEnd(0);
  }, []);
  return { seconds, start, reset };
}
