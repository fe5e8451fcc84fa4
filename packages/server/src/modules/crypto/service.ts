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
import type { SecretBox } from '../secrets/box.ts';

const generate = promisify(generateKeyPair);

/** How old an encrypted value may be; also how long its ciphertext is remembered for replay. */
export const MAX_AGE_MS = 5 * 60_000;
/** Clocks differ a little between browser and server. */
const CLOCK_SKEW_MS = 60_000;
/** How long a process trusts the key pair it read. */
const KEY_CACHE_MS = 60_000;
/** A failed decryption reads the keys again, at most this often (garbage must not load the database). */
const KEY_REREAD_MS = 1_000;
/**
 * After a rotation the previous private key still decrypts for this long: pages opened before it
 * keep the old public key until they are reloaded. The public key protects nothing once retired.
 */
export const RETIRED_KEY_GRACE_MS = 60 * 60_000;
/** The column private keys are sealed for (modules/secrets). */
export const PRIVATE_PEM = 'tenant_keys.private_pem';

export interface KeyPair {
  publicPem: string;
  privatePem: string;
}

/** A tenant's active key pair, and the private key it replaced while that one may still be in use. */
interface KeyRing {
  publicPem: string;
  privatePems: string[];
  at: number;
}

export class CryptoService {
  private keys = new Map<string, KeyRing>();

  constructor(
    private readonly db: Db,
    private readonly ephemeral: EphemeralStore,
    private readonly secrets: SecretBox,
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
        private_pem: this.secrets.seal(keys.privatePem, PRIVATE_PEM),
        active: 1,
        created_at: Date.now(),
      })
      .execute();
    this.keys.delete(tenantId);
  }

  /** Replaces a tenant's key pair. Pages holding the old public key go on working for a while. */
  async rotate(tenantId: string): Promise<void> {
    const keys = await this.generateKeyPair();
    await this.db.transaction().execute((trx) => this.storeKeyPair(trx, tenantId, keys));
  }

  private async keyRing(tenantId: string, maxAgeMs = KEY_CACHE_MS): Promise<KeyRing> {
    const hit = this.keys.get(tenantId);
    if (hit && Date.now() - hit.at < maxAgeMs) return hit;
    const rows = await this.db
      .selectFrom('tenant_keys')
      .select(['public_pem', 'private_pem', 'active', 'created_at'])
      .where('tenant_id', '=', tenantId)
      .orderBy('active', 'desc')
      .orderBy('created_at', 'desc')
      .limit(2)
      .execute();
    const [active, previous] = rows;
    if (!active?.active) throw new Error(`Tenant ${tenantId} has no active key pair`);
    const box = this.secrets;
    const privatePems = [box.open(active.private_pem, PRIVATE_PEM)];
    if (previous && Date.now() - active.created_at < RETIRED_KEY_GRACE_MS)
      privatePems.push(box.open(previous.private_pem, PRIVATE_PEM));
    const ring = { publicPem: active.public_pem, privatePems, at: Date.now() };
    this.keys.set(tenantId, ring);
    return ring;
  }

  async publicKey(tenantId: string): Promise<string> {
    return (await this.keyRing(tenantId)).publicPem;
  }

  /**
   * The plaintext under the tenant's keys, or undefined. When none fits, the keys are read again:
   * another process may have rotated them since this one read them.
   */
  private async open(tenantId: string, sealed: Buffer): Promise<string | undefined> {
    const cached = await this.keyRing(tenantId);
    const plain = openWith(cached.privatePems, sealed);
    if (plain !== undefined) return plain;
    const reread = await this.keyRing(tenantId, KEY_REREAD_MS);
    return reread === cached ? undefined : openWith(reread.privatePems, sealed);
  }

  /**
   * Decrypts one value sent by a browser. Empty values travel unencrypted and come back as ''.
   * Throws CRYPTO.0001 (unreadable), CRYPTO.0002 (stale or future) or CRYPTO.0003 (replayed).
   */
  async decrypt(tenantId: string, ciphertext: string, now = Date.now()): Promise<string> {
    if (ciphertext === '') return '';
    const compact = ciphertext.replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) throw new AppError('CRYPTO.0001');
    const plain = await this.open(tenantId, Buffer.from(compact, 'base64'));
    if (plain === undefined) throw new AppError('CRYPTO.0001');
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

function openWith(privatePems: string[], sealed: Buffer): string | undefined {
  for (const key of privatePems) {
    try {
      return privateDecrypt(
        { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        sealed,
      ).toString('utf8');
    } catch {
      // Not this key: try the next one.
    }
  }
  return undefined;
}
