/**
 * Starts the real Tessera server for end-to-end tests and benchmarks: SQLite in a fresh temporary
 * directory, optional tenants and users made with the admin CLI before start, a free port on 127.0.0.1,
 * and a wait for `GET /healthz`. No test-framework imports: bench/run.ts uses it too.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../packages/server/test/support/daemon.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The tenant and user that the server seeds on start. */
export const DEMO = { tenant: 'demo', username: 'demo', password: 'Demo@123456' } as const;
/** The second tenant that startServer() creates with the CLI (unless `seedAcme: false`). */
export const ACME = {
  tenant: 'acme',
  name: 'Acme Corp',
  username: 'alice',
  password: 'Alice@123456',
} as const;

/** Server settings the harness owns; inherited values of these would change what tests see. */
const OWNED_ENV = [
  'PORT',
  'HOST',
  'BASE_DOMAIN',
  'DATABASE_URL',
  'LOG_LEVEL',
  'DEFAULT_TENANT',
  'REDIS_URL',
  'SEED_DEMO',
  'TRUST_PROXY',
  'SESSION_IDLE_MINUTES',
  'SESSION_ABSOLUTE_HOURS',
  'WEB_DIST',
];

function tsxCommand(): { cmd: string; prefix: string[] } {
  const local = path.join(repoRoot, 'node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');
  // The repository's own tsx, as `npx tsx` would pick, without npm's process in between (signals, speed).
  return fs.existsSync(local) ? { cmd: local, prefix: [] } : { cmd: 'npx', prefix: ['--no-install', 'tsx'] };
}

export { freePort };

/** Keeps the last `max` characters of what a process prints. */
class OutputTail {
  private text = '';
  constructor(private readonly max = 256_000) {}
  push = (chunk: Buffer | string) => {
    this.text += chunk.toString();
    if (this.text.length > this.max) this.text = this.text.slice(-this.max);
  };
  toString() {
    return this.text;
  }
}

export interface HttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text(): string;
  json<T = unknown>(): T;
}

export interface HttpRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs?: number;
}

/**
 * An HTTP request from Node to a URL such as `http://acme.localhost:PORT/x`: connects to 127.0.0.1 and
 * sends the URL's host as the Host header (Node does not resolve *.localhost, and fetch() cannot set Host).
 * Redirects are not followed.
 */
export function httpRequest(url: string, init: HttpRequestInit = {}): Promise<HttpResponse> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: Number(u.port || 80),
        path: u.pathname + u.search,
        method: init.method ?? 'GET',
        headers: { host: u.host, ...init.headers },
        timeout: init.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            text: () => body.toString('utf8'),
            json: <T>() => JSON.parse(body.toString('utf8')) as T,
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout: ${init.method ?? 'GET'} ${url}`)));
    req.on('error', reject);
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}

export interface StartServerOptions {
  /** Create tenant acme with user alice through the CLI before start (default true). */
  seedAcme?: boolean;
  /** Further CLI commands to run before start, e.g. [['tenant', 'create', 'beta', '--name', 'Beta']]. */
  cli?: string[][];
  /** Extra environment for the CLI and the server (wins over the harness's settings). */
  env?: Record<string, string>;
  /** LOG_LEVEL of the server (default warn). */
  logLevel?: string;
  /** How long to wait for /healthz (default 90 s: the first start compiles the server with tsx). */
  startTimeoutMs?: number;
  /** Echo the server's output to this process's stderr as it comes (default: env E2E_SERVER_LOG set). */
  echo?: boolean;
}

export interface RunningServer {
  port: number;
  /** `http://localhost:PORT` */
  origin: string;
  /** The temporary directory holding the database (removed by stop()). */
  tmpDir: string;
  /** `sqlite:<tmpDir>/portal.db` */
  databaseUrl: string;
  /** `http://localhost:PORT/path` (the default tenant, demo), or `http://<tenant>.localhost:PORT/path`. */
  url(pathname?: string, tenant?: string): string;
  /** Everything the server printed so far (stdout and stderr, interleaved). */
  output(): string;
  /** What the server printed on stderr so far. */
  errors(): string;
  /** Runs the admin CLI against this server's database: `cli('tenant', 'list')`. */
  cli(...args: string[]): Promise<string>;
  /** Stops the server and its children and removes the temporary directory. Safe to call twice. */
  stop(): Promise<void>;
}

function pageUrl(port: number, pathname = '/', tenant?: string): string {
  const host = tenant ? `${tenant}.localhost` : 'localhost';
  const p = pathname.startsWith('/') ? pathname : `/${pathname}`;
  return `http://${host}:${port}${p}`;
}

async function runCli(env: NodeJS.ProcessEnv, args: string[]): Promise<string> {
  const { cmd, prefix } = tsxCommand();
  return new Promise((resolve, reject) => {
    execFile(
      cmd,
      [...prefix, 'packages/server/src/cli.ts', ...args],
      { cwd: repoRoot, env, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err) {
          reject(
            new Error(
              `CLI failed: tsx packages/server/src/cli.ts ${args.map((a) => JSON.stringify(a)).join(' ')}\n` +
                `${err.message}\n--- stdout ---\n${stdout}\n--- stderr ---\n${stderr}`,
            ),
          );
        } else resolve(stdout);
      },
    );
  });
}

function describeOutput(all: OutputTail, stderr: OutputTail): string {
  const err = stderr.toString();
  const both = all.toString();
  return both === err
    ? `--- server stderr ---\n${err}`
    : `--- server stderr ---\n${err}\n--- server stdout and stderr ---\n${both}`;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal); // the whole group: tsx and the node process it runs
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const tmpDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'tessera-e2e-'));
  const databaseUrl = `sqlite:${path.join(tmpDir, 'portal.db')}`;
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of OWNED_ENV) delete env[key];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_DOMAIN: 'localhost',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: options.logLevel ?? 'warn',
    ...options.env,
  });
  const cli = (...args: string[]) => runCli(env, args);

  try {
    if (options.seedAcme ?? true) {
      await cli('tenant', 'create', ACME.tenant, '--name', ACME.name);
      await cli('user', 'create', ACME.tenant, ACME.username, '--password', ACME.password);
    }
    for (const args of options.cli ?? []) await cli(...args);
  } catch (err) {
    await fsp.rm(tmpDir, { recursive: true, force: true });
    throw err;
  }

  const { cmd, prefix } = tsxCommand();
  const all = new OutputTail();
  const stderr = new OutputTail();
  const echo = options.echo ?? Boolean(process.env.E2E_SERVER_LOG);
  const child = spawn(cmd, [...prefix, 'packages/server/src/main.ts'], {
    cwd: repoRoot,
    env,
    detached: true, // own process group, so stop() reaches tsx's child too
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (c: Buffer) => {
    all.push(c);
    if (echo) process.stderr.write(c);
  });
  child.stderr!.on('data', (c: Buffer) => {
    all.push(c);
    stderr.push(c);
    if (echo) process.stderr.write(c);
  });
  let exitInfo: string | null = null;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exitInfo = signal ? `signal ${signal}` : `code ${code}`;
      resolve();
    });
  });
  child.once('error', (e) => {
    exitInfo = `spawn error: ${e.message}`;
    stderr.push(`${e.message}\n`);
  });
  const onProcessExit = () => killGroup(child, 'SIGKILL');
  process.once('exit', onProcessExit);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      process.removeListener('exit', onProcessExit);
      if (exitInfo === null) {
        killGroup(child, 'SIGTERM');
        const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      killGroup(child, 'SIGKILL'); // anything left in the group
      await fsp.rm(tmpDir, { recursive: true, force: true, maxRetries: 3 });
    })());

  const healthz = `http://localhost:${port}/healthz`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 90_000);
  let last = '';
  for (;;) {
    if (exitInfo !== null) {
      await stop();
      throw new Error(
        `The server exited (${exitInfo}) before answering /healthz.\n${describeOutput(all, stderr)}`,
      );
    }
    try {
      const res = await httpRequest(healthz, { timeoutMs: 2_000 });
      if (res.status === 200) break;
      last = `HTTP ${res.status}: ${res.text().slice(0, 500)}`;
    } catch (err) {
      last = (err as Error).message;
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `The server did not answer 200 on ${healthz} in time (last: ${last}).\n${describeOutput(all, stderr)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    port,
    origin: `http://localhost:${port}`,
    tmpDir,
    databaseUrl,
    url: (pathname, tenant) => pageUrl(port, pathname, tenant),
    output: () => all.toString(),
    errors: () => stderr.toString(),
    cli,
    stop,
  };
}
