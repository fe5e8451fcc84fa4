/**
 * The AFTER_AUTHENTICATION flow (specification section 4, main flow): once the first factor has
 * passed, the steps the tenant's policy asks for — change an expired password, sign new
 * agreements, complete the profile, bind a mobile number — and only then a session. The next step
 * is computed from the account each time, so a step is asked for exactly while it is still needed.
 */
import { FLOW_STEP_NAMES, type FlowStep, type FlowView, type Lang } from '@tessera/shared';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../http/errors.ts';
import { type PasswordChangeService, passwordState } from '../accounts/password-change.ts';
import { checkedProfile, profileFieldsOf } from '../accounts/profile.ts';
import type { AccountService, User } from '../accounts/service.ts';
import { type AgreementService, toAgreementView } from '../agreements/service.ts';
import type { AuditService, Operation } from '../audit/service.ts';
import type { CryptoService } from '../crypto/service.ts';
import type { ClientInfo } from '../login/service.ts';
import type { Session, SessionService } from '../sessions/service.ts';
import type { Tenant } from '../tenancy/service.ts';
import type { CodeTarget, VerificationService } from '../verification/service.ts';
import type { FlowRecord, FlowStore } from './store.ts';

export interface Client extends ClientInfo {
  lang: Lang;
}

/** Where a login or a step leaves the user: a next step, or signed in. */
export type Progress =
  | { flow: FlowView; user?: undefined }
  | { flow?: undefined; user: User; secret: string; session: Session; redirect?: string };

function parseProfile(user: User): Record<string, string> {
  try {
    return JSON.parse(user.profile) as Record<string, string>;
  } catch {
    return {};
  }
}

export class AfterAuthentication {
  constructor(
    private readonly deps: {
      db: Db;
      accounts: AccountService;
      agreements: AgreementService;
      audit: AuditService;
      crypto: CryptoService;
      flows: FlowStore;
      passwordChange: PasswordChangeService;
      sessions: SessionService;
      verification: VerificationService;
    },
  ) {}

  /**
   * After a successful first factor: a session when nothing is pending, else a flow and no session.
   * The login's audit row is written either way.
   */
  async start(
    tenant: Tenant,
    user: User,
    input: { client: Client; operation: Operation; redirectTo?: string; binding: () => string },
  ): Promise<Progress> {
    const step = await this.pendingStep(tenant, user, []);
    const { client, operation } = input;
    if (!step) return { ...(await this.signIn(tenant, user, client, operation)), redirect: input.redirectTo };
    await this.audit(tenant, user, operation, client, { flow: 'AFTER_AUTHENTICATION', step }, this.deps.db);
    const record = await this.deps.flows.create({
      tenantId: tenant.id,
      type: 'AFTER_AUTHENTICATION',
      userId: user.id,
      binding: input.binding(),
      step,
      redirectTo: input.redirectTo,
    });
    return { flow: await this.view(tenant, record, user, client.lang) };
  }

  /** The flow's current step as the client renders it. */
  async view(tenant: Tenant, record: FlowRecord, user: User, lang: Lang): Promise<FlowView> {
    const view: FlowView = {
      id: record.id,
      type: record.type,
      step: record.step,
      expiresAt: record.expiresAt,
      userName: user.username,
    };
    if (record.step === 'CHANGE_PASSWORD') {
      view.changePassword = passwordState(tenant, user) ?? { reason: 'EXPIRED', canSkip: false, daysLeft: 0 };
    } else if (record.step === 'SIGN_AGREEMENT') {
      view.agreements = (await this.deps.agreements.unsigned(tenant.id, user.id)).map((a) =>
        toAgreementView(a, lang),
      );
    } else if (record.step === 'COMPLETE_PROFILE') {
      view.profile = { fields: profileFieldsOf(tenant), values: parseProfile(user) };
    }
    return view;
  }

  /** The user of a flow, or FLOW.0001 when the account went away or was disabled meanwhile. */
  async userOf(tenant: Tenant, record: FlowRecord): Promise<User> {
    const user = await this.deps.accounts.findById(tenant.id, record.userId);
    if (!user || user.status !== 'active') {
      await this.deps.flows.end(record.id);
      throw new AppError('FLOW.0001');
    }
    return user;
  }

  /** Refuses an answer to any step but the current one. */
  expect(record: FlowRecord, step: FlowStep, lang: Lang): void {
    if (record.step !== step) throw new AppError('FLOW.0002', { step: FLOW_STEP_NAMES[record.step][lang] });
  }

  /** After a step: the next one, or the end of the flow and a session. */
  async advance(tenant: Tenant, record: FlowRecord, client: Client): Promise<Progress> {
    const user = await this.userOf(tenant, record);
    const step = await this.pendingStep(tenant, user, record.skipped);
    if (!step) {
      await this.deps.flows.end(record.id);
      const { secret, session } = await this.deps.sessions.create({
        tenantId: tenant.id,
        userId: user.id,
        ip: client.ip,
        userAgent: client.userAgent,
      });
      return { user, secret, session, redirect: record.redirectTo };
    }
    record.step = step;
    await this.deps.flows.save(record);
    return { flow: await this.view(tenant, record, user, client.lang) };
  }

  async changePassword(tenant: Tenant, record: FlowRecord, encrypted: string, client: Client) {
    this.expect(record, 'CHANGE_PASSWORD', client.lang);
    const user = await this.userOf(tenant, record);
    const password = await this.deps.crypto.decrypt(tenant.id, encrypted);
    const state = passwordState(tenant, user);
    await this.deps.passwordChange.change(tenant, user, password, {
      lang: client.lang,
      client,
      operation: 'UPDATE_PWD',
      // An expired password must be replaceable whenever it was last changed.
      enforceInterval: state?.reason !== 'EXPIRED',
    });
    return this.advance(tenant, record, client);
  }

  async skip(tenant: Tenant, record: FlowRecord, client: Client) {
    const user = await this.userOf(tenant, record);
    if (record.step !== 'CHANGE_PASSWORD' || !passwordState(tenant, user)?.canSkip)
      throw new AppError('FLOW.0004');
    record.skipped.push(record.step);
    return this.advance(tenant, record, client);
  }

  async signAgreement(tenant: Tenant, record: FlowRecord, id: string, client: Client) {
    this.expect(record, 'SIGN_AGREEMENT', client.lang);
    const user = await this.userOf(tenant, record);
    await this.deps.db.transaction().execute(async (trx) => {
      await this.deps.agreements.sign(tenant.id, user.id, [id], client.ip, trx);
      await this.audit(tenant, user, 'SIGN_AGREEMENT', client, { id }, trx);
    });
    return this.advance(tenant, record, client);
  }

  async completeProfile(tenant: Tenant, record: FlowRecord, values: Record<string, string>, client: Client) {
    this.expect(record, 'COMPLETE_PROFILE', client.lang);
    const user = await this.userOf(tenant, record);
    const merged = { ...parseProfile(user), ...values };
    const profile = checkedProfile(tenant, merged, client.lang);
    await this.deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ profile: JSON.stringify(profile), updated_at: Date.now() })
        .where('id', '=', user.id)
        .execute();
      await this.audit(tenant, user, 'UPDATE_PROFILE', client, { fields: Object.keys(values) }, trx);
    });
    return this.advance(tenant, record, client);
  }

  /** BIND_MOBILE, part one: a code to a number no other account has. */
  async sendMobileCode(tenant: Tenant, record: FlowRecord, target: CodeTarget, client: Client) {
    this.expect(record, 'BIND_MOBILE', client.lang);
    await this.userOf(tenant, record);
    if (await this.deps.accounts.findByMobile(tenant.id, target.recipient)) throw new AppError('MOBILE.0001');
    const sent = await this.deps.verification.send(tenant, 'BIND_MOBILE', target, client);
    record.mobile = target.recipient;
    await this.deps.flows.save(record);
    return sent;
  }

  /** BIND_MOBILE, part two: the code of that number binds it. */
  async bindMobile(tenant: Tenant, record: FlowRecord, target: CodeTarget, code: string, client: Client) {
    this.expect(record, 'BIND_MOBILE', client.lang);
    const user = await this.userOf(tenant, record);
    await this.deps.verification.verify(tenant, 'BIND_MOBILE', target.recipient, code);
    if (record.mobile !== target.recipient) throw new AppError('CODE.0001');
    if (await this.deps.accounts.findByMobile(tenant.id, target.recipient)) throw new AppError('MOBILE.0001');
    await this.deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ mobile: target.recipient, updated_at: Date.now() })
        .where('id', '=', user.id)
        .execute();
      await this.audit(tenant, user, 'BIND_MOBILE', client, { mobile: target.recipient }, trx);
    });
    return this.advance(tenant, record, client);
  }

  /** The first step still needed, in the order of the specification's post-login handling. */
  private async pendingStep(tenant: Tenant, user: User, skipped: FlowStep[]): Promise<FlowStep | null> {
    if (!skipped.includes('CHANGE_PASSWORD') && passwordState(tenant, user)) return 'CHANGE_PASSWORD';
    if ((await this.deps.agreements.unsigned(tenant.id, user.id)).length > 0) return 'SIGN_AGREEMENT';
    const policy = tenant.settings.afterLogin ?? {};
    if (policy.completeProfile) {
      const values = parseProfile(user);
      if (profileFieldsOf(tenant).some((f) => f.required && !values[f.key])) return 'COMPLETE_PROFILE';
    }
    if (policy.bindMobile && !user.mobile) return 'BIND_MOBILE';
    return null;
  }

  /** A session and the login's audit row, together or not at all. */
  private signIn(tenant: Tenant, user: User, client: Client, operation: Operation): Promise<Progress> {
    return this.deps.db.transaction().execute(async (trx) => {
      const { secret, session } = await this.deps.sessions.create(
        { tenantId: tenant.id, userId: user.id, ip: client.ip, userAgent: client.userAgent },
        trx,
      );
      await this.audit(tenant, user, operation, client, undefined, trx);
      return { user, secret, session };
    });
  }

  private audit(
    tenant: Tenant,
    user: User,
    operation: Operation,
    client: Client,
    detail: Record<string, unknown> | undefined,
    trx: Pick<Db, 'insertInto'>,
  ) {
    const { lang: _lang, ...info } = client;
    return this.deps.audit.record(
      {
        tenantId: tenant.id,
        userId: user.id,
        username: user.username,
        operation,
        result: 'success',
        code: '0',
        detail,
        ...info,
      },
      trx,
    );
  }
}
