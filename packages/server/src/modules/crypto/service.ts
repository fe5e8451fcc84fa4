/**
 * Client encryption (DESIGN section 5): each tenant has an RSA key pair; browsers encrypt
 * `value|timestampMillis` with RSA-OAEP/SHA-256. Decryption refuses stale or future timestamps
 * and any ciphertext seen before, so a captured request cannot be replayed.
 */
import { constants, createHash, generateKeyPair, privateDecrypt, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { EphemeralStore } from '../ephemeral/store.ts';

const generate = promisify(generateKeyPair);

/** How old an encrypted value may be; also how long its ciphertext is remembered for replay. */
export const MAX_AGE_MS = 5 * 60_000;
/** Clocks differ a little between browser and server. */
const CLOCK_SKEW_MS = 60_000;

export interface KeyPair {
  publicPem: string;
  privatePem: string;
}

export class CryptoService {
  private keys = new Map<string, { publicPem: string; privatePem: string; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly ephemeral: EphemeralStore,
  ) {}

  async generateKeyPair(): Promise<KeyPair> {
    const { publicKey, privateKey } = await generate('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    return { publicPem: publicKey, privatePem: privateKey };
  }

  async storeKeyPair(trx: Kysely<Database>, tenantId: string, keys: KeyPair): Promise<void> {
    await trx.updateTable('tenant_keys').set({ active: 0 }).where('tenant_id', '=', tenantId).execute();
    await trx
      .insertInto('tenant_keys')
      .values({
        id: randomUUID(),
        tenant_id: tenantId,
        public_pem: keys.publicPem,
        private_pem: keys.privatePem,
        active: 1,
        created_at: Date.now(),
      })
      .execute();
    this.keys.delete(tenantId);
  }

  /** Replaces a tenant's key pair. Browsers holding the old public key must reload the page. */
  async rotate(tenantId: string): Promise<void> {
    const keys = await this.generateKeyPair();
    await this.db.transaction().execute((trx) => this.storeKeyPair(trx, tenantId, keys));
  }

  private async activeKey(tenantId: string) {
    const hit = this.keys.get(tenantId);
    if (hit && Date.now() - hit.at < 60_000) return hit;
    const row = await this.db
      .selectFrom('tenant_keys')
      .select(['public_pem', 'private_pem'])
      .where('tenant_id', '=', tenantId)
      .where('active', '=', 1)
      .executeTakeFirst();
    if (!row) throw new Error(`Tenant ${tenantId} has no active key pair`);
    const key = { publicPem: row.public_pem, privatePem: row.private_pem, at: Date.now() };
    this.keys.set(tenantId, key);
    return key;
  }

  async publicKey(tenantId: string): Promise<string> {
    return (await this.activeKey(tenantId)).publicPem;
  }

  /**
   * Decrypts one value sent by a browser. Empty values travel unencrypted and come back as ''.
   * Throws CRYPTO.0001 (unreadable), CRYPTO.0002 (stale or future) or CRYPTO.0003 (replayed).
   */
  async decrypt(tenantId: string, ciphertext: string, now = Date.now()): Promise<string> {
    if (ciphertext === '') return '';
    const compact = ciphertext.replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) throw new AppError('CRYPTO.0001');
    const { privatePem } = await this.activeKey(tenantId);
    let plain: string;
    try {
      plain = privateDecrypt(
        { key: privatePem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(compact, 'base64'),
      ).toString('utf8');
    } catch {
      throw new AppError('CRYPTO.0001');
    }
    const cut = plain.lastIndexOf('|');
    const stamp = cut >= 0 ? plain.slice(cut + 1) : '';
    if (!/^\d{10,16}$/.test(stamp)) throw new AppError('CRYPTO.0001');
    const age = now - Number(stamp);
    if (age > MAX_AGE_MS || age < -CLOCK_SKEW_MS) throw new AppError('CRYPTO.0002');
    const digest = createHash('sha256').update(compact).digest('base64url');
    if (!(await this.ephemeral.addOnce(`replay:${digest}`, MAX_AGE_MS + CLOCK_SKEW_MS))) {
      throw new AppError('CRYPTO.0003');
    }
    return plain.slice(0, cut);
  }
}
