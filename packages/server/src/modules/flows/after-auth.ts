/**
 * The AFTER_AUTHENTICATION flow (specification section 4, main flow): once the first factor has
 * passed, the steps the tenant's policy asks for — change an expired password, sign new
 * agreements, complete the profile, bind a mobile number — and only then a session. The next step
 * is computed from the account each time, so a step is asked for exactly while it is still needed.
 */
import {
  type ApprovalState,
  FLOW_STEP_NAMES,
  type FlowStep,
  type FlowView,
  type Lang,
  type SecondFactor,
} from '@tessera/shared';
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
import type { AuthenticatorService } from '../authenticator/service.ts';
import type { Fido2Service, RelyingParty } from '../fido2/service.ts';
import { type FactorAnswer, type MfaService, mfaPolicyOf } from '../mfa/service.ts';
import type { OtpService } from '../otp/service.ts';
import { type Application, type ApplicationService, mfaOf } from '../applications/service.ts';
import type { EphemeralStore } from '../ephemeral/store.ts';
import { OIDC_PREFIX } from '../oidc/provider.ts';
import { FLOW_TTL_MS, type FlowRecord, type FlowStore } from './store.ts';

/** What decides the next step besides the account: the flow's own progress. */
type FlowState = Pick<
  FlowRecord,
  'type' | 'skipped' | 'mfa' | 'mfaDone' | 'factors' | 'clientId' | 'accountChosen'
>;

export interface Client extends ClientInfo {
  lang: Lang;
}

/** Where a login or a step leaves the user: a next step, or signed in. */
export type SignedIn = {
  flow?: undefined;
  done?: undefined;
  user: User;
  secret: string;
  session: Session;
  redirect?: string;
};
/** ENTER_APPLICATION is over: the browser goes back to the provider's interaction. */
export type EnteredApplication = { done: true; redirect: string; flow?: undefined; user?: undefined };
export type Progress = { flow: FlowView; user?: undefined; done?: undefined } | SignedIn | EnteredApplication;

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
      mfa: MfaService;
      otp: OtpService;
      fido2: Fido2Service;
      authenticator: AuthenticatorService;
      applications: ApplicationService;
      store: EphemeralStore;
    },
  ) {}

  /**
   * ENTER_APPLICATION for a signed-in user: the application's second-factor policy, then the
   * choice among the user's accounts of it; then back to the provider's interaction.
   */
  async enterApplication(
    tenant: Tenant,
    user: User,
    input: { app: Application; interaction: string; client: Client; binding: () => string },
  ): Promise<Progress> {
    const { app, client } = input;
    const policy = { ...mfaPolicyOf(tenant), when: 'never' as const, ...mfaOf(app) };
    const state = {
      type: 'ENTER_APPLICATION' as const,
      skipped: [],
      mfa: await this.deps.mfa.needed(tenant, user, client, policy),
      mfaDone: false,
      factors: policy.factors,
      clientId: app.client_id,
      accountChosen: false,
    };
    const step = await this.pendingStep(tenant, user, state);
    if (!step) return this.enteredApplication(tenant, user, input.interaction);
    const record = await this.deps.flows.create({
      ...state,
      tenantId: tenant.id,
      userId: user.id,
      binding: input.binding(),
      step,
      interaction: input.interaction,
      device: client.device,
      ip: client.ip,
    });
    return { flow: await this.view(tenant, record, user, client.lang) };
  }

  /** The user who finished ENTER_APPLICATION for this interaction; answered once. */
  async applicationEntered(tenant: Tenant, interaction: string): Promise<string | undefined> {
    const key = `entered:${tenant.id}:${interaction}`;
    const userId = await this.deps.store.get(key);
    if (userId) await this.deps.store.delete(key);
    return userId;
  }

  /** CHOOSE_ACCOUNT: the account of the application to sign in as; it goes into the claims. */
  async chooseAccount(tenant: Tenant, record: FlowRecord, accountId: string, client: Client) {
    this.expect(record, 'CHOOSE_ACCOUNT', client.lang);
    const user = await this.userOf(tenant, record);
    await this.deps.applications.choose(record.clientId!, user.id, accountId);
    record.accountChosen = true;
    return this.advance(tenant, record, client);
  }

  private async enteredApplication(
    tenant: Tenant,
    user: User,
    interaction: string,
  ): Promise<EnteredApplication> {
    await this.deps.store.set(`entered:${tenant.id}:${interaction}`, user.id, FLOW_TTL_MS);
    return { done: true, redirect: `${OIDC_PREFIX}/interaction/${interaction}/complete` };
  }

  /**
   * After a successful first factor: a session when nothing is pending, else a flow and no session.
   * The login's audit row is written either way.
   */
  async start(
    tenant: Tenant,
    user: User,
    input: { client: Client; operation: Operation; redirectTo?: string; binding: () => string },
  ): Promise<Progress> {
    const { client, operation } = input;
    const policy = mfaPolicyOf(tenant);
    const state = {
      type: 'AFTER_AUTHENTICATION' as const,
      skipped: [],
      mfa: await this.deps.mfa.needed(tenant, user, client, policy),
      mfaDone: false,
      factors: policy.factors,
    };
    const step = await this.pendingStep(tenant, user, state);
    if (!step) return { ...(await this.signIn(tenant, user, client, operation)), redirect: input.redirectTo };
    await this.deps.audit.success(user, operation, client, { flow: 'AFTER_AUTHENTICATION', step });
    const record = await this.deps.flows.create({
      tenantId: tenant.id,
      type: 'AFTER_AUTHENTICATION',
      userId: user.id,
      binding: input.binding(),
      step,
      redirectTo: input.redirectTo,
      mfa: state.mfa,
      factors: state.factors,
      device: client.device,
      ip: client.ip,
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
    const app = record.clientId && (await this.deps.applications.find(tenant.id, record.clientId));
    if (app) view.application = this.deps.applications.info(app, lang);
    if (record.step === 'CHANGE_PASSWORD') {
      view.changePassword = passwordState(tenant, user) ?? { reason: 'EXPIRED', canSkip: false, daysLeft: 0 };
    } else if (record.step === 'SIGN_AGREEMENT') {
      view.agreements = (await this.deps.agreements.unsigned(tenant.id, user.id)).map((a) =>
        toAgreementView(a, lang),
      );
    } else if (record.step === 'COMPLETE_PROFILE') {
      view.profile = { fields: profileFieldsOf(tenant), values: parseProfile(user) };
    } else if (record.step === 'CHOOSE_ACCOUNT') {
      view.accounts = await this.deps.applications.accountsOf(record.clientId!, user.id);
    } else if (record.step === 'SECOND_FACTOR') {
      view.secondFactor = { factors: await this.deps.mfa.choices(user, record.factors) };
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
    const step = await this.pendingStep(tenant, user, record);
    if (!step && record.type === 'ENTER_APPLICATION') {
      await this.deps.flows.end(record.id);
      return this.enteredApplication(tenant, user, record.interaction!);
    }
    if (!step) {
      await this.deps.flows.end(record.id);
      const { secret, session } = await this.deps.sessions.create({
        tenantId: tenant.id,
        userId: user.id,
        ip: client.ip,
        userAgent: client.userAgent,
      });
      await this.deps.mfa.remember(user, { device: record.device, ip: record.ip });
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
      await this.deps.audit.success(user, 'SIGN_AGREEMENT', client, { id }, trx);
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
      await this.deps.audit.success(user, 'UPDATE_PROFILE', client, { fields: Object.keys(values) }, trx);
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
      await this.deps.audit.success(user, 'BIND_MOBILE', client, { mobile: target.recipient }, trx);
    });
    return this.advance(tenant, record, client);
  }

  /** BIND_OTP, part one: a key to scan (the QR code of the wizard). */
  async otpKey(tenant: Tenant, record: FlowRecord, lang: Lang) {
    this.expect(record, 'BIND_OTP', lang);
    return this.deps.otp.generate(tenant, await this.userOf(tenant, record));
  }

  /** BIND_OTP, part two: a code of the key binds it; when the policy asked for a factor, that was it. */
  async bindOtp(tenant: Tenant, record: FlowRecord, code: string, client: Client) {
    this.expect(record, 'BIND_OTP', client.lang);
    const user = await this.userOf(tenant, record);
    const { lang: _lang, ...info } = client;
    await this.deps.otp.bind(tenant, user, code, info);
    record.mfaDone = record.mfaDone || record.mfa;
    return this.advance(tenant, record, client);
  }

  /** SECOND_FACTOR by SMS or email: a code to the account's own phone or address. */
  async sendFactorCode(tenant: Tenant, record: FlowRecord, factor: SecondFactor, client: Client) {
    this.expect(record, 'SECOND_FACTOR', client.lang);
    return this.deps.mfa.send(tenant, await this.userOf(tenant, record), factor, client, record.factors);
  }

  /** SECOND_FACTOR by FIDO2, part one: the assertion's options for the user's keys. */
  async fido2Options(tenant: Tenant, record: FlowRecord, rp: RelyingParty, lang: Lang) {
    this.expect(record, 'SECOND_FACTOR', lang);
    const user = await this.userOf(tenant, record);
    return this.deps.fido2.authenticationOptions(tenant, rp, 'mfa', user);
  }

  /** SECOND_FACTOR by code, OTP or FIDO2: the answer passes, and the flow goes on. */
  async verifyFactor(
    tenant: Tenant,
    record: FlowRecord,
    factor: SecondFactor,
    answer: FactorAnswer,
    client: Client,
    rp: RelyingParty,
  ) {
    this.expect(record, 'SECOND_FACTOR', client.lang);
    const user = await this.userOf(tenant, record);
    await this.deps.mfa.verify(tenant, user, factor, answer, { client, rp, allowed: record.factors });
    record.mfaDone = true;
    return this.advance(tenant, record, client);
  }

  /** SECOND_FACTOR by the authenticator app: a request to the bound phone. */
  async push(tenant: Tenant, record: FlowRecord, client: Client) {
    this.expect(record, 'SECOND_FACTOR', client.lang);
    const user = await this.userOf(tenant, record);
    if (!(await this.deps.mfa.choices(user, record.factors)).some((c) => c.type === 'AUTHENTICATOR'))
      throw new AppError('MFA.0002');
    // Asking again while the phone has not answered shows the same request.
    const open = record.approvalId
      ? await this.deps.authenticator.find(tenant, record.approvalId)
      : undefined;
    if (open?.state === 'sent') return { state: open.state, expiresAt: open.expiresAt };
    const request = await this.deps.authenticator.request(tenant, user, client);
    record.approvalId = request.id;
    await this.deps.flows.save(record);
    return { state: 'sent' as ApprovalState, expiresAt: request.expiresAt };
  }

  /** Where the phone's answer stands; once approved, the flow goes on. */
  async pushState(
    tenant: Tenant,
    record: FlowRecord,
    client: Client,
  ): Promise<Progress | { state: ApprovalState }> {
    this.expect(record, 'SECOND_FACTOR', client.lang);
    if (!record.approvalId) throw new AppError('MFA.0003');
    const state = await this.deps.authenticator.state(tenant, record.approvalId);
    if (state === 'sent') return { state };
    if (state === 'expired') throw new AppError('MFA.0003');
    await this.deps.authenticator.forget(tenant, record.approvalId);
    record.approvalId = undefined;
    if (state === 'denied') {
      await this.deps.flows.save(record);
      throw new AppError('MFA.0004');
    }
    const user = await this.userOf(tenant, record);
    await this.deps.audit.success(user, 'MFA_AUTHENTICATOR', client, { approved: true });
    record.mfaDone = true;
    return this.advance(tenant, record, client);
  }

  /**
   * The first step still needed. A required second factor comes first: nothing about the account
   * may change before it is proven. Then the specification's post-login handling.
   */
  private async pendingStep(tenant: Tenant, user: User, state: FlowState): Promise<FlowStep | null> {
    const otpBound = async () => (await this.deps.otp.status(user.id)).bound;
    if (state.mfa && !state.mfaDone) {
      if ((await this.deps.mfa.choices(user, state.factors)).length > 0) return 'SECOND_FACTOR';
      // Nothing bound yet: binding an authenticator app is the second factor of this login.
      if (state.factors.includes('OTP') && !(await otpBound())) return 'BIND_OTP';
      throw new AppError('MFA.0001');
    }
    if (state.type === 'ENTER_APPLICATION') {
      const accounts = await this.deps.applications.accountsOf(state.clientId!, user.id);
      return accounts.length > 1 && !state.accountChosen ? 'CHOOSE_ACCOUNT' : null;
    }
    if (tenant.settings.afterLogin?.bindOtp && !(await otpBound())) return 'BIND_OTP';
    const skipped = state.skipped;
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
  private signIn(tenant: Tenant, user: User, client: Client, operation: Operation): Promise<SignedIn> {
    return this.deps.db
      .transaction()
      .execute(async (trx) => {
        const { secret, session } = await this.deps.sessions.create(
          { tenantId: tenant.id, userId: user.id, ip: client.ip, userAgent: client.userAgent },
          trx,
        );
        await this.deps.audit.success(user, operation, client, undefined, trx);
        return { user, secret, session };
      })
      .then(async (signedIn) => {
        await this.deps.mfa.remember(user, client);
        return signedIn;
      });
  }
}
