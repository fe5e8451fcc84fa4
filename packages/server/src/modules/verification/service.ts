/**
 * Verification codes (specification sections 1, 5, 8): random, stored only as a hash, expiring,
 * a few tries, single use; resends wait an interval, and each number, address and IP has a daily
 * cap. When any rule says no, nothing is sent.
 */
import { createHash, randomInt } from 'node:crypto';
import {
  CODE_LENGTH,
  CODE_MAX_TRIES,
  CODE_TTL_SECONDS,
  type CodeChannel,
  type CodePurpose,
  type Lang,
  RESEND_INTERVAL_SECONDS,
  isEmail,
  isMobile,
} from '@tessera/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../http/errors.ts';
import type { EphemeralStore } from '../ephemeral/store.ts';
import type { Tenant } from '../tenancy/service.ts';
import { messageText } from './messages.ts';
import { senderFor } from './senders/index.ts';
import { SendError, type Sender } from './senders/types.ts';

export const DAILY_CAP = { recipient: 10, ip: 50 } as const;
const DAY_MS = 86_400_000;

export interface CodeTarget {
  channel: CodeChannel;
  /** E.164 for phones, lower-cased address for email. */
  recipient: string;
}

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/** Checks a phone number or email and answers it in its stored form, or throws CODE.0003..0005. */
export function normalizeRecipient(
  tenant: Tenant,
  channel: CodeChannel,
  raw: string,
  areaCode?: string,
): CodeTarget {
  const value = raw.trim();
  if (channel === 'email') {
    if (!isEmail(value)) throw new AppError('CODE.0004');
    return { channel, recipient: value.toLowerCase() };
  }
  const code = areaCode ?? tenant.loginConfig.preferredAreaCode;
  if (!tenant.loginConfig.supportAreaCodeList.includes(code)) throw new AppError('CODE.0005');
  if (!isMobile(value, code)) throw new AppError('CODE.0003');
  return { channel, recipient: `${code}${value}` };
}

export class VerificationService {
  constructor(
    private readonly deps: {
      db: Db;
      store: EphemeralStore;
      log?: FastifyBaseLogger;
      /** Tests and admins may swap the sender; by default the tenant settings choose. */
      senderFor?: (tenant: Tenant, channel: CodeChannel) => Sender;
    },
  ) {}

  private key(tenant: Tenant, purpose: CodePurpose, recipient: string) {
    return `code:${tenant.id}:${purpose}:${recipient}`;
  }

  /** Sends a code; answers the resend interval and lifetime in seconds. */
  async send(
    tenant: Tenant,
    purpose: CodePurpose,
    target: CodeTarget,
    client: { ip: string; lang: Lang },
  ): Promise<{ interval: number; expiresIn: number }> {
    const { store } = this.deps;
    const day = Math.floor(Date.now() / DAY_MS);
    if (!(await store.addOnce(`resend:${tenant.id}:${target.recipient}`, RESEND_INTERVAL_SECONDS * 1000))) {
      throw new AppError('COMMON.0429');
    }
    const [perRecipient, perIp] = await Promise.all([
      store.increment(`cap:rcpt:${tenant.id}:${target.recipient}:${day}`, DAY_MS),
      store.increment(`cap:ip:${tenant.id}:${client.ip}:${day}`, DAY_MS),
    ]);
    if (perRecipient > DAILY_CAP.recipient || perIp > DAILY_CAP.ip) throw new AppError('COMMON.0429');

    const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
    const key = this.key(tenant, purpose, target.recipient);
    await store.set(key, digest(`${key}:${code}`), CODE_TTL_SECONDS * 1000);
    await store.delete(`tries:${key}`);
    const { text, subject } = messageText(tenant.settings, client.lang, purpose, {
      code,
      minutes: CODE_TTL_SECONDS / 60,
      tenantName: client.lang === 'en' ? tenant.nameEn : tenant.name,
    });
    const sender =
      this.deps.senderFor?.(tenant, target.channel) ??
      senderFor(this.deps.db, tenant.settings, target.channel, this.deps.log as never);
    try {
      await sender.send({
        tenantId: tenant.id,
        channel: target.channel,
        recipient: target.recipient,
        purpose,
        lang: client.lang,
        code,
        text,
        subject,
      });
    } catch (err) {
      // Nothing was sent: forget the code and let the user try again at once.
      await Promise.all([store.delete(key), store.delete(`resend:${tenant.id}:${target.recipient}`)]);
      const detail =
        err instanceof SendError ? { provider: err.provider, providerCode: err.providerCode } : {};
      this.deps.log?.warn({ ...detail, err: (err as Error).message }, 'code sending failed');
      throw new AppError('CODE.0006');
    }
    return { interval: RESEND_INTERVAL_SECONDS, expiresIn: CODE_TTL_SECONDS };
  }

  /** Checks a code once: wrong answers count, the right one is used up. */
  async verify(tenant: Tenant, purpose: CodePurpose, recipient: string, code: string): Promise<void> {
    const { store } = this.deps;
    const key = this.key(tenant, purpose, recipient);
    const stored = await store.get(key);
    if (!stored) throw new AppError('CODE.0001');
    if (stored !== digest(`${key}:${code.trim()}`)) {
      const tries = await store.increment(`tries:${key}`, CODE_TTL_SECONDS * 1000);
      if (tries >= CODE_MAX_TRIES) {
        await store.delete(key);
        throw new AppError('CODE.0002');
      }
      throw new AppError('CODE.0001');
    }
    // Two requests with the same right code: only the first one wins.
    if (!(await store.addOnce(`used:${stored}`, CODE_TTL_SECONDS * 1000))) throw new AppError('CODE.0001');
    await store.delete(key);
  }
}
