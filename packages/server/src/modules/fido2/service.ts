/**
 * FIDO2 / WebAuthn with @simplewebauthn/server: binding keys to a signed-in user, logging in with
 * them, and using them as a second factor. The relying party is the tenant's host; each challenge
 * is kept in the ephemeral store and used once.
 */
import type { Fido2Key } from '@tessera/shared';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../http/errors.ts';
import type { AccountService, User } from '../accounts/service.ts';
import type { AuditService } from '../audit/service.ts';
import type { EphemeralStore } from '../ephemeral/store.ts';
import type { ClientInfo } from '../login/service.ts';
import type { Tenant } from '../tenancy/service.ts';

const CHALLENGE_MS = 5 * 60_000;

/** Where the browser talks to us from: the WebAuthn relying party and the expected origin. */
export interface RelyingParty {
  id: string;
  origin: string;
}

/** What a challenge was issued for: it is good only for that. */
interface ChallengeFor {
  purpose: 'register' | 'login' | 'mfa';
  userId?: string;
}

const challengeKey = (tenantId: string, challenge: string) => `fido2:${tenantId}:${challenge}`;
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

export class Fido2Service {
  constructor(
    private readonly deps: { db: Db; store: EphemeralStore; audit: AuditService; accounts: AccountService },
  ) {}

  async keys(userId: string): Promise<Fido2Key[]> {
    const rows = await this.deps.db
      .selectFrom('fido2_credentials')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      signCount: Number(r.sign_count),
      createdAt: Number(r.created_at),
      lastUsedAt: r.last_used_at === null ? null : Number(r.last_used_at),
    }));
  }

  async registrationOptions(tenant: Tenant, user: User, rp: RelyingParty) {
    const existing = await this.rows(user.id);
    const options = await generateRegistrationOptions({
      rpName: tenant.loginConfig.headerTitle || tenant.brand.name || tenant.code,
      rpID: rp.id,
      userName: user.username,
      userDisplayName: user.display_name,
      userID: new TextEncoder().encode(user.id),
      attestationType: 'none',
      excludeCredentials: existing.map((r) => ({ id: r.id, transports: transportsOf(r.transports) })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    await this.remember(tenant, options.challenge, { purpose: 'register', userId: user.id });
    return options;
  }

  async register(
    tenant: Tenant,
    user: User,
    response: RegistrationResponseJSON,
    name: string,
    rp: RelyingParty,
    client: ClientInfo,
  ): Promise<Fido2Key> {
    const expected = await this.challengeOf(tenant, response.response.clientDataJSON);
    if (expected.for.purpose !== 'register' || expected.for.userId !== user.id)
      throw new AppError('FIDO2.0004');
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: expected.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    }).catch(() => ({ verified: false as const }));
    if (!verified.verified) throw new AppError('FIDO2.0004');
    const { credential } = verified.registrationInfo;
    const taken = await this.deps.db
      .selectFrom('fido2_credentials')
      .select('id')
      .where('id', '=', credential.id)
      .executeTakeFirst();
    if (taken) throw new AppError('FIDO2.0002');
    const now = Date.now();
    await this.deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('fido2_credentials')
        .values({
          id: credential.id,
          user_id: user.id,
          public_key: b64(credential.publicKey),
          sign_count: credential.counter,
          transports: JSON.stringify(credential.transports ?? []),
          name: name.trim().slice(0, 64) || 'FIDO2',
          created_at: now,
          last_used_at: null,
        })
        .execute();
      await this.deps.audit.success(user, 'FIDO2_KEY_REGISTER', client, { id: credential.id }, trx);
    });
    return { id: credential.id, name, signCount: credential.counter, createdAt: now, lastUsedAt: null };
  }

  async remove(tenant: Tenant, user: User, id: string, client: ClientInfo): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const res = await trx
        .deleteFrom('fido2_credentials')
        .where('id', '=', id)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (!Number(res.numDeletedRows)) throw new AppError('FIDO2.0001');
      await this.deps.audit.success(user, 'FIDO2_KEY_REMOVE', client, { id }, trx);
    });
  }

  /**
   * Options for an assertion: the keys of one user (a second factor, or a login by username), or
   * any discoverable key of this site (a login without a username).
   */
  async authenticationOptions(tenant: Tenant, rp: RelyingParty, purpose: 'login' | 'mfa', user?: User) {
    const rows = user ? await this.rows(user.id) : [];
    if (user && rows.length === 0) throw new AppError('FIDO2.0003');
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      allowCredentials: rows.map((r) => ({ id: r.id, transports: transportsOf(r.transports) })),
      userVerification: 'preferred',
    });
    await this.remember(tenant, options.challenge, { purpose, userId: user?.id });
    return options;
  }

  /**
   * Verifies an assertion; answers the key's user. The sign counter must move forward (when the
   * authenticator keeps one), and it and the time are kept.
   */
  async authenticate(
    tenant: Tenant,
    response: AuthenticationResponseJSON,
    rp: RelyingParty,
    purpose: 'login' | 'mfa',
    userId?: string,
  ): Promise<User> {
    const expected = await this.challengeOf(tenant, response.response.clientDataJSON);
    if (expected.for.purpose !== purpose) throw new AppError('FIDO2.0001');
    const row = await this.deps.db
      .selectFrom('fido2_credentials')
      .selectAll()
      .where('id', '=', response.id)
      .executeTakeFirst();
    const user = row && (await this.deps.accounts.findById(tenant.id, row.user_id));
    // The key must be one the challenge was issued for (that user's), and the caller's user's.
    const owner = expected.for.userId ?? userId;
    if (!row || !user || (owner && user.id !== owner) || (userId && user.id !== userId))
      throw new AppError('FIDO2.0001');
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: expected.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: row.id,
        publicKey: Buffer.from(row.public_key, 'base64url'),
        counter: Number(row.sign_count),
        transports: transportsOf(row.transports),
      },
      requireUserVerification: false,
    }).catch(() => ({ verified: false as const }));
    if (!verified.verified) throw new AppError('FIDO2.0001');
    await this.deps.db
      .updateTable('fido2_credentials')
      .set({ sign_count: verified.authenticationInfo.newCounter, last_used_at: Date.now() })
      .where('id', '=', row.id)
      .execute();
    return user;
  }

  private rows(userId: string) {
    return this.deps.db.selectFrom('fido2_credentials').selectAll().where('user_id', '=', userId).execute();
  }

  private remember(tenant: Tenant, challenge: string, what: ChallengeFor) {
    return this.deps.store.set(challengeKey(tenant.id, challenge), JSON.stringify(what), CHALLENGE_MS);
  }

  /** The challenge the browser signed, if we issued it and it is unused; it is used up here. */
  private async challengeOf(tenant: Tenant, clientDataJSON: string) {
    let challenge = '';
    try {
      challenge = String(
        JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')).challenge ?? '',
      );
    } catch {
      throw new AppError('FIDO2.0001');
    }
    const key = challengeKey(tenant.id, challenge);
    const stored = challenge && (await this.deps.store.get(key));
    if (!stored) throw new AppError('LOGIN.FIDO2.0001');
    await this.deps.store.delete(key);
    return { challenge, for: JSON.parse(stored) as ChallengeFor };
  }
}

function transportsOf(json: string): AuthenticatorTransportFuture[] {
  try {
    return JSON.parse(json) as AuthenticatorTransportFuture[];
  } catch {
    return [];
  }
}
