/**
 * The authenticator app (specification section 4, provider authenticator flow): a signed-in
 * session of the mobile portal on the user's phone approves or denies the user's logins. A
 * request lives two minutes; after that it is "expired" and the login must start again.
 */
import { randomBytes } from 'node:crypto';
import { type ApprovalRequest, type ApprovalState, shouldUseMobile } from '@tessera/shared';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../http/errors.ts';
import type { User } from '../accounts/service.ts';
import type { AuditService } from '../audit/service.ts';
import type { EphemeralStore } from '../ephemeral/store.ts';
import type { ClientInfo } from '../login/service.ts';
import type { Tenant } from '../tenancy/service.ts';

export const APPROVAL_MS = 2 * 60_000;
/** Requests one user may be sent per APPROVAL_MS. */
const MAX_OPEN = 10;

interface StoredRequest extends ApprovalRequest {
  userId: string;
  state: ApprovalState;
}

const requestKey = (tenantId: string, id: string) => `approval:${tenantId}:${id}`;
const latestKey = (tenantId: string, userId: string) => `approval-latest:${tenantId}:${userId}`;

export class AuthenticatorService {
  constructor(private readonly deps: { db: Db; store: EphemeralStore; audit: AuditService }) {}

  device(userId: string) {
    return this.deps.db
      .selectFrom('authenticator_devices')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Makes this phone (its device fingerprint) the user's authenticator, replacing another one. */
  async bind(tenant: Tenant, user: User, client: ClientInfo): Promise<void> {
    if (!client.device || !shouldUseMobile(client.userAgent)) throw new AppError('AUTHN.0001');
    await this.deps.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('authenticator_devices').where('user_id', '=', user.id).execute();
      await trx
        .insertInto('authenticator_devices')
        .values({
          user_id: user.id,
          device: client.device,
          user_agent: client.userAgent.slice(0, 256),
          bound_at: Date.now(),
        })
        .execute();
      await this.deps.audit.success(user, 'AUTHENTICATOR_BIND', client, undefined, trx);
    });
  }

  async unbind(user: User): Promise<void> {
    await this.deps.db.deleteFrom('authenticator_devices').where('user_id', '=', user.id).execute();
  }

  /** A new approval request to the user's phone (the previous one is superseded). */
  async request(tenant: Tenant, user: User, client: ClientInfo): Promise<StoredRequest> {
    if (!(await this.device(user.id))) throw new AppError('MFA.0002');
    // A flood of requests would push the user towards a careless approve.
    if ((await this.deps.store.increment(`approval-count:${tenant.id}:${user.id}`, APPROVAL_MS)) > MAX_OPEN)
      throw new AppError('COMMON.0429');
    const now = Date.now();
    const request: StoredRequest = {
      id: randomBytes(16).toString('base64url'),
      userId: user.id,
      state: 'sent',
      ip: client.ip,
      userAgent: client.userAgent.slice(0, 256),
      createdAt: now,
      expiresAt: now + APPROVAL_MS,
    };
    await this.save(tenant, request);
    await this.deps.store.set(latestKey(tenant.id, user.id), request.id, APPROVAL_MS);
    return request;
  }

  /** A request still within its two minutes, in any state. */
  find(tenant: Tenant, id: string): Promise<StoredRequest | undefined> {
    return this.load(tenant, id);
  }

  /** The state of a request; a request that is gone has expired. */
  async state(tenant: Tenant, id: string): Promise<ApprovalState> {
    return (await this.load(tenant, id))?.state ?? 'expired';
  }

  /** What the bound phone shows: the latest request while it waits for an answer. */
  async pending(tenant: Tenant, user: User, device: string): Promise<ApprovalRequest[]> {
    await this.assertBound(user, device);
    const id = await this.deps.store.get(latestKey(tenant.id, user.id));
    const request = id ? await this.load(tenant, id) : undefined;
    if (!request || request.state !== 'sent') return [];
    const { userId: _u, state: _s, ...shown } = request;
    return [shown];
  }

  /** The phone's answer; only the bound phone of the request's user may give it, once. */
  async decide(tenant: Tenant, user: User, device: string, id: string, state: 'approved' | 'denied') {
    await this.assertBound(user, device);
    const request = await this.load(tenant, id);
    if (!request || request.userId !== user.id || request.state !== 'sent') throw new AppError('MFA.0003');
    request.state = state;
    await this.save(tenant, request);
  }

  /** Ends a request once its login went on. */
  forget(tenant: Tenant, id: string) {
    return this.deps.store.delete(requestKey(tenant.id, id));
  }

  private async assertBound(user: User, device: string) {
    const bound = await this.device(user.id);
    if (!bound || !device || bound.device !== device) throw new AppError('AUTHN.0002');
  }

  private async load(tenant: Tenant, id: string): Promise<StoredRequest | undefined> {
    const text = await this.deps.store.get(requestKey(tenant.id, id));
    return text ? (JSON.parse(text) as StoredRequest) : undefined;
  }

  private save(tenant: Tenant, request: StoredRequest) {
    const ttl = request.expiresAt - Date.now();
    if (ttl <= 0) throw new AppError('MFA.0003');
    return this.deps.store.set(requestKey(tenant.id, request.id), JSON.stringify(request), ttl);
  }
}
