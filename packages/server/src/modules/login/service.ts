/**
 * Password login (DESIGN section 5): decrypt, check the throttle, verify with Argon2id (the same
 * cost for unknown users), then open a fresh session. Every attempt is written to the audit log.
 */
import type { Db } from '../../db/index.ts';
import { AppError } from '../../http/errors.ts';
import type { AccountService, User } from '../accounts/service.ts';
import type { AuditService, Operation } from '../audit/service.ts';
import type { CryptoService } from '../crypto/service.ts';
import type { Session, SessionService } from '../sessions/service.ts';
import type { Tenant } from '../tenancy/service.ts';
import type { LoginThrottle } from './throttle.ts';

export interface ClientInfo {
  ip: string;
  device: string;
  userAgent: string;
}

export interface LoginOutcome {
  user: User;
  secret: string;
  session: Session;
}

export class LoginService {
  constructor(
    private readonly deps: {
      db: Db;
      accounts: AccountService;
      audit: AuditService;
      crypto: CryptoService;
      sessions: SessionService;
      throttle: LoginThrottle;
    },
  ) {}

  async passwordLogin(
    tenant: Tenant,
    input: { username: string; password: string },
    client: ClientInfo,
    operation: Operation = 'LOGIN_FORM',
  ): Promise<LoginOutcome> {
    const { accounts, audit, crypto, throttle } = this.deps;
    const base = { tenantId: tenant.id, username: input.username, operation, ...client };
    try {
      const password = await crypto.decrypt(tenant.id, input.password);
      if (!password) throw new AppError('COMMON.0401', { field: 'password' });
      await throttle.check(tenant.id, input.username, client.ip);
      const user = await accounts.checkPassword(tenant.id, input.username, password);
      if (!user) {
        await throttle.recordFailure(tenant.id, input.username, client.ip);
        throw new AppError('AUTH.LOGIN.0001');
      }
      if (user.status !== 'active') throw new AppError('AUTH.LOGIN.0004');
      await throttle.recordSuccess(tenant.id, input.username, client.ip);
      return await this.openSession(tenant, user, client, operation);
    } catch (err) {
      const code = err instanceof AppError ? err.code : 'COMMON.0500';
      await audit.record({ ...base, result: 'failure', code }).catch(() => undefined);
      throw err;
    }
  }

  /** The session and its audit row are written together, or neither is. */
  private openSession(
    tenant: Tenant,
    user: User,
    client: ClientInfo,
    operation: Operation,
  ): Promise<LoginOutcome> {
    const { db, sessions, audit } = this.deps;
    return db.transaction().execute(async (trx) => {
      const { secret, session } = await sessions.create(
        { tenantId: tenant.id, userId: user.id, ip: client.ip, userAgent: client.userAgent },
        trx,
      );
      await audit.record(
        {
          tenantId: tenant.id,
          userId: user.id,
          username: user.username,
          operation,
          result: 'success',
          code: '0',
          ...client,
        },
        trx,
      );
      return { user, secret, session };
    });
  }
}
