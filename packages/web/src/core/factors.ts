/**
 * The calls of second factors and scan-to-login (docs/factors.md) for both apps: OTP, FIDO2
 * (through @simplewebauthn/browser), the second-factor step, the authenticator phone and the
 * QR-code login. The server decides every step; these only carry the answers.
 */
import type {
  ApprovalRequest,
  ApprovalState,
  Fido2Key,
  FlowAnswer,
  OtpKey,
  OtpStatus,
  QrState,
  QrTicket,
  SecondFactor,
} from '@tessera/shared';
import {
  WebAuthnError,
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import { type ApiResult, request } from './api.ts';
import { encrypt } from './crypto.ts';

const flowPath = (flowId: string, rest: string) => `/flow/${encodeURIComponent(flowId)}${rest}`;

/* OTP */

export function generateOtpKey(flowId?: string): Promise<ApiResult<OtpKey>> {
  return request<OtpKey>('/config/generateOTPKey', { json: { flowId } });
}

/** In a flow the answer is the flow's next step; signed in it is null. */
export function bindOtp(code: string, flowId?: string): Promise<ApiResult<FlowAnswer | null>> {
  return request<FlowAnswer | null>('/otp/bind', { json: { code, flowId } });
}

export function fetchOtpStatus(): Promise<ApiResult<OtpStatus>> {
  return request<OtpStatus>('/otp/status');
}

export async function resetOtp(password: string): Promise<ApiResult<null>> {
  return request<null>('/otp/reset', { json: { password: await encrypt(password) } });
}

/** Login with the username and the current OTP code (and the slider's token when asked for). */
export function loginWithOtp(
  username: string,
  code: string,
  captchaToken?: string,
): Promise<ApiResult<FlowAnswer>> {
  return request<FlowAnswer>('/login/otp', { body: { username, code, captchaToken } });
}

/* FIDO2 */

export const supportsFido2 = () => browserSupportsWebAuthn();

/**
 * What went wrong in the browser, as the section 8 message key of the apps' catalogues:
 * cancelled or timed out, already added, device error, or not supported.
 */
export type Fido2Problem = 'cancelled' | 'alreadyAdded' | 'deviceError' | 'unsupported';

export function fido2Problem(error: unknown): Fido2Problem {
  // WebAuthnError carries the library's code and the browser's DOMException name.
  const name =
    error instanceof WebAuthnError ? `${error.code} ${error.name}` : error instanceof Error ? error.name : '';
  if (/NotAllowed|ERROR_CEREMONY_ABORTED|AbortError/.test(name)) return 'cancelled';
  if (/InvalidState|ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED/.test(name)) return 'alreadyAdded';
  if (/NotSupported|ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG|SecurityError/.test(name))
    return 'unsupported';
  return 'deviceError';
}

/** Binds a new key to the signed-in user: options, the browser's ceremony, then the server's check. */
export async function registerFido2Key(name: string): Promise<ApiResult<Fido2Key> | null> {
  const options = await request<Parameters<typeof startRegistration>[0]['optionsJSON']>(
    '/fido2/register/options',
    {
      method: 'POST',
      json: {},
    },
  );
  if (!options.ok) return null;
  const response = await startRegistration({ optionsJSON: options.data });
  return request<Fido2Key>('/fido2/register/verify', { json: { response, name } });
}

export function fetchFido2Keys(): Promise<ApiResult<Fido2Key[]>> {
  return request<Fido2Key[]>('/fido2/keys');
}

export function removeFido2Key(id: string): Promise<ApiResult<null>> {
  return request<null>(`/fido2/keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

type RequestOptionsJSON = Parameters<typeof startAuthentication>[0]['optionsJSON'];

/** Login with a key (POST /fido2/idp, then /login/fido2). Browser errors are thrown. */
export async function loginWithFido2(username?: string): Promise<ApiResult<FlowAnswer> | null> {
  const options = await request<RequestOptionsJSON>('/fido2/idp', {
    json: { username: username || undefined },
  });
  if (!options.ok) return null;
  const response = await startAuthentication({ optionsJSON: options.data });
  return request<FlowAnswer>('/login/fido2', { json: { response } });
}

/* The SECOND_FACTOR step */

export function sendFactorCode(flowId: string, factor: SecondFactor): Promise<ApiResult<unknown>> {
  return request(flowPath(flowId, '/mfa/send'), { json: { factor } });
}

export function verifyFactor(
  flowId: string,
  factor: SecondFactor,
  code: string,
): Promise<ApiResult<FlowAnswer>> {
  return request<FlowAnswer>(flowPath(flowId, '/mfa/verify'), { json: { factor, code } });
}

/** FIDO2 as the second factor; browser errors are thrown. */
export async function verifyFido2Factor(flowId: string): Promise<ApiResult<FlowAnswer> | null> {
  const options = await request<RequestOptionsJSON>(flowPath(flowId, '/mfa/fido2/options'), {
    method: 'POST',
    json: {},
  });
  if (!options.ok) return null;
  const response = await startAuthentication({ optionsJSON: options.data });
  return request<FlowAnswer>(flowPath(flowId, '/mfa/verify'), { json: { factor: 'FIDO2', response } });
}

export function pushToAuthenticator(
  flowId: string,
): Promise<ApiResult<{ state: ApprovalState; expiresAt: number }>> {
  return request(flowPath(flowId, '/mfa/push'), { method: 'POST', json: {} });
}

/** `{ state: 'sent' }` while the phone has not answered; then the flow's next answer. */
export function pollAuthenticator(
  flowId: string,
): Promise<ApiResult<FlowAnswer & { state?: ApprovalState }>> {
  return request(flowPath(flowId, '/mfa/push'), { quietCodes: ['MFA.0003', 'MFA.0004'] });
}

/* The authenticator phone */

export function fetchAuthenticatorStatus(): Promise<
  ApiResult<{ bound: boolean; thisDevice: boolean; boundAt: number | null }>
> {
  return request('/authenticator/status');
}

export function bindAuthenticator(): Promise<ApiResult<null>> {
  return request<null>('/authenticator/bind', { method: 'POST', json: {} });
}

export function unbindAuthenticator(): Promise<ApiResult<null>> {
  return request<null>('/authenticator/unbind', { method: 'POST', json: {} });
}

export function fetchApprovalRequests(): Promise<ApiResult<ApprovalRequest[]>> {
  return request<ApprovalRequest[]>('/authenticator/requests', { silent: true });
}

export function answerApproval(id: string, approve: boolean): Promise<ApiResult<null>> {
  return request<null>(`/authenticator/requests/${encodeURIComponent(id)}/${approve ? 'approve' : 'deny'}`, {
    method: 'POST',
    json: {},
  });
}

/* QR-code login */

export function fetchQrTicket(): Promise<ApiResult<QrTicket>> {
  return request<QrTicket>('/config/getScanQrCode');
}

/** The ticket's state; once confirmed, the answer also signs this browser in. */
export function pollQrTicket(ticket: string): Promise<ApiResult<FlowAnswer & { state: QrState }>> {
  return request(`/qrcode/${encodeURIComponent(ticket)}`, { silent: true });
}

export function scanQrTicket(
  ticket: string,
): Promise<ApiResult<{ ip: string; userAgent: string; expiresAt: number }>> {
  return request(`/qrcode/${encodeURIComponent(ticket)}/scan`, {
    method: 'POST',
    json: {},
    // Not signed in is an answer too: the page signs in first. Bad tickets and apps get their own screens.
    quietCodes: ['QR.0001', 'QR.0002', 'AUTH.COMMON.0027', 'AUTH.COMMON.0028'],
  });
}

export function answerQrTicket(ticket: string, confirm: boolean): Promise<ApiResult<null>> {
  return request<null>(`/qrcode/${encodeURIComponent(ticket)}/${confirm ? 'confirm' : 'cancel'}`, {
    method: 'POST',
    json: {},
  });
}
