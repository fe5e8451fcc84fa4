/**
 * Password hashing with Argon2id at the OWASP baseline (19 MiB, 2 passes, parallelism 1).
 * @node-rs/argon2 runs the work on libuv's thread pool, off the event loop.
 */
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { isImportedHash, verifyImported } from './imported-hashes.ts';

/** Algorithm.Argon2id; the enum is a const enum that isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;

export const ARGON2_PARAMS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

/** A hash of nothing, verified when the account does not exist so that both cases cost the same. */
let decoy: Promise<string> | undefined;
function decoyHash(): Promise<string> {
  decoy ??= hashPassword('decoy-password-for-unknown-accounts');
  return decoy;
}

/**
 * Checks a password against its stored hash: Argon2id, or a hash imported from another system
 * (imported-hashes.ts), which the login replaces at once (needsRehash).
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored && isImportedHash(stored)) return verifyImported(stored, password);
  if (!stored || !stored.startsWith('$argon2')) {
    await verify(await decoyHash(), password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

const ARGON2ID_HASH = /^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

/** A hash an account may be created with: Argon2id, or one of the imported formats. */
export function isStorableHash(stored: string): boolean {
  return ARGON2ID_HASH.test(stored) || isImportedHash(stored);
}

/** True when a stored hash was made with weaker parameters than today's and should be redone. */
export function needsRehash(stored: string): boolean {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  if (!m) return true;
  return Number(m[1]) < ARGON2_PARAMS.memoryCost || Number(m[2]) < ARGON2_PARAMS.timeCost;
}
