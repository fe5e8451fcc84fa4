/**
 * Brute-force defence (DESIGN section 5): failure counters per account and per client IP, with
 * waits that double as failures go on. Counters are keyed by the name typed, whether or not such
 * an account exists, so the answers reveal nothing about which accounts exist.
 */
import { AppError } from '../../http/errors.ts';
import type { EphemeralStore } from '../ephemeral/store.ts';

export const THROTTLE = {
  /** Failures of one account before it is locked; each further failure doubles the lock. */
  accountThreshold: 5,
  accountBaseLockMs: 60_000,
  accountMaxLockMs: 60 * 60_000,
  /** Failures from one IP (any account) before it must wait; each further failure doubles it. */
  ipThreshold: 20,
  ipBaseWaitMs: 1_000,
  ipMaxWaitMs: 15 * 60_000,
  /** A counter forgets failures this long after the last one. */
  windowMs: 60 * 60_000,
} as const;

const escalate = (count: number, threshold: number, base: number, max: number) =>
  Math.min(base * 2 ** Math.min(count - threshold, 20), max);

export class LoginThrottle {
  constructor(private readonly store: EphemeralStore) {}

  private keys(tenantId: string, account: string, ip: string) {
    const acct = `${tenantId}:${account.trim().toLowerCase()}`;
    return {
      accountFails: `fail:acct:${acct}`,
      accountLock: `lock:acct:${acct}`,
      ipFails: `fail:ip:${tenantId}:${ip}`,
      ipLock: `lock:ip:${tenantId}:${ip}`,
    };
  }

  /** Throws AUTH.LOGIN.0002 (account locked) or AUTH.LOGIN.0003 (IP must wait). */
  async check(tenantId: string, account: string, ip: string, now = Date.now()): Promise<void> {
    const k = this.keys(tenantId, account, ip);
    const [accountUntil, ipUntil] = await Promise.all([
      this.store.get(k.accountLock),
      this.store.get(k.ipLock),
    ]);
    if (accountUntil && Number(accountUntil) > now) {
      throw new AppError('AUTH.LOGIN.0002', { minutes: Math.ceil((Number(accountUntil) - now) / 60_000) });
    }
    if (ipUntil && Number(ipUntil) > now) {
      throw new AppError('AUTH.LOGIN.0003', { seconds: Math.ceil((Number(ipUntil) - now) / 1000) });
    }
  }

  async recordFailure(tenantId: string, account: string, ip: string, now = Date.now()): Promise<void> {
    const k = this.keys(tenantId, account, ip);
    const [accountCount, ipCount] = await Promise.all([
      this.store.increment(k.accountFails, THROTTLE.windowMs),
      this.store.increment(k.ipFails, THROTTLE.windowMs),
    ]);
    const t = THROTTLE;
    if (accountCount >= t.accountThreshold) {
      const ms = escalate(accountCount, t.accountThreshold, t.accountBaseLockMs, t.accountMaxLockMs);
      await this.store.set(k.accountLock, String(now + ms), ms);
    }
    if (ipCount >= t.ipThreshold) {
      const ms = escalate(ipCount, t.ipThreshold, t.ipBaseWaitMs, t.ipMaxWaitMs);
      await this.store.set(k.ipLock, String(now + ms), ms);
    }
  }

  /** A successful login clears the account's counter; the IP counter decays on its own. */
  async recordSuccess(tenantId: string, account: string, ip: string): Promise<void> {
    const k = this.keys(tenantId, account, ip);
    await Promise.all([this.store.delete(k.accountFails), this.store.delete(k.accountLock)]);
  }

  /** Current failure counts of an account and an IP, for the captcha policy. */
  async failures(tenantId: string, account: string, ip: string): Promise<{ account: number; ip: number }> {
    const k = this.keys(tenantId, account, ip);
    const [a, i] = await Promise.all([this.store.get(k.accountFails), this.store.get(k.ipFails)]);
    return { account: Number(a ?? 0), ip: Number(i ?? 0) };
  }

  /** Admin unlock. */
  async unlock(tenantId: string, account: string): Promise<void> {
    await this.recordSuccess(tenantId, account, '');
  }
}
