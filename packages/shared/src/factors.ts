/**
 * Second factors and scan-to-login (specification sections 3, 4, 8 and 9): OTP (RFC 6238),
 * FIDO2, SMS and email codes, the authenticator app, and the QR-code login ticket. Shapes both
 * sides speak; the calls are in docs/factors.md.
 */

export const SECOND_FACTORS = ['SMS', 'EMAIL', 'OTP', 'FIDO2', 'AUTHENTICATOR'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];

/** When a tenant asks for a second factor after the first one. */
export const MFA_MODES = ['never', 'always', 'newDevice', 'risky'] as const;
export type MfaMode = (typeof MFA_MODES)[number];

/** OTP code length of section 9. */
export const OTP_DIGITS = 6;
export const isOtpCode = (v: string) => /^\d{6}$/.test(v);

/** POST /config/generateOTPKey: a secret to bind, shown as a QR code until `expiresAt`. */
export interface OtpKey {
  secret: string;
  /** otpauth://totp/... for authenticator apps (RFC 6238 key URI). */
  uri: string;
  issuer: string;
  account: string;
  algorithm: 'SHA1' | 'SHA256' | 'SHA512';
  digits: number;
  period: number;
  expiresAt: number;
}

/** GET /otp/status. */
export interface OtpStatus {
  bound: boolean;
  algorithm?: string;
  digits?: number;
  period?: number;
  boundAt?: number;
}

/** One FIDO2 key of the user (GET /fido2/keys). */
export interface Fido2Key {
  id: string;
  name: string;
  signCount: number;
  createdAt: number;
  lastUsedAt: number | null;
}

/** A factor the user can pass now, with a masked hint (phone, address, key count). */
export interface FactorChoice {
  type: SecondFactor;
  hint: string;
}

/** The state of an authenticator-app approval request, as PC and phone follow it. */
export type ApprovalState = 'sent' | 'approved' | 'denied' | 'expired';

/** A pending request as the bound phone shows it (GET /authenticator/requests). */
export interface ApprovalRequest {
  id: string;
  ip: string;
  userAgent: string;
  createdAt: number;
  expiresAt: number;
}

/** The states of a QR-code login ticket (section 4 and docs/factors.md). */
export type QrState = 'waiting' | 'scanned' | 'confirmed' | 'expired' | 'cancelled';

/** GET /config/getScanQrCode. */
export interface QrTicket {
  ticket: string;
  /** What the QR code holds: the mobile confirm page with the ticket. */
  content: string;
  expiresAt: number;
}

/** '+8613800001234' -> '+86138****1234'; 'alice@example.com' -> 'a***@example.com'. */
export function maskContact(value: string): string {
  const at = value.indexOf('@');
  if (at > 0) return `${value[0]}***${value.slice(at)}`;
  if (value.length <= 8) return value.replace(/\d(?=\d{2})/g, '*');
  return `${value.slice(0, -8)}****${value.slice(-4)}`;
}
