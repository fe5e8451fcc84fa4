/** The audit log: every login, logout and account operation, with IP, device and time. */
import type { Db } from '../../db/index.ts';

/** Operation types of the specification (section 3); login kinds are one per method. */
export type Operation =
  | 'LOGIN_FORM'
  | 'LOGIN_AD'
  | 'LOGIN_LDAP'
  | 'LOGIN_SMS'
  | 'LOGIN_EMAIL'
  | 'LOGOUT'
  | 'SEND_CODE'
  | 'REGISTER'
  | 'FORGET_PWD'
  | 'UPDATE_PWD'
  | 'BIND_MOBILE'
  | 'LOGIN_OTP'
  | 'LOGIN_FIDO2'
  | 'LOGIN_QRCODE'
  | 'MFA_SMS'
  | 'MFA_EMAIL'
  | 'MFA_OTP'
  | 'MFA_FIDO2'
  | 'MFA_AUTHENTICATOR'
  | 'OTP_ACTIVE'
  | 'OTP_REST'
  | 'FIDO2_KEY_REGISTER'
  | 'FIDO2_KEY_REMOVE'
  | 'AUTHENTICATOR_BIND'
  // Not in the specification's list: the post-login steps that are not password or phone changes.
  | 'SIGN_AGREEMENT'
  | 'UPDATE_PROFILE';

export interface AuditEntry {
  tenantId: string;
  userId?: string | null;
  username: string;
  operation: Operation;
  result: 'success' | 'failure';
  code: string;
  ip: string;
  device: string;
  userAgent: string;
  detail?: Record<string, unknown>;
}

export class AuditService {
  constructor(private readonly db: Db) {}

  async record(entry: AuditEntry, db: Pick<Db, 'insertInto'> = this.db): Promise<void> {
    await db
      .insertInto('audit_log')
      .values({
        tenant_id: entry.tenantId,
        user_id: entry.userId ?? null,
        username: entry.username.slice(0, 128),
        operation: entry.operation,
        result: entry.result,
        code: entry.code,
        ip: entry.ip,
        device: entry.device.slice(0, 128),
        user_agent: entry.userAgent.slice(0, 512),
        detail: JSON.stringify(entry.detail ?? {}),
        created_at: Date.now(),
      })
      .execute();
  }

  /**
   * A successful operation of a user, with the client it came from (a `lang` on the client is
   * ignored); inside the caller's transaction when one is given.
   */
  success(
    user: { tenant_id: string; id: string; username: string },
    operation: Operation,
    client: { ip: string; device: string; userAgent: string },
    detail?: Record<string, unknown>,
    db: Pick<Db, 'insertInto'> = this.db,
  ): Promise<void> {
    const { ip, device, userAgent } = client;
    return this.record(
      {
        tenantId: user.tenant_id,
        userId: user.id,
        username: user.username,
        operation,
        result: 'success',
        code: '0',
        ip,
        device,
        userAgent,
        detail,
      },
      db,
    );
  }

  list(tenantId: string, limit = 50) {
    return this.db
      .selectFrom('audit_log')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
