/**
 * Password changes and their rules (specification sections 4 and 5): the tenant's policy, a new
 * password different from the current one and from the last `historyCount`, at most one change
 * per `minChangeIntervalDays`, and expiry after `maxAgeDays`. A change is one transaction: the new
 * hash, the old one into the history, the account's other sessions ended, the audit row.
 */
import {
  DEFAULT_PASSWORD_POLICY,
  type Lang,
  type PasswordChangeReason,
  type PasswordPolicy,
  checkPassword,
  passwordProblemText,
} from '@tessera/shared';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import type { ClientInfo } from '../login/service.ts';
import type { Tenant } from '../tenancy/service.ts';
import type { User } from './service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

const DAY_MS = 86_400_000;
/** History rows kept per user: the policy's largest historyCount, so raising it later works. */
const HISTORY_KEPT = 24;

export function passwordPolicyOf(tenant: Tenant): PasswordPolicy {
  return { ...DEFAULT_PASSWORD_POLICY, ...tenant.settings.passwordPolicy };
}

/** Refuses a password that breaks the tenant's policy, with the policy's own tip as the message. */
export function assertPasswordPolicy(tenant: Tenant, password: string, lang: Lang) {
  const policy = passwordPolicyOf(tenant);
  const problem = checkPassword(password, policy);
  if (problem) throw new AppError('PWD.0001', { tip: passwordProblemText(problem, policy, lang) });
}

export interface PasswordState {
  reason: PasswordChangeReason;
  canSkip: boolean;
  daysLeft: number;
}

/** Whether the account's password must (EXPIRED) or should (EXPIRING) change now, or null. */
export function passwordState(tenant: Tenant, user: User, now = Date.now()): PasswordState | null {
  // Accounts that sign in with codes only have no password to age.
  if (!user.password_hash) return null;
  if (user.must_change_password) return { reason: 'EXPIRED', canSkip: false, daysLeft: 0 };
  const policy = passwordPolicyOf(tenant);
  if (!policy.maxAgeDays) return null;
  const expiresAt = (user.password_changed_at ?? user.created_at) + policy.maxAgeDays * DAY_MS;
  if (now >= expiresAt) return { reason: 'EXPIRED', canSkip: false, daysLeft: 0 };
  const daysLeft = Math.ceil((expiresAt - now) / DAY_MS);
  return daysLeft <= policy.expireWarnDays ? { reason: 'EXPIRING', canSkip: true, daysLeft } : null;
}

export interface ChangeOptions {
  lang: Lang;
  client: ClientInfo;
  operation: 'UPDATE_PWD' | 'FORGET_PWD';
  /** Users changing by choice wait out the interval; an expired password or a reset does not. */
  enforceInterval: boolean;
  /** The session the change was made from stays; every other session of the account ends. */
  keepSessionHash?: string;
}

export class PasswordChangeService {
  constructor(private readonly deps: { db: Db; audit: AuditService }) {}

  async change(tenant: Tenant, user: User, password: string, options: ChangeOptions): Promise<void> {
    await this.check(tenant, user, password, options);
    await this.write(tenant, user, password, options);
  }

  /** Stores a password that passed `check`. */
  async write(tenant: Tenant, user: User, password: string, options: ChangeOptions): Promise<void> {
    const password_hash = await hashPassword(password);
    await this.deps.db.transaction().execute(async (trx) => {
      const now = Date.now();
      await trx
        .updateTable('users')
        .set({ password_hash, password_changed_at: now, must_change_password: 0, updated_at: now })
        .where('id', '=', user.id)
        .execute();
      if (user.password_hash) {
        await trx
          .insertInto('password_history')
          .values({ user_id: user.id, password_hash: user.password_hash, created_at: now })
          .execute();
      }
      const old = await trx
        .selectFrom('password_history')
        .select('created_at')
        .where('user_id', '=', user.id)
        .orderBy('created_at', 'desc')
        .offset(HISTORY_KEPT)
        .limit(1)
        .executeTakeFirst();
      if (old) {
        await trx
          .deleteFrom('password_history')
          .where('user_id', '=', user.id)
          .where('created_at', '<=', old.created_at)
          .execute();
      }
      let sessions = trx.deleteFrom('sessions').where('user_id', '=', user.id);
      if (options.keepSessionHash) sessions = sessions.where('id_hash', '!=', options.keepSessionHash);
      await sessions.execute();
      await this.deps.audit.record(
        {
          tenantId: tenant.id,
          userId: user.id,
          username: user.username,
          operation: options.operation,
          result: 'success',
          code: '0',
          ...options.client,
        },
        trx,
      );
    });
  }

  /** Every rule, cheapest first; the Argon2 comparisons run last and side by side. */
  async check(tenant: Tenant, user: User, password: string, options: ChangeOptions) {
    assertPasswordPolicy(tenant, password, options.lang);
    const policy = passwordPolicyOf(tenant);
    const days = policy.minChangeIntervalDays;
    if (options.enforceInterval && days > 0 && user.password_changed_at) {
      if (Date.now() - user.password_changed_at < days * DAY_MS) throw new AppError('PWD.0004', { days });
    }
    if (user.password_hash && (await verifyPassword(user.password_hash, password)))
      throw new AppError('PWD.0007');
    if (policy.historyCount > 1) {
      const earlier = await this.deps.db
        .selectFrom('password_history')
        .select('password_hash')
        .where('user_id', '=', user.id)
        .orderBy('created_at', 'desc')
        .limit(policy.historyCount - 1)
        .execute();
      const reused = await Promise.all(earlier.map((h) => verifyPassword(h.password_hash, password)));
      if (reused.includes(true)) throw new AppError('PWD.0005', { count: policy.historyCount });
    }
  }
}
