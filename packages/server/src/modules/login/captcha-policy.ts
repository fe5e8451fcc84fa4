/**
 * When the slider captcha is asked (specification sections 3 and 7): never when the tenant's
 * enableCaptcha is off; else always, or once the account or the IP has N recent failures
 * (tenant setting captchaAfterFailures).
 */
import type { CaptchaService } from '../captcha/service.ts';
import type { Tenant } from '../tenancy/service.ts';
import type { LoginThrottle } from './throttle.ts';

export class CaptchaPolicy {
  constructor(
    private readonly throttle: LoginThrottle,
    private readonly captcha: CaptchaService,
  ) {}

  async required(tenant: Tenant, account: string, ip: string): Promise<boolean> {
    if (!tenant.loginConfig.enableCaptcha) return false;
    const after = tenant.settings.captchaAfterFailures ?? 0;
    if (after <= 0) return true;
    const counts = await this.throttle.failures(tenant.id, account, ip);
    return counts.account >= after || counts.ip >= after;
  }

  /** Uses up the captcha token when this attempt needs one (CAPTCHA.0001 when it is missing). */
  async enforce(tenant: Tenant, account: string, ip: string, token: string | undefined): Promise<void> {
    if (await this.required(tenant, account, ip)) await this.captcha.consume(tenant.id, token);
  }

  /** Sending a code costs money and reaches a stranger: with the captcha on, it is always asked. */
  async enforceForSending(tenant: Tenant, token: string | undefined): Promise<void> {
    if (tenant.loginConfig.enableCaptcha) await this.captcha.consume(tenant.id, token);
  }
}
