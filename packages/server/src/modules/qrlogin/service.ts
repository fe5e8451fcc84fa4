/**
 * QR-code login (specification sections 2 and 4): the PC shows a short-lived ticket as a QR code
 * and follows it (waiting, scanned, confirmed, expired, cancelled); the user's signed-in phone
 * scans it and confirms. The ticket is bound to the PC browser that asked for it.
 */
import { randomBytes } from 'node:crypto';
import type { QrState, QrTicket } from '@tessera/shared';
import { AppError } from '../../http/errors.ts';
import type { User } from '../accounts/service.ts';
import type { EphemeralStore } from '../ephemeral/store.ts';
import type { ClientInfo } from '../login/service.ts';
import type { Tenant } from '../tenancy/service.ts';

export const QR_TICKET_MS = 2 * 60_000;
/** Tickets one IP may ask for per minute: each is a row in the store. */
const TICKETS_PER_MINUTE = 30;

interface StoredTicket {
  state: QrState;
  binding: string;
  ip: string;
  userAgent: string;
  expiresAt: number;
  userId?: string;
}

/** In-app browsers by their user-agent marks; the tenant lists the ones it accepts. */
const IN_APP: [string, RegExp][] = [
  ['wechat', /MicroMessenger/i],
  ['wecom', /wxwork/i],
  ['alipay', /AlipayClient/i],
  ['dingtalk', /DingTalk/i],
  ['qq', /\bQQ\//],
  ['weibo', /Weibo/i],
  ['feishu', /Lark|Feishu/i],
];

export function inAppBrowser(userAgent: string): string | null {
  return IN_APP.find(([, mark]) => mark.test(userAgent))?.[0] ?? null;
}

const key = (tenantId: string, ticket: string) => `qr:${tenantId}:${ticket}`;

export class QrLoginService {
  constructor(private readonly store: EphemeralStore) {}

  async issue(tenant: Tenant, binding: string, client: ClientInfo, origin: string): Promise<QrTicket> {
    if ((await this.store.increment(`qr-ip:${tenant.id}:${client.ip}`, 60_000)) > TICKETS_PER_MINUTE)
      throw new AppError('COMMON.0429');
    const ticket = randomBytes(24).toString('base64url');
    const expiresAt = Date.now() + QR_TICKET_MS;
    await this.save(tenant, ticket, {
      state: 'waiting',
      binding,
      ip: client.ip,
      userAgent: client.userAgent.slice(0, 256),
      expiresAt,
    });
    return { ticket, content: `${origin}/mobile/authentication/confirmLogin?ticket=${ticket}`, expiresAt };
  }

  /**
   * The PC's view of its ticket. A confirmed ticket answers its user once and is used up; the
   * caller signs that browser in.
   */
  async poll(tenant: Tenant, ticket: string, binding: string): Promise<{ state: QrState; userId?: string }> {
    const stored = await this.load(tenant, ticket);
    if (!stored || stored.binding !== binding) return { state: 'expired' };
    if (stored.state !== 'confirmed') return { state: stored.state };
    await this.store.delete(key(tenant.id, ticket));
    return { state: 'confirmed', userId: stored.userId };
  }

  /** The phone scanned: who is asking to sign in (the PC's IP and browser). */
  async scan(tenant: Tenant, ticket: string, user: User, userAgent: string) {
    this.assertApp(tenant, userAgent);
    const stored = await this.live(tenant, ticket);
    if (stored.state !== 'waiting' && !(stored.state === 'scanned' && stored.userId === user.id))
      throw new AppError('QR.0001');
    await this.save(tenant, ticket, { ...stored, state: 'scanned', userId: user.id });
    return { ip: stored.ip, userAgent: stored.userAgent, expiresAt: stored.expiresAt };
  }

  async decide(tenant: Tenant, ticket: string, user: User, state: 'confirmed' | 'cancelled') {
    const stored = await this.live(tenant, ticket);
    if (stored.state !== 'scanned' || stored.userId !== user.id) throw new AppError('QR.0001');
    await this.save(tenant, ticket, { ...stored, state });
  }

  /** 'The app is not supported...' for an in-app browser the tenant has not authorised. */
  assertApp(tenant: Tenant, userAgent: string) {
    const app = inAppBrowser(userAgent);
    if (app && !(tenant.settings.qrLogin?.apps ?? []).includes(app)) throw new AppError('QR.0002');
  }

  private async live(tenant: Tenant, ticket: string): Promise<StoredTicket> {
    const stored = await this.load(tenant, ticket);
    if (!stored) throw new AppError('QR.0001');
    return stored;
  }

  private async load(tenant: Tenant, ticket: string): Promise<StoredTicket | undefined> {
    const text = await this.store.get(key(tenant.id, ticket));
    return text ? (JSON.parse(text) as StoredTicket) : undefined;
  }

  private async save(tenant: Tenant, ticket: string, value: StoredTicket) {
    const ttl = value.expiresAt - Date.now();
    if (ttl <= 0) throw new AppError('QR.0001');
    await this.store.set(key(tenant.id, ticket), JSON.stringify(value), ttl);
  }
}
