/**
 * Self-service account lifecycle (specification sections 2, 4 and 5): registration by phone or
 * email with a code, and the three steps of a forgotten password. Every change is one
 * transaction with its audit row.
 */
import { randomBytes } from 'node:crypto';
import type { CodePurpose, Lang } from '@tessera/shared';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import type { CryptoService } from '../crypto/service.ts';
import type { ClientInfo } from '../login/service.ts';
import type { Tenant } from '../tenancy/service.ts';
import { type CodeTarget, type VerificationService, normalizeRecipient } from '../verification/service.ts';
import type { EphemeralStore } from '../ephemeral/store.ts';
import { type AccountService, type User, normalizeMobile } from './service.ts';
import type { AgreementService } from '../agreements/service.ts';
import { type PasswordChangeService, assertPasswordPolicy } from './password-change.ts';
import { checkedProfile } from './profile.ts';

export interface AccountTargetInput {
  type: 'mobile' | 'email';
  mobile?: string;
  areaCode?: string;
  email?: string;
}

/** A reset ticket lives this long after the code was checked. */
const TICKET_MS = 10 * 60_000;

export class LifecycleService {
  constructor(
    private readonly deps: {
      db: Db;
      store: EphemeralStore;
      accounts: AccountService;
      audit: AuditService;
      crypto: CryptoService;
      verification: VerificationService;
      agreements: AgreementService;
      passwordChange: PasswordChangeService;
    },
  ) {}

  target(tenant: Tenant, input: AccountTargetInput): CodeTarget {
    if (input.type === 'email') return normalizeRecipient(tenant, 'email', input.email ?? '');
    return normalizeRecipient(tenant, 'sms', input.mobile ?? '', input.areaCode);
  }

  /** Sends a REGISTER or FORGOT_PASSWORD code after the rules of that journey. */
  async sendCode(
    tenant: Tenant,
    purpose: CodePurpose,
    target: CodeTarget,
    client: { ip: string; lang: Lang },
  ) {
    const owner = await this.deps.accounts.findByContact(tenant.id, target);
    if (purpose === 'REGISTER') {
      if (!tenant.loginConfig.enableRegister) throw new AppError('REGISTER.0001');
      if (owner) throw new AppError('REGISTER.0003');
    } else {
      if (tenant.loginConfig.isHideFindPassword === 'Y') throw new AppError('PWD.0002');
      if (!owner) throw new AppError('AUTH.LOGIN.0011');
    }
    return this.deps.verification.send(tenant, purpose, target, client);
  }

  async register(
    tenant: Tenant,
    input: {
      target: CodeTarget;
      code: string;
      username: string;
      password: string;
      agreementIds: string[];
      profile: Record<string, string>;
    },
    client: ClientInfo & { lang: Lang },
  ): Promise<User> {
    if (!tenant.loginConfig.enableRegister) throw new AppError('REGISTER.0001');
    const username = input.username.trim();
    if (username !== input.username || !/^[\w.@+-]{1,64}$/u.test(username))
      throw new AppError('REGISTER.0004');
    const profile = checkedProfile(tenant, input.profile, client.lang, (f) => f.onRegister);
    const agreements = await this.deps.agreements.current(tenant.id);
    const agreed = new Set(input.agreementIds);
    if (!agreements.every((a) => agreed.has(a.id))) throw new AppError('AGREEMENT.0002');
    const password = await this.deps.crypto.decrypt(tenant.id, input.password);
    assertPasswordPolicy(tenant, password, client.lang);
    if (await this.deps.accounts.findByUsername(tenant.id, username)) throw new AppError('REGISTER.0002');
    if (await this.deps.accounts.findByContact(tenant.id, input.target)) throw new AppError('REGISTER.0003');
    await this.deps.verification.verify(tenant, 'REGISTER', input.target.recipient, input.code);
    const isEmail = input.target.channel === 'email';
    const user = await this.deps.db.transaction().execute(async (trx) => {
      const created = await this.deps.accounts.create(
        tenant.id,
        {
          username,
          password,
          email: isEmail ? input.target.recipient : undefined,
          mobile: isEmail ? undefined : (normalizeMobile(input.target.recipient) ?? undefined),
          profile,
        },
        trx,
      );
      await this.deps.agreements.sign(
        tenant.id,
        created.id,
        agreements.map((a) => a.id),
        client.ip,
        trx,
      );
      await this.deps.audit.record(
        {
          tenantId: tenant.id,
          userId: created.id,
          username,
          operation: 'REGISTER',
          result: 'success',
          code: '0',
          ...client,
        },
        trx,
      );
      return created;
    });
    return user;
  }

  /** Step 1 of a forgotten password: the code proves the account; answers a one-time ticket. */
  async verifyForReset(tenant: Tenant, target: CodeTarget, code: string): Promise<string> {
    if (tenant.loginConfig.isHideFindPassword === 'Y') throw new AppError('PWD.0002');
    await this.deps.verification.verify(tenant, 'FORGOT_PASSWORD', target.recipient, code);
    const owner = await this.deps.accounts.findByContact(tenant.id, target);
    if (!owner) throw new AppError('CODE.0001');
    const ticket = randomBytes(24).toString('base64url');
    await this.deps.store.set(`reset:${tenant.id}:${ticket}`, owner.id, TICKET_MS);
    return ticket;
  }

  /** Step 2: a new password for the ticket's account; every session of the account ends. */
  async reset(
    tenant: Tenant,
    ticket: string,
    encrypted: string,
    client: ClientInfo & { lang: Lang },
  ): Promise<void> {
    const key = `reset:${tenant.id}:${ticket}`;
    const userId = await this.deps.store.get(key);
    const user = userId ? await this.deps.accounts.findById(tenant.id, userId) : undefined;
    if (!user) throw new AppError('PWD.0003');
    const password = await this.deps.crypto.decrypt(tenant.id, encrypted);
    const options = { lang: client.lang, client, operation: 'FORGET_PWD', enforceInterval: false } as const;
    // A refused password leaves the ticket usable; an accepted one uses it up before the write.
    await this.deps.passwordChange.check(tenant, user, password, options);
    if (!(await this.deps.store.addOnce(`used:${key}`, TICKET_MS))) throw new AppError('PWD.0003');
    await this.deps.passwordChange.write(tenant, user, password, options);
    await this.deps.store.delete(key);
  }
}
