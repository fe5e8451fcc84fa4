/**
 * Logins (DESIGN section 5): every method passes the same gate — the account and IP locks, the
 * method's own check, failure counting. Failures are audited here; a success goes on to the
 * post-login flow (flows/after-auth.ts), which audits it and opens the session.
 */
import type { CodePurpose } from '@tessera/shared';
import { AppError } from '../../http/errors.ts';
import type { AccountService, User } from '../accounts/service.ts';
import type { AuditService, Operation } from '../audit/service.ts';
import type { CryptoService } from '../crypto/service.ts';
import type { Tenant } from '../tenancy/service.ts';
import type { CodeTarget, VerificationService } from '../verification/service.ts';
import type { LoginThrottle } from './throttle.ts';

export interface ClientInfo {
  ip: string;
  device: string;
  userAgent: string;
}

/** Failures of a method's own check that count against the account and the IP. */
const COUNTED = new Set(['AUTH.LOGIN.0001', 'CODE.0001', 'CODE.0002']);

export class LoginService {
  constructor(
    private readonly deps: {
      accounts: AccountService;
      audit: AuditService;
      crypto: CryptoService;
      throttle: LoginThrottle;
      verification: VerificationService;
    },
  ) {}

  async passwordLogin(
    tenant: Tenant,
    input: { username: string; password: string },
    client: ClientInfo,
    operation: Operation = 'LOGIN_FORM',
  ): Promise<User> {
    return this.attempt(tenant, operation, input.username, client, async () => {
      const password = await this.deps.crypto.decrypt(tenant.id, input.password);
      if (!password) throw new AppError('COMMON.0401', { field: 'password' });
      await this.deps.throttle.check(tenant.id, input.username, client.ip);
      return (
        (await this.deps.accounts.checkPassword(tenant.id, input.username, password)) ?? 'AUTH.LOGIN.0001'
      );
    });
  }

  /** SMS or email code login: the code must be the LOGIN code sent to that phone or address. */
  async codeLogin(tenant: Tenant, target: CodeTarget, code: string, client: ClientInfo): Promise<User> {
    const operation: Operation = target.channel === 'email' ? 'LOGIN_EMAIL' : 'LOGIN_SMS';
    return this.attempt(tenant, operation, target.recipient, client, async () => {
      await this.deps.throttle.check(tenant.id, target.recipient, client.ip);
      const purpose: CodePurpose = 'LOGIN';
      await this.deps.verification.verify(tenant, purpose, target.recipient, code);
      const user = await this.deps.accounts.findByContact(tenant.id, target);
      if (!user)
        throw new AppError(
          tenant.settings.unregisteredPolicy === 'register' ? 'AUTH.LOGIN.0010' : 'AUTH.LOGIN.0011',
        );
      return user;
    });
  }

  private async attempt(
    tenant: Tenant,
    operation: Operation,
    account: string,
    client: ClientInfo,
    authenticate: () => Promise<User | 'AUTH.LOGIN.0001'>,
  ): Promise<User> {
    const { audit, throttle } = this.deps;
    try {
      let user: User | 'AUTH.LOGIN.0001';
      try {
        user = await authenticate();
        if (user === 'AUTH.LOGIN.0001') throw new AppError('AUTH.LOGIN.0001');
      } catch (err) {
        if (err instanceof AppError && COUNTED.has(err.code))
          await throttle.recordFailure(tenant.id, account, client.ip);
        throw err;
      }
      if (user.status !== 'active') throw new AppError('AUTH.LOGIN.0004');
      await throttle.recordSuccess(tenant.id, account, client.ip);
      return user;
    } catch (err) {
      const code = err instanceof AppError ? err.code : 'COMMON.0500';
      await audit
        .record({ tenantId: tenant.id, username: account, operation, result: 'failure', code, ...client })
        .catch(() => undefined);
      throw err;
    }
  }
}
