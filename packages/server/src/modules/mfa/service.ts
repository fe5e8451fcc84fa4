/**
 * The second factor after the first (specification sections 4 and 5; docs/factors.md): whether
 * the tenant's policy asks for one at this login, which factors the user can use, and checking
 * the one chosen. Wrong codes count against the account like wrong login codes.
 */
import {
  type FactorChoice,
  type MfaMode,
  SECOND_FACTORS,
  type SecondFactor,
  maskContact,
} from '@tessera/shared';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../http/errors.ts';
import type { User } from '../accounts/service.ts';
import type { AuditService, Operation } from '../audit/service.ts';
import type { AuthenticatorService } from '../authenticator/service.ts';
import type { Fido2Service, RelyingParty } from '../fido2/service.ts';
import type { Client } from '../flows/after-auth.ts';
import type { LoginThrottle } from '../login/throttle.ts';
import type { OtpService } from '../otp/service.ts';
import type { Tenant } from '../tenancy/service.ts';
import type { VerificationService } from '../verification/service.ts';

const HOUR_MS = 3_600_000;
/** Failed logins of the account in the last hour that make a login risky. */
const RISKY_FAILURES = 3;
/** Failures that make a second factor fail for good count like these login failures. */
const COUNTED = new Set(['CODE.0001', 'CODE.0002', 'OTP.0001', 'FIDO2.0001']);

export interface MfaPolicy {
  when: MfaMode;
  factors: SecondFactor[];
}

export function mfaPolicyOf(tenant: Tenant): MfaPolicy {
  return { when: 'never', factors: [...SECOND_FACTORS], ...tenant.settings.mfa };
}

export interface FactorAnswer {
  code?: string;
  response?: AuthenticationResponseJSON;
}

export class MfaService {
  constructor(
    private readonly deps: {
      db: Db;
      audit: AuditService;
      authenticator: AuthenticatorService;
      fido2: Fido2Service;
      otp: OtpService;
      throttle: LoginThrottle;
      verification: VerificationService;
    },
  ) {}

  /** Whether this login must pass a second factor under the tenant's policy. */
  async needed(tenant: Tenant, user: User, client: Client, policy = mfaPolicyOf(tenant)): Promise<boolean> {
    const { when } = policy;
    if (when === 'never') return false;
    if (when === 'always') return true;
    const newDevice = !(await this.known(user, 'device', client.device));
    if (when === 'newDevice' || newDevice) return newDevice;
    if (!(await this.known(user, 'ip', client.ip))) return true;
    const failures = await this.deps.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenant.id)
      .where('username', '=', user.username)
      .where('result', '=', 'failure')
      .where('created_at', '>', Date.now() - HOUR_MS)
      .executeTakeFirst();
    return Number(failures?.n ?? 0) >= RISKY_FAILURES;
  }

  /** The factors the policy allows that the user has, with masked hints. */
  async choices(user: User, factors: SecondFactor[]): Promise<FactorChoice[]> {
    const allowed = new Set(factors);
    const [otp, keys, phone] = await Promise.all([
      this.deps.otp.status(user.id),
      this.deps.fido2.keys(user.id),
      this.deps.authenticator.device(user.id),
    ]);
    const all: (FactorChoice | false)[] = [
      !!user.mobile && { type: 'SMS', hint: maskContact(user.mobile) },
      !!user.email && { type: 'EMAIL', hint: maskContact(user.email) },
      otp.bound && { type: 'OTP', hint: '' },
      keys.length > 0 && { type: 'FIDO2', hint: String(keys.length) },
      !!phone && { type: 'AUTHENTICATOR', hint: '' },
    ];
    return all.filter((c): c is FactorChoice => !!c && allowed.has(c.type));
  }

  /** A code to the account's own phone or address (MFA_SMS / MFA_EMAIL). */
  async send(tenant: Tenant, user: User, factor: SecondFactor, client: Client, allowed: SecondFactor[]) {
    if (factor !== 'SMS' && factor !== 'EMAIL') throw new AppError('MFA.0002');
    await this.assertChoice(user, factor, allowed);
    const target =
      factor === 'SMS'
        ? { channel: 'sms' as const, recipient: user.mobile! }
        : { channel: 'email' as const, recipient: user.email! };
    const sent = await this.deps.verification.send(tenant, 'MFA', target, client);
    await this.deps.audit.success(user, factor === 'SMS' ? 'MFA_SMS' : 'MFA_EMAIL', client, { sent: true });
    return sent;
  }

  /** Checks the answer of a code factor or FIDO2; the authenticator is answered on the phone. */
  async verify(
    tenant: Tenant,
    user: User,
    factor: SecondFactor,
    answer: FactorAnswer,
    context: { client: Client; rp: RelyingParty; allowed: SecondFactor[] },
  ) {
    const { client, rp } = context;
    await this.assertChoice(user, factor, context.allowed);
    await this.deps.throttle.check(tenant.id, user.username, client.ip);
    try {
      await this.check(tenant, user, factor, answer, rp);
    } catch (err) {
      if (err instanceof AppError && COUNTED.has(err.code))
        await this.deps.throttle.recordFailure(tenant.id, user.username, client.ip);
      throw err;
    }
    await this.deps.audit.success(user, operationOf(factor), client, { verified: true });
  }

  /** Remembers the device and IP of a completed sign-in, for the newDevice and risky policies. */
  async remember(user: User, client: Pick<Client, 'device' | 'ip'>): Promise<void> {
    const now = Date.now();
    for (const [kind, value] of [
      ['device', client.device],
      ['ip', client.ip],
    ] as const) {
      if (!value) continue;
      await this.deps.db
        .insertInto('known_devices')
        .values({ user_id: user.id, kind, value: value.slice(0, 128), last_seen_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'kind', 'value']).doUpdateSet({ last_seen_at: now }))
        .execute();
    }
  }

  private async check(
    tenant: Tenant,
    user: User,
    factor: SecondFactor,
    answer: FactorAnswer,
    rp: RelyingParty,
  ) {
    const code = answer.code?.trim() ?? '';
    switch (factor) {
      case 'SMS':
        return this.deps.verification.verify(tenant, 'MFA', user.mobile!, code);
      case 'EMAIL':
        return this.deps.verification.verify(tenant, 'MFA', user.email!, code);
      case 'OTP':
        if (!code) throw new AppError('COMMON.0401', { field: 'otp' });
        return this.deps.otp.verify(user, code);
      case 'FIDO2':
        if (!answer.response) throw new AppError('COMMON.0401', { field: 'response' });
        await this.deps.fido2.authenticate(tenant, answer.response, rp, 'mfa', user.id);
        return;
      case 'AUTHENTICATOR':
        throw new AppError('MFA.0002');
    }
  }

  private async assertChoice(user: User, factor: SecondFactor, allowed: SecondFactor[]) {
    const choices = await this.choices(user, allowed);
    if (!choices.some((c) => c.type === factor)) throw new AppError('MFA.0002');
  }

  private async known(user: User, kind: 'device' | 'ip', value: string): Promise<boolean> {
    if (!value) return false;
    const row = await this.deps.db
      .selectFrom('known_devices')
      .select('value')
      .where('user_id', '=', user.id)
      .where('kind', '=', kind)
      .where('value', '=', value.slice(0, 128))
      .executeTakeFirst();
    return !!row;
  }
}

function operationOf(factor: SecondFactor): Operation {
  return `MFA_${factor}` as Operation;
}
