/** Builds every module's service once, wiring each to the services it depends on. */
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { AdminService } from './modules/admin/service.ts';
import { AccountService } from './modules/accounts/service.ts';
import { LifecycleService } from './modules/accounts/lifecycle.ts';
import { PasswordChangeService } from './modules/accounts/password-change.ts';
import { AgreementService } from './modules/agreements/service.ts';
import { AfterAuthentication } from './modules/flows/after-auth.ts';
import { FlowStore } from './modules/flows/store.ts';
import { AuthenticatorService } from './modules/authenticator/service.ts';
import { Fido2Service } from './modules/fido2/service.ts';
import { MfaService } from './modules/mfa/service.ts';
import { OtpService } from './modules/otp/service.ts';
import { QrLoginService } from './modules/qrlogin/service.ts';
import { ApplicationService } from './modules/applications/service.ts';
import { OidcKeys } from './modules/oidc/keys.ts';
import { OidcProviders } from './modules/oidc/provider.ts';
import { AuditService } from './modules/audit/service.ts';
import { CryptoService } from './modules/crypto/service.ts';
import { RedisEphemeralStore } from './modules/ephemeral/redis.ts';
import { type EphemeralStore, SqlEphemeralStore } from './modules/ephemeral/store.ts';
import { LoginService } from './modules/login/service.ts';
import { LoginThrottle } from './modules/login/throttle.ts';
import { CaptchaPolicy } from './modules/login/captcha-policy.ts';
import { CaptchaService } from './modules/captcha/service.ts';
import { VerificationService } from './modules/verification/service.ts';
import { secretBoxFor } from './modules/secrets/keys.ts';
import { SessionService } from './modules/sessions/service.ts';
import { TenancyService } from './modules/tenancy/service.ts';
import { ThemeService } from './modules/themes/service.ts';

/** Redis when REDIS_URL is set, so processes sharing it share short-lived state; else the database. */
function ephemeralStore(db: Db, config: Config): EphemeralStore {
  return config.REDIS_URL
    ? new RedisEphemeralStore(config.REDIS_URL, config.REDIS_KEY_PREFIX)
    : new SqlEphemeralStore(db);
}

export function createServices(db: Db, config: Config) {
  // The services that keep secrets seal and open them with this box (docs/architecture.md).
  const secrets = secretBoxFor(config);
  const ephemeral = ephemeralStore(db, config);
  const audit = new AuditService(db);
  const crypto = new CryptoService(db, ephemeral, secrets);
  const tenancy = new TenancyService(db, config, crypto, secrets);
  const accounts = new AccountService(db);
  const sessions = new SessionService(db, config);
  const throttle = new LoginThrottle(ephemeral);
  const themes = new ThemeService(tenancy);
  const admin = new AdminService(db);
  const verification = new VerificationService({ db, store: ephemeral });
  const captcha = new CaptchaService(ephemeral);
  const captchaPolicy = new CaptchaPolicy(throttle, captcha);
  const agreements = new AgreementService(db);
  const passwordChange = new PasswordChangeService({ db, audit });
  const flows = new FlowStore(ephemeral);
  const otp = new OtpService({ db, store: ephemeral, audit, secrets });
  const fido2 = new Fido2Service({ db, store: ephemeral, audit, accounts });
  const authenticator = new AuthenticatorService({ db, store: ephemeral, audit });
  const mfa = new MfaService({ db, audit, authenticator, fido2, otp, throttle, verification });
  const qrLogin = new QrLoginService(ephemeral);
  const login = new LoginService({ accounts, audit, crypto, throttle, verification, otp, fido2 });
  const applications = new ApplicationService(db, secrets);
  const oidcKeys = new OidcKeys(db, secrets);
  const oidc = new OidcProviders({ db, config, keys: oidcKeys, secrets, accounts, applications, sessions });
  const afterAuth = new AfterAuthentication({
    applications,
    store: ephemeral,
    mfa,
    otp,
    fido2,
    authenticator,
    db,
    accounts,
    agreements,
    audit,
    crypto,
    flows,
    passwordChange,
    sessions,
    verification,
  });
  const lifecycle = new LifecycleService({
    db,
    store: ephemeral,
    accounts,
    audit,
    crypto,
    verification,
    agreements,
    passwordChange,
  });
  return {
    config,
    db,
    secrets,
    ephemeral,
    audit,
    crypto,
    tenancy,
    accounts,
    sessions,
    throttle,
    login,
    themes,
    admin,
    verification,
    captcha,
    captchaPolicy,
    lifecycle,
    agreements,
    passwordChange,
    flows,
    afterAuth,
    otp,
    fido2,
    authenticator,
    mfa,
    qrLogin,
    applications,
    oidcKeys,
    oidc,
  };
}

export type Services = ReturnType<typeof createServices>;
