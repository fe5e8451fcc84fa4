/** Accounts: the users of a tenant, their status and their password. */
import { randomUUID } from 'node:crypto';
import type { SessionUser } from '@tessera/shared';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { UserTable } from '../../db/schema.ts';
import { hashPassword, isStorableHash, needsRehash, verifyPassword } from './passwords.ts';

export type User = Selectable<UserTable>;

export interface NewUser {
  username: string;
  password?: string;
  /**
   * Instead of `password`: a hash brought from another system (bcrypt, PBKDF2, salted SHA-256 or
   * Argon2id); the first login stores the password again as Argon2id.
   */
  passwordHash?: string;
  displayName?: string;
  email?: string;
  mobile?: string;
  /** Values of the tenant's profile fields, already checked. */
  profile?: Record<string, string>;
}

/** The hash a new account starts with: its password's, or the imported one as it was given. */
async function initialHash(input: NewUser): Promise<string | null> {
  if (input.password && input.passwordHash) throw new Error('Give a password or a password hash, not both');
  if (input.passwordHash) {
    const given = input.passwordHash.trim();
    if (!isStorableHash(given)) {
      throw new Error(
        'Unsupported password hash: use bcrypt, PBKDF2, {SSHA256} or Argon2id (docs/accounts.md)',
      );
    }
    return given;
  }
  return input.password ? hashPassword(input.password) : null;
}

/** '+86 138-0000-0000' -> '+8613800000000'; a number without '+' is taken as mainland China. */
export function normalizeMobile(mobile: string | undefined): string | null {
  const digits = mobile?.replace(/[\s()-]/g, '') ?? '';
  if (!digits) return null;
  if (!/^\+?\d{5,18}$/.test(digits))
    throw new Error(`Invalid mobile number "${mobile}": use +<country code><number>`);
  return digits.startsWith('+') ? digits : `+86${digits}`;
}

export const usernameKey = (username: string) => username.trim().toLowerCase();

export function toSessionUser(user: User, tenantCode: string): SessionUser {
  return {
    id: user.id,
    username: user.username,
    displayName: user.display_name,
    email: user.email,
    mobile: user.mobile,
    tenant: tenantCode,
  };
}

export class AccountService {
  constructor(private readonly db: Db) {}

  findByUsername(tenantId: string, username: string): Promise<User | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('username_key', '=', usernameKey(username))
      .executeTakeFirst();
  }

  findById(tenantId: string, id: string): Promise<User | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Phones are stored in E.164 ('+8613800000000'), emails lower-cased. */
  findByMobile(tenantId: string, e164: string): Promise<User | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('mobile', '=', e164)
      .executeTakeFirst();
  }

  findByEmail(tenantId: string, email: string): Promise<User | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('email', '=', email.trim().toLowerCase())
      .executeTakeFirst();
  }

  /** The account whose email (channel 'email') or phone (sms, voice) a code was sent to. */
  findByContact(tenantId: string, target: { channel: string; recipient: string }): Promise<User | undefined> {
    return target.channel === 'email'
      ? this.findByEmail(tenantId, target.recipient)
      : this.findByMobile(tenantId, target.recipient);
  }

  list(tenantId: string): Promise<User[]> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('username_key')
      .execute();
  }

  async create(
    tenantId: string,
    input: NewUser,
    db: Pick<Db, 'insertInto' | 'selectFrom'> = this.db,
  ): Promise<User> {
    const username = input.username.trim();
    if (!/^[\w.@+-]{1,64}$/u.test(username)) {
      throw new Error(`Invalid username "${input.username}": use 1 to 64 letters, digits or . _ @ + -`);
    }
    // Inside a caller's transaction every query must use it (SQLite has one connection).
    const existing = await db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('username_key', '=', usernameKey(username))
      .executeTakeFirst();
    if (existing) throw new Error(`User "${username}" already exists`);
    const password_hash = await initialHash(input);
    const now = Date.now();
    const user: User = {
      id: randomUUID(),
      tenant_id: tenantId,
      username,
      username_key: usernameKey(username),
      display_name: input.displayName?.trim() || username,
      email: input.email?.trim().toLowerCase() || null,
      mobile: normalizeMobile(input.mobile),
      password_hash,
      status: 'active',
      password_changed_at: password_hash ? now : null,
      created_at: now,
      updated_at: now,
      profile: JSON.stringify(input.profile ?? {}),
      must_change_password: 0,
    };
    await db.insertInto('users').values(user).execute();
    return user;
  }

  /**
   * Creates all the accounts or none (an import): the first failure rolls back the others and is
   * named by `where` (the line of the file it came from).
   */
  async createMany(tenantId: string, inputs: NewUser[], where = (i: number) => `Entry ${i + 1}`) {
    await this.db.transaction().execute(async (trx) => {
      for (const [i, input] of inputs.entries()) {
        await this.create(tenantId, input, trx).catch((err: Error) => {
          throw new Error(`${where(i)}: ${err.message}`);
        });
      }
    });
  }

  async setStatus(tenantId: string, username: string, status: User['status']): Promise<void> {
    const res = await this.db
      .updateTable('users')
      .set({ status, updated_at: Date.now() })
      .where('tenant_id', '=', tenantId)
      .where('username_key', '=', usernameKey(username))
      .executeTakeFirst();
    if (!res.numUpdatedRows) throw new Error(`No user "${username}"`);
  }

  async setPassword(tenantId: string, username: string, password: string): Promise<void> {
    const password_hash = await hashPassword(password);
    const now = Date.now();
    const res = await this.db
      .updateTable('users')
      .set({ password_hash, password_changed_at: now, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('username_key', '=', usernameKey(username))
      .executeTakeFirst();
    if (!res.numUpdatedRows) throw new Error(`No user "${username}"`);
  }

  /**
   * Without `inDays`: the next login must change the password. With it: the password's age is set
   * so that it expires in that many days under the tenant's `maxAgeDays`.
   */
  async expirePassword(tenantId: string, username: string, inDays: number | undefined, maxAgeDays: number) {
    if (inDays !== undefined && !maxAgeDays) throw new Error('The tenant has no passwordPolicy.maxAgeDays');
    const now = Date.now();
    const set =
      inDays === undefined
        ? { must_change_password: 1, updated_at: now }
        : { password_changed_at: now + (inDays - maxAgeDays) * 86_400_000, updated_at: now };
    const res = await this.db
      .updateTable('users')
      .set(set)
      .where('tenant_id', '=', tenantId)
      .where('username_key', '=', usernameKey(username))
      .executeTakeFirst();
    if (!res.numUpdatedRows) throw new Error(`No user "${username}"`);
  }

  /**
   * Checks a password. An unknown user costs the same Argon2 work as a wrong password.
   * A correct password stored with old parameters is rehashed.
   */
  async checkPassword(tenantId: string, username: string, password: string): Promise<User | undefined> {
    const user = await this.findByUsername(tenantId, username);
    const okay = await verifyPassword(user?.password_hash ?? null, password);
    if (!user || !okay) return undefined;
    if (needsRehash(user.password_hash!)) {
      const password_hash = await hashPassword(password);
      await this.db.updateTable('users').set({ password_hash }).where('id', '=', user.id).execute();
    }
    return user;
  }
}
