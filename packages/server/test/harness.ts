/**
 * A real server over a real database for integration tests: the same build as production,
 * driven with Fastify's inject. `DIALECTS` lists the stores every integration test runs on:
 * SQLite with short-lived state in SQL, and PostgreSQL with short-lived state in Redis (when the
 * unit run has a Redis; else in SQL too), the two set-ups DESIGN section 7 promises.
 */
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { openMigratedDb } from '../src/db/index.ts';
import { seedDemo } from '../src/seed.ts';
import { type Services, createServices } from '../src/services.ts';
import { freshTestDatabase, sharedPgUrl } from './support/postgres.ts';
import { sharedRedisUrl, uniqueRedisPrefix } from './support/redis.ts';

export const DIALECTS = [
  { name: 'sqlite', available: true },
  { name: 'postgres', available: !!sharedPgUrl() },
] as const;
export type Dialect = (typeof DIALECTS)[number]['name'];

export const DEMO_HOST = 'localhost:8080';
export const ACME_HOST = 'acme.localhost:8080';

export interface TestServer {
  app: FastifyInstance;
  services: Services;
  close(): Promise<void>;
}

export async function startTestServer(
  dialect: Dialect,
  label: string,
  env: Record<string, string> = {},
): Promise<TestServer> {
  let dir: string | undefined;
  let url: string;
  if (dialect === 'sqlite') {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-test-'));
    url = `sqlite:${path.join(dir, 'portal.db')}`;
  } else {
    url = await freshTestDatabase(label);
  }
  const config = loadConfig({
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(os.tmpdir(), 'no-web-dist'),
    ...(dialect === 'postgres' ? { ...redisSettings(label), SECRET_KEY: testSecretKey() } : {}),
    ...env,
  });
  return serve(
    config,
    async (services) => {
      await seedDemo(services);
      const acme = await services.tenancy.create({
        code: 'acme',
        name: 'Acme Corp',
        loginConfig: { languageList: ['en'], defaultLanguage: 'en' },
      });
      await services.accounts.create(acme.id, { username: 'alice', password: 'Alice@123456' });
    },
    () => {
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  );
}

/** A server over the database of `config`, readied after `prepare`; closing it runs `cleanup`. */
async function serve(
  config: Config,
  prepare: (services: Services) => Promise<void> = async () => {},
  cleanup: () => void = () => {},
): Promise<TestServer> {
  const db = await openMigratedDb(config.databaseUrl);
  const services = createServices(db, config);
  await prepare(services);
  const app = await buildApp(services, { logger: false });
  await app.ready();
  return {
    app,
    services,
    async close() {
      await app.close();
      await db.destroy();
      cleanup();
    },
  };
}

/**
 * PostgreSQL needs SECRET_KEY (no key file there): each test server gets its own, as separate
 * installations would. SQLite servers use the key file beside their database.
 */
function testSecretKey(): string {
  return randomBytes(32).toString('base64');
}

/** The shared test Redis, under a prefix of this server's own: test files run in parallel on it. */
function redisSettings(label: string): Record<string, string> {
  const url = sharedRedisUrl();
  return url ? { REDIS_URL: url, REDIS_KEY_PREFIX: uniqueRedisPrefix(label) } : {};
}

/**
 * A second server over the same database and the same ephemeral store as `first`, as a second
 * process behind a load balancer would be: nothing is seeded, each has its own connections. It
 * takes `first`'s settings, so both seal with the same SECRET_KEY (or the same key file).
 */
export function startTwinServer(first: TestServer): Promise<TestServer> {
  return serve(first.services.config);
}

/** SQL LIKE's `%` for a glob's `*`, the one wildcard the helpers below take. */
const likeOf = (glob: string) => glob.replaceAll('*', '%');

/** Runs `use` with a connection to the server's Redis, or answers undefined when it keeps state in SQL. */
async function withRedis<T>(s: TestServer, use: (redis: Redis, prefix: string) => Promise<T>) {
  const { REDIS_URL, REDIS_KEY_PREFIX } = s.services.config;
  if (!REDIS_URL) return undefined;
  const redis = new Redis(REDIS_URL);
  try {
    return await use(redis, REDIS_KEY_PREFIX);
  } finally {
    redis.disconnect();
  }
}

async function redisKeys(redis: Redis, prefix: string, glob: string): Promise<string[]> {
  const found: string[] = [];
  for await (const keys of redis.scanStream({ match: prefix + glob, count: 500 }))
    found.push(...(keys as string[]));
  return found;
}

/**
 * The live entries of the ephemeral store whose keys match `glob` (`*`: anything), on either store:
 * tests look behind the services with it, e.g. that only a code's hash is kept.
 */
export async function ephemeralEntries(s: TestServer, glob: string): Promise<{ k: string; v: string }[]> {
  const fromRedis = await withRedis(s, async (redis, prefix) => {
    const keys = await redisKeys(redis, prefix, glob);
    const values = keys.length ? await redis.mget(keys) : [];
    return keys
      .map((k, i) => ({ k: k.slice(prefix.length), v: values[i] }))
      .filter((e): e is { k: string; v: string } => e.v !== null);
  });
  return (
    fromRedis ??
    s.services.db
      .selectFrom('ephemeral')
      .select(['k', 'v'])
      .where('k', 'like', likeOf(glob))
      .where('expires_at', '>', Date.now())
      .execute()
  );
}

/** The newest message the outbox sender kept for `recipient`: its purpose and the six-digit code in it. */
export async function lastOutboxCode(
  s: TestServer,
  recipient: string,
): Promise<{ code: string; purpose: string }> {
  const row = await s.services.db
    .selectFrom('outbox')
    .select(['body', 'purpose'])
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { code: /\b(\d{6})\b/.exec(row.body)![1]!, purpose: row.purpose };
}

/** Forgets the ephemeral entries whose keys match `glob` (`*`: anything), e.g. to lift send limits. */
export async function clearEphemeral(s: TestServer, glob = '*'): Promise<void> {
  const cleared = await withRedis(s, async (redis, prefix) => {
    const keys = await redisKeys(redis, prefix, glob);
    if (keys.length) await redis.del(keys);
    return true;
  });
  if (!cleared) await s.services.db.deleteFrom('ephemeral').where('k', 'like', likeOf(glob)).execute();
}

/** Encrypts as the browser does: RSA-OAEP/SHA-256 of `value|timestamp`, base64 in 64-char lines. */
export function encrypt(pem: string, value: string, timestamp = Date.now()): string {
  const cipher = publicEncrypt(
    { key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(`${value}|${timestamp}`),
  ).toString('base64');
  return cipher.match(/.{1,64}/g)!.join('\n');
}

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

export async function publicKey(app: FastifyInstance, host = DEMO_HOST): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/config/getPublicKey',
    headers: { host, ...XHR },
  });
  return res.json().data as string;
}

export function formLogin(
  app: FastifyInstance,
  fields: Record<string, string>,
  opts: { host?: string; cookie?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/login/form',
    headers: {
      host: opts.host ?? DEMO_HOST,
      'content-type': 'application/x-www-form-urlencoded',
      ...XHR,
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...opts.headers,
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** Logs in with a freshly encrypted password; answers the response. */
export async function login(
  app: FastifyInstance,
  username: string,
  password: string,
  host = DEMO_HOST,
  cookie?: string,
) {
  const pem = await publicKey(app, host);
  return formLogin(app, { username, password: encrypt(pem, password) }, { host, cookie });
}

export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'tessera_sid');
  if (!c) throw new Error(`no session cookie in ${res.statusCode} ${res.body}`);
  return `tessera_sid=${c.value}`;
}

export function get(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers: { host: DEMO_HOST, ...headers } });
}

export function post(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string> = {},
  payload?: unknown,
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { host: DEMO_HOST, ...XHR, ...headers },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
}
