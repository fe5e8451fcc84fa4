/**
 * OTP (TOTP, RFC 6238) with otpauth: a key is generated, shown as an otpauth:// QR code, pending
 * for a few minutes, and becomes the user's once a code of it is entered. A code counts once:
 * the time step of the last accepted code is kept and earlier or equal steps are refused.
 */
import { OTP_DIGITS, type OtpKey, type OtpStatus } from '@tessera/shared';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../http/errors.ts';
import type { User } from '../accounts/service.ts';
import type { AuditService } from '../audit/service.ts';
import type { EphemeralStore } from '../ephemeral/store.ts';
import type { SecretBox } from '../secrets/box.ts';
import type { ClientInfo } from '../login/service.ts';
import type { Tenant } from '../tenancy/service.ts';

/** How long a generated key waits to be confirmed (the QR code's life). */
export const OTP_PENDING_MS = 5 * 60_000;
const PERIOD = 30;
const ALGORITHM = 'SHA1';
/** The column OTP seeds are sealed for (modules/secrets). */
export const OTP_SECRET = 'otp_credentials.secret';
/** A key offered but not bound yet is sealed too: Redis or the ephemeral table may be copied as well. */
const PENDING_SECRET = 'otp-pending';

const pendingKey = (tenantId: string, userId: string) => `otp-pending:${tenantId}:${userId}`;

function totpOf(secret: string, algorithm: string, digits: number, period: number, label = '', issuer = '') {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm, digits, period, label, issuer });
}

export class OtpService {
  constructor(
    private readonly deps: { db: Db; store: EphemeralStore; audit: AuditService; secrets: SecretBox },
  ) {}

  /** The pending key, or undefined when it was sealed under a key since rotated out: offer a new one. */
  private openPending(sealed: string): string | undefined {
    try {
      return this.deps.secrets.open(sealed, PENDING_SECRET);
    } catch {
      return undefined;
    }
  }

  status(userId: string): Promise<OtpStatus> {
    return this.deps.db
      .selectFrom('otp_credentials')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst()
      .then((row) =>
        row
          ? {
              bound: true,
              algorithm: row.algorithm,
              digits: row.digits,
              period: row.period,
              boundAt: row.created_at,
            }
          : { bound: false },
      );
  }

  /** A fresh key for the user, pending until confirmed; generating again replaces it. */
  async generate(tenant: Tenant, user: User): Promise<OtpKey> {
    if ((await this.status(user.id)).bound) throw new AppError('OTP.0005');
    const secret = new Secret({ size: 20 }).base32;
    const issuer = tenant.loginConfig.headerTitle || tenant.brand.name || tenant.code;
    const totp = totpOf(secret, ALGORITHM, OTP_DIGITS, PERIOD, user.username, issuer);
    const sealed = this.deps.secrets.seal(secret, PENDING_SECRET);
    await this.deps.store.set(pendingKey(tenant.id, user.id), sealed, OTP_PENDING_MS);
    return {
      secret,
      uri: totp.toString(),
      issuer,
      account: user.username,
      algorithm: ALGORITHM,
      digits: OTP_DIGITS,
      period: PERIOD,
      expiresAt: Date.now() + OTP_PENDING_MS,
    };
  }

  /** Confirms the pending key with one of its codes: the user has OTP from now on (OTP_ACTIVE). */
  async bind(tenant: Tenant, user: User, code: string, client: ClientInfo): Promise<void> {
    const sealed = await this.deps.store.get(pendingKey(tenant.id, user.id));
    const secret = sealed && this.openPending(sealed);
    if (!secret) throw new AppError('OTP.0002');
    const step = this.matchingStep(totpOf(secret, ALGORITHM, OTP_DIGITS, PERIOD), code);
    if (step === null) throw new AppError('OTP.0001');
    await this.deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('otp_credentials')
        .values({
          user_id: user.id,
          secret: this.deps.secrets.seal(secret, OTP_SECRET),
          algorithm: ALGORITHM,
          digits: OTP_DIGITS,
          period: PERIOD,
          last_step: step,
          created_at: Date.now(),
        })
        .execute();
      await this.deps.audit.success(user, 'OTP_ACTIVE', client, undefined, trx);
    });
    await this.deps.store.delete(pendingKey(tenant.id, user.id));
  }

  /** Checks a code of the user's key, once per time step. */
  async verify(user: User, code: string): Promise<void> {
    const row = await this.deps.db
      .selectFrom('otp_credentials')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!row) throw new AppError('OTP.0004');
    const secret = this.deps.secrets.open(row.secret, OTP_SECRET);
    const step = this.matchingStep(totpOf(secret, row.algorithm, row.digits, row.period), code);
    if (step === null || step <= Number(row.last_step)) throw new AppError('OTP.0001');
    // Only one request may take this step: the update matches nothing for the second.
    const res = await this.deps.db
      .updateTable('otp_credentials')
      .set({ last_step: step })
      .where('user_id', '=', user.id)
      .where('last_step', '<', step)
      .executeTakeFirst();
    if (!Number(res.numUpdatedRows)) throw new AppError('OTP.0001');
  }

  /** Removes the user's OTP (OTP_REST); a new one is bound through the wizard. */
  async reset(tenant: Tenant, user: User, client: ClientInfo): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const res = await trx.deleteFrom('otp_credentials').where('user_id', '=', user.id).executeTakeFirst();
      if (!Number(res.numDeletedRows)) throw new AppError('OTP.0004');
      await this.deps.audit.success(user, 'OTP_REST', client, undefined, trx);
    });
  }

  /** The time step a code belongs to (one period of clock drift either way), or null. */
  private matchingStep(totp: TOTP, code: string): number | null {
    if (!/^\d+$/.test(code)) return null;
    const delta = totp.validate({ token: code, window: 1 });
    return delta === null ? null : totp.counter() + delta;
  }
}
