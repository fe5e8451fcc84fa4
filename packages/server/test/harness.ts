/**
 * A real server over a real database for integration tests: the same build as production,
 * driven with Fastify's inject. `DIALECTS` lists the stores every integration test runs on.
 */
import { constants, publicEncrypt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openMigratedDb } from '../src/db/index.ts';
import { seedDemo } from '../src/seed.ts';
import { type Services, createServices } from '../src/services.ts';
import { freshTestDatabase, sharedPgUrl } from './support/postgres.ts';

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
    ...env,
  });
  const db = await openMigratedDb(config.databaseUrl);
  const services = createServices(db, config);
  await seedDemo(services);
  const acme = await services.tenancy.create({
    code: 'acme',
    name: 'Acme Corp',
    loginConfig: { languageList: ['en'], defaultLanguage: 'en' },
  });
  await services.accounts.create(acme.id, { username: 'alice', password: 'Alice@123456' });
  const app = await buildApp(services, { logger: false });
  await app.ready();
  return {
    app,
    services,
    async close() {
      await app.close();
      await db.destroy();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
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
