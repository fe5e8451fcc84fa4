/**
 * Password hashes brought from another system (DESIGN section 5), accepted until the user's first
 * login, which stores the password again as Argon2id. The formats (docs/accounts.md):
 *
 * - bcrypt, modular crypt: `$2a$`, `$2b$` or `$2y$`, cost 4 to 17;
 * - PBKDF2 in the PHC string format `$pbkdf2-<sha1|sha256|sha512>$i=<iterations>$<salt>$<hash>`
 *   (standard base64, padding optional), and Django's `pbkdf2_sha256$<iterations>$<salt>$<hash>`;
 * - salted SHA-256 as LDAP directories keep it: `{SSHA256}` + base64(sha256(password + salt) + salt).
 */
import { verify as bcryptVerify } from '@node-rs/bcrypt';
import { createHash, pbkdf2, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const pbkdf2Async = promisify(pbkdf2);

/** Above this a stored hash would let one login hold a worker thread for seconds. */
const MAX_PBKDF2_ITERATIONS = 5_000_000;
const MAX_BCRYPT_COST = 17;
const SHA256_BYTES = 32;

type Digest = 'sha1' | 'sha256' | 'sha512';

interface Pbkdf2Hash {
  digest: Digest;
  iterations: number;
  salt: Buffer;
  hash: Buffer;
}

const BCRYPT = /^\$2[aby]\$(\d\d)\$[./A-Za-z0-9]{53}$/;
const PHC_PBKDF2 =
  /^\$pbkdf2-(sha1|sha256|sha512)\$i=(\d+)\$([A-Za-z0-9+/.]+={0,2})\$([A-Za-z0-9+/.]+={0,2})$/;
const DJANGO_PBKDF2 = /^pbkdf2_(sha1|sha256)\$(\d+)\$([^$]+)\$([A-Za-z0-9+/]+={0,2})$/;
const SSHA256 = /^\{SSHA256\}([A-Za-z0-9+/]+={0,2})$/i;

/** passlib writes PHC base64 with '.' for '+'; Node reads the rest, with or without padding. */
const fromBase64 = (text: string) => Buffer.from(text.replace(/\./g, '+'), 'base64');

function parsePbkdf2(stored: string): Pbkdf2Hash | undefined {
  const phc = PHC_PBKDF2.exec(stored);
  if (phc) {
    return {
      digest: phc[1] as Digest,
      iterations: Number(phc[2]),
      salt: fromBase64(phc[3]!),
      hash: fromBase64(phc[4]!),
    };
  }
  const django = DJANGO_PBKDF2.exec(stored);
  if (django) {
    // Django keeps the salt as text and uses its characters as they are.
    const salt = Buffer.from(django[3]!, 'utf8');
    return { digest: django[1] as Digest, iterations: Number(django[2]), salt, hash: fromBase64(django[4]!) };
  }
  return undefined;
}

function parseSsha256(stored: string): { digest: Buffer; salt: Buffer } | undefined {
  const m = SSHA256.exec(stored);
  if (!m) return undefined;
  const raw = fromBase64(m[1]!);
  if (raw.length <= SHA256_BYTES) return undefined;
  return { digest: raw.subarray(0, SHA256_BYTES), salt: raw.subarray(SHA256_BYTES) };
}

/** True for a hash of one of the formats above, with sane parameters: what an import may store. */
export function isImportedHash(stored: string): boolean {
  const bcrypt = BCRYPT.exec(stored);
  if (bcrypt) return Number(bcrypt[1]) >= 4 && Number(bcrypt[1]) <= MAX_BCRYPT_COST;
  const pbkdf2Hash = parsePbkdf2(stored);
  if (pbkdf2Hash) {
    const { iterations, salt, hash } = pbkdf2Hash;
    return iterations >= 1 && iterations <= MAX_PBKDF2_ITERATIONS && salt.length > 0 && hash.length >= 16;
  }
  return !!parseSsha256(stored);
}

/** Checks a password against an imported hash; false for anything not importable. */
export async function verifyImported(stored: string, password: string): Promise<boolean> {
  if (!isImportedHash(stored)) return false;
  if (BCRYPT.test(stored)) return bcryptVerify(password, stored).catch(() => false);
  const pbkdf2Hash = parsePbkdf2(stored);
  if (pbkdf2Hash) {
    const { digest, iterations, salt, hash } = pbkdf2Hash;
    const derived = await pbkdf2Async(password, salt, iterations, hash.length, digest);
    return timingSafeEqual(derived, hash);
  }
  const ssha = parseSsha256(stored)!;
  const digest = createHash('sha256').update(password, 'utf8').update(ssha.salt).digest();
  return timingSafeEqual(digest, ssha.digest);
}
