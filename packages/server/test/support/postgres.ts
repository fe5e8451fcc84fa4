/**
 * Throwaway PostgreSQL servers for tests.
 *
 * `startPostgres()` runs `initdb` into a fresh temporary directory and starts `postgres` on 127.0.0.1 at a
 * free port (unix socket in the same directory, trust auth, durability off for speed). Running as root,
 * both run as the `postgres` OS user, since initdb refuses root. `stop()` shuts the server down and removes
 * the directory. The unit run starts one server in global-setup.ts; each test file then takes its own
 * database on it with `freshTestDatabase()`.
 *
 * No vitest imports here: global-setup runs this in vitest's main process.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { isExecutable, startDaemon } from './daemon.ts';

export { freePort } from './daemon.ts';

const execFileAsync = promisify(execFile);

export interface PgServer {
  /** `postgres://postgres@127.0.0.1:PORT/postgres` */
  url: string;
  stop(): Promise<void>;
}

/** Thrown when no PostgreSQL server binaries (initdb, postgres) can be found. */
export class PostgresUnavailableError extends Error {
  override name = 'PostgresUnavailableError';
}

/** The environment variable through which the shared test server's URL reaches test workers. */
export const TEST_PG_URL_ENV = 'TEST_PG_URL';

export function isCI(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = (env.CI ?? '').toLowerCase();
  return v !== '' && v !== '0' && v !== 'false';
}

/**
 * The directory holding `initdb` and `postgres`: $PG_BIN if set (only there), else the newest /usr/lib/postgresql/<v>/bin
 * (Debian keeps them off PATH), else the first PATH entry with both. Null when none has them.
 */
export function findPgBin(env: NodeJS.ProcessEnv = process.env): string | null {
  // An explicit PG_BIN is the only place looked at.
  if (env.PG_BIN) {
    const dir = env.PG_BIN;
    return isExecutable(path.join(dir, 'initdb')) && isExecutable(path.join(dir, 'postgres')) ? dir : null;
  }
  const candidates: string[] = [];
  try {
    const versions = fs
      .readdirSync('/usr/lib/postgresql')
      .filter((v) => /^\d+(\.\d+)?$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) candidates.push(path.join('/usr/lib/postgresql', v, 'bin'));
  } catch {
    // not a Debian-style install
  }
  for (const dir of (env.PATH ?? '').split(path.delimiter)) if (dir) candidates.push(dir);
  return (
    candidates.find(
      (dir) => isExecutable(path.join(dir, 'initdb')) && isExecutable(path.join(dir, 'postgres')),
    ) ?? null
  );
}

interface RunAs {
  uid?: number;
  gid?: number;
}

/** Root may not run initdb/postgres: run them as the `postgres` OS user instead. */
async function runAsIdentity(): Promise<RunAs> {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return {};
  try {
    const uid = Number((await execFileAsync('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await execFileAsync('id', ['-g', 'postgres'])).stdout.trim());
    if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error('bad id output');
    return { uid, gid };
  } catch {
    throw new Error(
      'Running as root, PostgreSQL must run as the OS user "postgres", which does not exist ' +
        '(install the Debian package postgresql, or run the tests as a normal user).',
    );
  }
}

async function canQuery(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export interface StartPostgresOptions {
  /** How long to wait for the server to accept queries (default 60 s). */
  timeoutMs?: number;
}

/**
 * Starts a throwaway PostgreSQL server. Throws PostgresUnavailableError when the binaries are missing,
 * and a plain Error (with the server's output) when it fails to start.
 */
export async function startPostgres(options: StartPostgresOptions = {}): Promise<PgServer> {
  const bin = findPgBin();
  if (!bin) {
    throw new PostgresUnavailableError(
      'PostgreSQL server binaries (initdb, postgres) not found in ' +
        (process.env.PG_BIN ? `PG_BIN=${process.env.PG_BIN}` : '/usr/lib/postgresql/*/bin or PATH') +
        ' (Debian: apt-get install postgresql).',
    );
  }
  const runAs = await runAsIdentity();
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'tessera-pg-'));
  const dataDir = path.join(dir, 'data');
  const removeDir = () => fsp.rm(dir, { recursive: true, force: true }).catch(() => {});
  if (runAs.uid !== undefined) await fsp.chown(dir, runAs.uid, runAs.gid!);
  // Spawned with uid/gid (libuv also drops root's supplementary groups), i.e. what `runuser -u postgres` does.
  const spawnOpts = { cwd: dir, ...runAs, env: { ...process.env, LC_ALL: 'C', LANG: 'C' } };

  try {
    await execFileAsync(
      path.join(bin, 'initdb'),
      ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
      { ...spawnOpts, timeout: 120_000 },
    );
  } catch (err) {
    await removeDir();
    const e = err as { stderr?: string; stdout?: string; message: string };
    throw new Error(`initdb failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }

  return startDaemon({
    name: 'PostgreSQL',
    bin: path.join(bin, 'postgres'),
    args: (port) => [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=300',
      '-c',
      'shared_buffers=64MB',
    ],
    url: (port) => `postgres://postgres@127.0.0.1:${port}/postgres`,
    ready: canQuery,
    spawn: spawnOpts,
    stopSignal: 'SIGINT', // fast shutdown: ends sessions, no checkpoint wait
    abandonSignal: 'SIGQUIT',
    portTaken: /could not bind|address already in use/i,
    timeoutMs: options.timeoutMs ?? 60_000,
    pollMs: 150,
    cleanup: removeDir,
  });
}

const DB_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Creates (or re-creates, empty) the database `name` on the server of `url` and answers its URL.
 * `name`: lower-case letters, digits and underscores, at most 63 characters.
 */
export async function createDatabase(url: string, name: string): Promise<string> {
  if (!DB_NAME.test(name)) throw new Error(`createDatabase: bad database name ${JSON.stringify(name)}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    // Concurrent CREATE DATABASE may find the template busy (55006): retry briefly.
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`create database "${name}"`);
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err;
        await new Promise((r) => setTimeout(r, 100 * attempt));
      }
    }
  } finally {
    await client.end();
  }
  const out = new URL(url);
  out.pathname = `/${name}`;
  return out.toString();
}

/** Drops a database made by createDatabase (closing its connections first). */
export async function dropDatabase(url: string, name: string): Promise<void> {
  if (!DB_NAME.test(name)) throw new Error(`dropDatabase: bad database name ${JSON.stringify(name)}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

/** A database name unique to this process and moment, from a readable label (e.g. the test file's name). */
export function uniqueDatabaseName(label: string): string {
  const base = label
    .toLowerCase()
    .replace(/\.test\.ts$/, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 30);
  const suffix = `${process.pid.toString(36)}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  return `t_${base}_${suffix}`.slice(0, 63);
}

/**
 * URL of the shared test server started by global-setup.ts (env TEST_PG_URL), or null when PostgreSQL is
 * not available on this machine outside CI (global-setup has then printed a warning). Tests over
 * PostgreSQL use `describe.skipIf(!sharedPgUrl())` (or `inject('pgUrl')`, which holds the same value or '').
 */
export function sharedPgUrl(): string | null {
  return process.env[TEST_PG_URL_ENV] || null;
}

/**
 * A fresh, empty database on the shared test server for one test file: call it in `beforeAll`.
 * Throws when the shared server is missing (guard the suite with `sharedPgUrl()`).
 */
export async function freshTestDatabase(label: string): Promise<string> {
  const url = sharedPgUrl();
  if (!url)
    throw new Error(`${TEST_PG_URL_ENV} is not set: PostgreSQL tests need the unit project's global setup`);
  return createDatabase(url, uniqueDatabaseName(label));
}
