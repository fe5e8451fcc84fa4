/**
 * Throwaway Redis servers for tests, the counterpart of postgres.ts.
 *
 * `startRedis()` runs `redis-server` on 127.0.0.1 at a free port, in a fresh temporary directory, with
 * no persistence. `stop()` shuts it down and removes the directory. The unit run starts one server in
 * global-setup.ts; each test server then keeps its keys under its own prefix (`uniqueRedisPrefix()`),
 * so test files running in parallel never see each other's keys.
 *
 * No vitest imports here: global-setup runs this in vitest's main process.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { isExecutable, startDaemon } from './daemon.ts';

export interface RedisServer {
  /** `redis://127.0.0.1:PORT` */
  url: string;
  stop(): Promise<void>;
}

/** Thrown when no `redis-server` binary can be found. */
export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
}

/** The environment variable through which the shared test server's URL reaches test workers. */
export const TEST_REDIS_URL_ENV = 'TEST_REDIS_URL';

/** `redis-server` from $REDIS_SERVER if set (only there), else the first on PATH, else /usr/bin. */
export function findRedisServer(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.REDIS_SERVER) return isExecutable(env.REDIS_SERVER) ? env.REDIS_SERVER : null;
  const dirs = [...(env.PATH ?? '').split(path.delimiter).filter(Boolean), '/usr/bin', '/usr/sbin'];
  return dirs.map((dir) => path.join(dir, 'redis-server')).find(isExecutable) ?? null;
}

async function canPing(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/**
 * Starts a throwaway Redis server. Throws RedisUnavailableError when the binary is missing, and a
 * plain Error (with the server's output) when it fails to start.
 */
export async function startRedis(options: { timeoutMs?: number } = {}): Promise<RedisServer> {
  const bin = findRedisServer();
  if (!bin) {
    throw new RedisUnavailableError(
      'redis-server not found in ' +
        (process.env.REDIS_SERVER ? `REDIS_SERVER=${process.env.REDIS_SERVER}` : 'PATH or /usr/bin') +
        ' (Debian: apt-get install redis-server).',
    );
  }
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'tessera-redis-'));
  const removeDir = () => fsp.rm(dir, { recursive: true, force: true }).catch(() => {});
  return startDaemon({
    name: 'Redis',
    bin,
    // No config file: defaults, loopback only, nothing written to disk.
    args: (port) => [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
    ],
    url: (port) => `redis://127.0.0.1:${port}`,
    ready: canPing,
    spawn: { cwd: dir },
    stopSignal: 'SIGTERM', // nothing to save, so it exits at once
    abandonSignal: 'SIGKILL',
    portTaken: /address already in use|could not create server/i,
    timeoutMs: options.timeoutMs ?? 30_000,
    pollMs: 100,
    cleanup: removeDir,
  });
}

/**
 * URL of the shared test server started by global-setup.ts (env TEST_REDIS_URL), or null when Redis is
 * not available on this machine outside CI (global-setup has then printed a warning).
 */
export function sharedRedisUrl(): string | null {
  return process.env[TEST_REDIS_URL_ENV] || null;
}

/** A key prefix unique to this process and moment, from a readable label (e.g. the test file's name). */
export function uniqueRedisPrefix(label: string): string {
  const base = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .slice(0, 30);
  const suffix = `${process.pid.toString(36)}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  return `t:${base}:${suffix}:`;
}
