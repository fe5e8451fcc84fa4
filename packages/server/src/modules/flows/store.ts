/**
 * Flow records (DESIGN section 6) in the ephemeral store. A record belongs to one tenant and to
 * the browser that started it: the `tessera_flow` cookie holds a secret whose SHA-256 the record
 * keeps, so a flow id seen in an address bar is of no use in another browser.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FlowStep, FlowType, SecondFactor } from '@tessera/shared';
import { AppError } from '../../http/errors.ts';
import type { EphemeralStore } from '../ephemeral/store.ts';

export const FLOW_COOKIE = 'tessera_flow';
/** A flow lives this long after its last step. */
export const FLOW_TTL_MS = 15 * 60_000;

export interface FlowRecord {
  id: string;
  tenantId: string;
  type: FlowType;
  userId: string;
  /** SHA-256 (base64url) of the browser's flow cookie. */
  binding: string;
  /** The step the client must answer now. */
  step: FlowStep;
  /** Steps the user chose to skip (only skippable ones). */
  skipped: FlowStep[];
  /** Same-origin path to go to at the end (the login's redirect_to). */
  redirectTo?: string;
  /** BIND_MOBILE: the number the last code went to. */
  mobile?: string;
  /** The tenant's policy asked for a second factor at this login, and whether it was passed. */
  mfa: boolean;
  mfaDone: boolean;
  /** The factors the policy (the tenant's, or the application's) accepts. */
  factors: SecondFactor[];
  /** ENTER_APPLICATION: the application, the provider's interaction, and whether an account was chosen. */
  clientId?: string;
  interaction?: string;
  accountChosen?: boolean;
  /** The device fingerprint and IP of the login, remembered once the flow ends. */
  device: string;
  ip: string;
  /** SECOND_FACTOR by the authenticator app: the request the phone answers. */
  approvalId?: string;
  expiresAt: number;
}

export const bindingOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');
export const newBindingSecret = () => randomBytes(32).toString('base64url');

const key = (id: string) => `flow:${id}`;

export class FlowStore {
  constructor(private readonly store: EphemeralStore) {}

  async create(input: Omit<FlowRecord, 'id' | 'expiresAt' | 'skipped' | 'mfaDone'>): Promise<FlowRecord> {
    const record: FlowRecord = {
      ...input,
      id: randomBytes(32).toString('base64url'),
      skipped: [],
      mfaDone: false,
      expiresAt: 0,
    };
    await this.save(record);
    return record;
  }

  /** The flow of this tenant and browser, or FLOW.0001 (unknown, expired, other browser) / FLOW.0003. */
  async load(tenantId: string, id: string, cookieSecret: string | undefined): Promise<FlowRecord> {
    const text = await this.store.get(key(id));
    if (!text) throw new AppError('FLOW.0001');
    const record = JSON.parse(text) as FlowRecord;
    if (record.tenantId !== tenantId) throw new AppError('FLOW.0003');
    const expected = Buffer.from(record.binding);
    const given = Buffer.from(cookieSecret ? bindingOf(cookieSecret) : '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new AppError('FLOW.0001');
    return record;
  }

  /** Stores the record; each step gives the flow a fresh lifetime. */
  async save(record: FlowRecord): Promise<void> {
    record.expiresAt = Date.now() + FLOW_TTL_MS;
    await this.store.set(key(record.id), JSON.stringify(record), FLOW_TTL_MS);
  }

  end(id: string): Promise<void> {
    return this.store.delete(key(id));
  }
}
