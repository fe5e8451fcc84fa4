/**
 * Password hashes imported from another system (DESIGN section 5): each format is checked against
 * hashes made here the way those systems make them, and the first login stores Argon2id instead.
 */
import { hash as bcryptHash } from '@node-rs/bcrypt';
import { createHash, pbkdf2Sync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isImportedHash, verifyImported } from '../src/modules/accounts/imported-hashes.ts';
import { isStorableHash, verifyPassword } from '../src/modules/accounts/passwords.ts';
import { DIALECTS, type TestServer, login, startTestServer } from './harness.ts';

const PASSWORD = 'Import@12345';

/** passlib's PHC base64: no padding, '.' for '+'. */
const ab64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '').replace(/\+/g, '.');

function phcPbkdf2(digest: 'sha1' | 'sha256' | 'sha512', iterations: number, password = PASSWORD) {
  const salt = randomBytes(16);
  const len = { sha1: 20, sha256: 32, sha512: 64 }[digest];
  return `$pbkdf2-${digest}$i=${iterations}$${ab64(salt)}$${ab64(pbkdf2Sync(password, salt, iterations, len, digest))}`;
}

function djangoPbkdf2(password = PASSWORD) {
  const salt = 'sOmEsAlT2024abcd';
  const digest = pbkdf2Sync(password, salt, 1000, 32, 'sha256').toString('base64');
  return `pbkdf2_sha256$1000$${salt}$${digest}`;
}

function ssha256(password = PASSWORD) {
  const salt = randomBytes(8);
  const digest = createHash('sha256').update(password).update(salt).digest();
  return `{SSHA256}${Buffer.concat([digest, salt]).toString('base64')}`;
}

describe('imported password hashes', () => {
  it('accepts the right password and refuses a wrong one in every format', async () => {
    const hashes = [
      await bcryptHash(PASSWORD, { cost: 4 }),
      await bcryptHash(PASSWORD, { cost: 4, version: '2y' }),
      phcPbkdf2('sha1', 1000),
      phcPbkdf2('sha256', 1000),
      phcPbkdf2('sha512', 1000),
      djangoPbkdf2(),
      ssha256(),
    ];
    for (const stored of hashes) {
      expect(isImportedHash(stored), stored).toBe(true);
      expect(await verifyImported(stored, PASSWORD), stored).toBe(true);
      expect(await verifyImported(stored, 'Import@12346'), stored).toBe(false);
      expect(await verifyPassword(stored, PASSWORD), stored).toBe(true);
    }
  });

  it('refuses malformed hashes and parameters that would stall a login', async () => {
    const refused = [
      '',
      'plain-text-password',
      '$2b$03$' + 'a'.repeat(53), // cost below 4
      '$2b$31$' + 'a'.repeat(53), // cost far too high
      '$2b$10$short',
      `$pbkdf2-sha256$i=50000000$${ab64(randomBytes(16))}$${ab64(randomBytes(32))}`, // too many rounds
      '$pbkdf2-sha256$i=0$c2FsdA$' + 'A'.repeat(43),
      '$pbkdf2-md5$i=1000$c2FsdA$' + 'A'.repeat(43),
      '{SSHA256}' + Buffer.alloc(32).toString('base64'), // no salt
      '{SSHA}' + Buffer.alloc(28).toString('base64'),
    ];
    for (const stored of refused) {
      expect(isImportedHash(stored), stored).toBe(false);
      expect(isStorableHash(stored), stored).toBe(false);
      expect(await verifyPassword(stored, PASSWORD), stored).toBe(false);
    }
    expect(isStorableHash('$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo')).toBe(true);
    expect(isStorableHash('$argon2id$garbage')).toBe(false);
  });
});

describe.each(DIALECTS)('an imported account over $name', ({ name, available }) => {
  let s: TestServer;
  beforeAll(async () => {
    if (available) s = await startTestServer(name, 'imported-hashes');
  });
  afterAll(async () => s?.close());

  const storedHash = async (username: string) =>
    (
      await s.services.db
        .selectFrom('users')
        .select('password_hash')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).password_hash;

  it.skipIf(!available)('signs in with its old password, which is then kept as Argon2id', async () => {
    const demo = await s.services.tenancy.getByCode('demo');
    const imported = await bcryptHash(PASSWORD, { cost: 4 });
    await s.services.accounts.create(demo!.id, { username: 'imported1', passwordHash: imported });

    expect((await login(s.app, 'imported1', 'Wrong@123456')).json().code).toBe('AUTH.LOGIN.0001');
    expect(await storedHash('imported1')).toBe(imported);

    expect((await login(s.app, 'imported1', PASSWORD)).json().code).toBe('0');
    const upgraded = await storedHash('imported1');
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await login(s.app, 'imported1', PASSWORD)).json().code).toBe('0');
  });

  it.skipIf(!available)('refuses an unknown hash format and stores nothing', async () => {
    const demo = await s.services.tenancy.getByCode('demo');
    await expect(
      s.services.accounts.create(demo!.id, { username: 'imported2', passwordHash: 'md5:abc' }),
    ).rejects.toThrow(/Unsupported password hash/);
    await expect(
      s.services.accounts.create(demo!.id, {
        username: 'imported2',
        password: PASSWORD,
        passwordHash: ssha256(),
      }),
    ).rejects.toThrow(/not both/);
    expect(await s.services.accounts.findByUsername(demo!.id, 'imported2')).toBeUndefined();
  });
});
