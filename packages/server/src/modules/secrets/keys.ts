/**
 * Where the secret key comes from: SECRET_KEY when set; with SQLite and no setting, a key file
 * beside the database, so the quick start and the command line share a key with nothing to set.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { KEY_BYTES, SecretBox } from './box.ts';

export const KEY_FILE = 'secret.key';

export function secretBoxFor(config: Config): SecretBox {
  const previous = config.SECRET_KEY_PREVIOUS ? [Buffer.from(config.SECRET_KEY_PREVIOUS, 'base64')] : [];
  return new SecretBox(currentKey(config), previous);
}

function currentKey(config: Config): Buffer {
  if (config.SECRET_KEY) return Buffer.from(config.SECRET_KEY, 'base64');
  if (!config.databaseUrl.startsWith('sqlite:'))
    throw new Error(
      'SECRET_KEY is required with PostgreSQL: every process must seal and open secrets with the same key',
    );
  const file = config.databaseUrl.slice('sqlite:'.length);
  // An in-memory database dies with the process, and its secrets with it.
  if (file === ':memory:') return randomBytes(KEY_BYTES);
  return keyFile(path.join(path.dirname(path.resolve(file)), KEY_FILE));
}

/**
 * Reads the key file, making it on first use. It holds the key in base64, the form SECRET_KEY
 * takes, so moving to PostgreSQL later is `SECRET_KEY=$(cat data/secret.key)`.
 */
function keyFile(file: string): Buffer {
  if (!fs.existsSync(file)) createKeyFile(file);
  const text = fs.readFileSync(file, 'utf8').trim();
  const key = Buffer.from(text, 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${file} does not hold a ${KEY_BYTES}-byte key in base64`);
  return key;
}

/**
 * Written whole under another name and linked into place: a server and a command line starting
 * at once on a fresh directory end up with one key, never a half-written one.
 */
function createKeyFile(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temp, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(temp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.unlinkSync(temp);
  }
}
