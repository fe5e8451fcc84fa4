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
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Fido2Service, RelyingParty } from '../fido2/service.ts';
import type { OtpService } from '../otp/service.ts';
import type { LoginThrottle } from './throttle.ts';

export interface ClientInfo {
  ip: string;
  device: string;
  userAgent: string;
}

/** Failures of a method's own check that count against the account and the IP. */
const COUNTED = new Set(['AUTH.LOGIN.0001', 'CODE.0001', 'CODE.0002', 'OTP.0001', 'FIDO2.0001']);

export class LoginService {
  constructor(
    private readonly deps: {
      accounts: AccountService;
      audit: AuditService;
      crypto: CryptoService;
      throttle: LoginThrottle;
      verification: VerificationService;
      otp: OtpService;
      fido2: Fido2Service;
    },
  ) {}

  /** Username and the current code of the user's OTP; an unknown user fails like a wrong code. */
  async otpLogin(
    tenant: Tenant,
    input: { username: string; code: string },
    client: ClientInfo,
  ): Promise<User> {
    return this.attempt(tenant, 'LOGIN_OTP', input.username, client, async () => {
      await this.deps.throttle.check(tenant.id, input.username, client.ip);
      const user = await this.deps.accounts.findByUsername(tenant.id, input.username);
      if (!user) throw new AppError('OTP.0001');
      await this.deps.otp.verify(user, input.code).catch((err: unknown) => {
        throw err instanceof AppError && err.code === 'OTP.0004' ? new AppError('OTP.0001') : err;
      });
      return user;
    });
  }

  /** A FIDO2 assertion of a key bound to an account of this tenant. */
  async fido2Login(
    tenant: Tenant,
    response: AuthenticationResponseJSON,
    rp: RelyingParty,
    client: ClientInfo,
  ): Promise<User> {
    const account = `fido2:${response.id.slice(0, 100)}`;
    return this.attempt(tenant, 'LOGIN_FIDO2', account, client, async () => {
      await this.deps.throttle.check(tenant.id, account, client.ip);
      return this.deps.fido2.authenticate(tenant, response, rp, 'login');
    });
  }

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
