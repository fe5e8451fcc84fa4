/**
 * Secrets at rest: values the database keeps for the server's own use (sender passwords, client
 * secrets, OTP seeds, private keys) are sealed with AES-256-GCM, so a copy of the database alone
 * hands none of them out. A sealed value reads `sealed:v1:<keyId>:<iv>:<ciphertext+tag>`.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'sealed:';
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

/** Names a key without revealing it: the first 8 hex digits of its SHA-256. */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

export class SecretBox {
  private readonly keys = new Map<string, Buffer>();
  readonly keyId: string;

  /** Seals with `current`; opens with it and with `previous` (a key being rotated out). */
  constructor(current: Buffer, previous: Buffer[] = []) {
    for (const key of [current, ...previous]) {
      if (key.length !== KEY_BYTES) throw new Error(`A secret key has ${KEY_BYTES} bytes`);
      if (!this.keys.has(keyIdOf(key))) this.keys.set(keyIdOf(key), key);
    }
    this.keyId = keyIdOf(current);
  }

  /**
   * `purpose` (the column or field) is authenticated with the value, so a sealed value copied into
   * another column does not open there.
   */
  seal(plain: string, purpose: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.keyId)!, iv);
    cipher.setAAD(Buffer.from(purpose, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return [`${PREFIX}${VERSION}`, this.keyId, iv.toString('base64url'), body.toString('base64url')].join(
      ':',
    );
  }

  /** The plain value. Rows written before sealing existed hold it as is, and come back unchanged. */
  open(stored: string, purpose: string): string {
    if (!isSealed(stored)) return stored;
    const [, version, keyId = '', iv = '', body = ''] = stored.split(':');
    if (version !== VERSION) throw new Error(`A secret of ${purpose} is sealed in an unknown format`);
    const key = this.keys.get(keyId);
    if (!key)
      throw new Error(
        `A secret of ${purpose} is sealed under key ${keyId}, which is neither SECRET_KEY nor SECRET_KEY_PREVIOUS`,
      );
    const data = Buffer.from(body, 'base64url');
    try {
      // A fixed tag length: a shortened tag would otherwise be accepted, and be easier to forge.
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(purpose, 'utf8'));
      decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(data.subarray(0, data.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      // Never the value itself in the message: only which key and column failed.
      throw new Error(`A secret of ${purpose} sealed under key ${keyId} fails its check (altered or moved)`);
    }
  }

  /** Whether a stored value is already sealed under the current key (nothing to reseal). */
  isCurrent(stored: string): boolean {
    return stored.startsWith(`${PREFIX}${VERSION}:${this.keyId}:`);
  }

  /** The value sealed under the current key, opening it first when it is plain or under another key. */
  reseal(stored: string, purpose: string): string {
    return this.isCurrent(stored) ? stored : this.seal(this.open(stored, purpose), purpose);
  }
}
