/**
 * `npm run bench` (after the web build): one run prints one table and writes bench/results/latest.json.
 *
 * - GET /api/v1/config/entLoginConfig of the real server against a bare Fastify route answering {ok:true}
 *   (the bare app runs inside this process, beside the load generator);
 * - POST /api/v1/login/form as demo (a fresh RSA-OAEP ciphertext per request: replays are refused) against
 *   raw Argon2id hashing at the same parameters, duration and concurrency;
 * - p50/p99 latency of each; gzip size of the PC and mobile login pages' first load.
 *
 * BENCH_DURATION (seconds, default 5) and BENCH_CONNECTIONS (default 10) tune the runs.
 */
import { constants, publicEncrypt } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { type Algorithm, hash } from '@node-rs/argon2';
import Fastify from 'fastify';
import type { Browser } from 'playwright-core';
import { launchBrowser, mobileContextOptions, pcContextOptions } from '../e2e/support/browser.ts';
import { DEMO, httpRequest, repoRoot, startServer, type RunningServer } from '../e2e/support/server.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP = 1;
const ARGON2 = {
  algorithm: 2 as Algorithm /* Argon2id (const enum) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};
const XHR = { 'x-requested-with': 'XMLHttpRequest', devicefingerprint: 'tessera-bench' };

// ---- autocannon (no type declarations ship with it) ----

interface AcRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  setupRequest?: (req: AcRequest, context: Record<string, unknown>) => AcRequest | null;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}
interface AcOptions {
  url: string;
  connections: number;
  duration: number;
  timeout?: number;
  headers?: Record<string, string>;
  requests?: AcRequest[];
  /** Worker threads generating the load (0: this thread). Checks (onResponse) only work with 0. */
  workers?: number;
}
interface AcHistogram {
  average: number;
  p50: number;
  p99: number;
  max: number;
  total: number;
}
interface AcResult {
  requests: AcHistogram;
  latency: AcHistogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
}
interface AcInstance {
  stop(): void;
}
type Autocannon = (opts: AcOptions, cb: (err: Error | null, result: AcResult) => void) => AcInstance;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

interface Row {
  name: string;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  count: number;
  errors: number;
  note?: string;
}

class BenchError extends Error {}

/** Runs autocannon; `check` sees each answer and may name a fault, which stops the run. */
function cannon(
  name: string,
  opts: Omit<AcOptions, 'connections' | 'duration'> & { duration?: number },
  check?: (status: number, body: string) => string | null,
): Promise<Row> {
  return new Promise((resolve, reject) => {
    let fault: string | null = null;
    if (check && opts.workers) throw new Error('cannon: response checks need workers: 0');
    const requests = (opts.requests ?? [{}]).map((r) => ({
      ...r,
      onResponse: check
        ? (status: number, body: string) => {
            if (fault) return;
            fault = check(status, body);
            if (fault) instance.stop();
          }
        : undefined,
    }));
    const instance: AcInstance = autocannon(
      { connections: CONNECTIONS, duration: opts.duration ?? DURATION, timeout: 30, ...opts, requests },
      (err, r) => {
        if (err) return reject(err);
        if (fault) return reject(new BenchError(`${name}: the server answered ${fault}`));
        const errors = r.errors + r.timeouts + r.non2xx;
        resolve({
          name,
          perSecond: r.requests.average,
          p50Ms: r.latency.p50,
          p99Ms: r.latency.p99,
          count: r.requests.total,
          errors,
        });
      },
    );
  });
}

/** The first `"code":"..."` of an envelope, without parsing the whole body. */
function envelopeCode(body: string): string | null {
  return /"code"\s*:\s*"([^"]*)"/.exec(body)?.[1] ?? null;
}

function expectCodeZero(status: number, body: string): string | null {
  if (status !== 200) return `HTTP ${status}: ${body.slice(0, 300)}`;
  const code = envelopeCode(body);
  return code === '0' ? null : `code ${code}: ${body.slice(0, 300)}`;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

// ---- the measurements ----

const PAGES = [
  { path: '/pc/authentication/login', device: 'pc' },
  { path: '/mobile/authentication/login', device: 'mobile' },
] as const;

async function bareFastify(): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ ok: true }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${url}/bare`, close: () => app.close() };
}

/** autocannon connects to 127.0.0.1 and names the tenant's host in the Host header. */
function target(server: RunningServer, pathname: string) {
  const u = new URL(server.url(pathname));
  return { url: `http://127.0.0.1:${server.port}${pathname}`, headers: { host: u.host } };
}

async function configBench(server: RunningServer, bareUrl: string): Promise<Row[]> {
  const path = '/api/v1/config/entLoginConfig';
  const t = target(server, path);
  const first = await httpRequest(server.url(path), { headers: XHR });
  const fault = expectCodeZero(first.status, first.text());
  if (fault) throw new BenchError(`GET ${path}: the server answered ${fault}`);

  const bareFirst = await httpRequest(bareUrl);
  if (bareFirst.text() !== '{"ok":true}') throw new Error(`bare route answered ${bareFirst.text()}`);

  // The load comes from a worker thread, so that the bare app has this process's main thread to itself.
  // Both runs get it the same way; answers were checked above, failures count in the errors column.
  const workers = 1;
  await cannon('warm-up', { url: bareUrl, duration: WARMUP, workers });
  const bare = await cannon('GET /bare (bare Fastify, in the bench process)', { url: bareUrl, workers });
  const configOpts = { ...t, headers: { ...t.headers, ...XHR }, workers };
  await cannon('warm-up', { ...configOpts, duration: WARMUP });
  const config = await cannon(`GET ${path}`, configOpts);
  return [bare, config];
}

function encryptor(pem: string) {
  return (value: string) =>
    publicEncrypt(
      { key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(`${value}|${Date.now()}`),
    )
      .toString('base64')
      .replace(/.{64}(?=.)/g, '$&\n'); // 64-character lines, as the web client sends
}

async function loginBench(server: RunningServer): Promise<{ row: Row; onTheFly: number }> {
  const keyRes = await httpRequest(server.url('/api/v1/config/getPublicKey'), {
    method: 'POST',
    headers: XHR,
  });
  const keyEnv = keyRes.json<{ code: string; data: unknown }>();
  if (keyRes.status !== 200 || keyEnv.code !== '0' || typeof keyEnv.data !== 'string') {
    throw new BenchError(
      `POST /api/v1/config/getPublicKey answered HTTP ${keyRes.status}: ${keyRes.text().slice(0, 300)}`,
    );
  }
  const encrypt = encryptor(keyEnv.data);
  const body = () =>
    `username=${encodeURIComponent(DEMO.username)}&password=${encodeURIComponent(encrypt(DEMO.password))}`;

  // Pre-made fresh ciphertexts keep RSA encryption out of the measured loop; more are made if they run out.
  const poolSize = Number(process.env.BENCH_LOGIN_POOL ?? 4000);
  const pool: string[] = Array.from({ length: poolSize }, body);
  let onTheFly = 0;
  const next = () => pool.pop() ?? (onTheFly++, body());

  const t = target(server, '/api/v1/login/form');
  const request: AcRequest = {
    method: 'POST',
    path: '/api/v1/login/form',
    headers: { ...t.headers, ...XHR, 'content-type': 'application/x-www-form-urlencoded' },
    setupRequest: (req) => ({ ...req, body: next() }),
  };
  const one = await httpRequest(server.url('/api/v1/login/form'), {
    method: 'POST',
    headers: request.headers!,
    body: next(),
  });
  const fault = expectCodeZero(one.status, one.text());
  if (fault)
    throw new BenchError(`POST /api/v1/login/form as ${DEMO.username}: the server answered ${fault}`);

  await cannon('warm-up', { url: t.url, requests: [request], duration: WARMUP }, expectCodeZero);
  const row = await cannon(
    `POST /api/v1/login/form (${DEMO.username})`,
    { url: t.url, requests: [request] },
    expectCodeZero,
  );
  return { row, onTheFly };
}

async function argon2Bench(): Promise<Row> {
  await hash('warm-up', ARGON2);
  const latencies: number[] = [];
  const end = performance.now() + DURATION * 1000;
  let n = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await hash(`${DEMO.password}-${n++}`, ARGON2);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name: `argon2id hash() m=${ARGON2.memoryCost} t=${ARGON2.timeCost} p=${ARGON2.parallelism}`,
    perSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    count: latencies.length,
    errors: 0,
  };
}

interface PageWeight {
  page: string;
  /** 'html': the HTML and the scripts, stylesheets and module preloads it names (no JavaScript run).
   *  'chromium': every same-origin document, script, stylesheet, font and image Chromium fetched until the
   *  network was idle (dynamic imports included; API calls not). */
  method: 'html' | 'chromium';
  status: number;
  files: { url: string; kind: string; status: number; bytes: number; gzipBytes: number }[];
  bytes: number;
  gzipBytes: number;
  error?: string;
}

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    out[m[1]!.toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return out;
}

function weigher(result: PageWeight) {
  return (url: string, kind: string, status: number, body: Buffer) => {
    const file = { url, kind, status, bytes: body.length, gzipBytes: gzipSync(body).length };
    result.files.push(file);
    result.bytes += file.bytes;
    result.gzipBytes += file.gzipBytes;
  };
}

/** HTML plus the scripts, stylesheets and module preloads it names. */
async function htmlWeight(server: RunningServer, pathname: string): Promise<PageWeight> {
  const pageUrl = server.url(pathname);
  const res = await httpRequest(pageUrl);
  const result: PageWeight = {
    page: pathname,
    method: 'html',
    status: res.status,
    files: [],
    bytes: 0,
    gzipBytes: 0,
  };
  const add = weigher(result);
  if (res.status !== 200) {
    result.error = `HTTP ${res.status}: ${res.text().slice(0, 200)}`;
    return result;
  }
  add(pathname, 'html', res.status, res.body);
  const html = res.text();
  const assets = new Map<string, string>();
  for (const m of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const a = attributes(m[0].slice(1 + m[1]!.length).replace(/\/?>$/, ''));
    let ref: string | undefined;
    let kind = '';
    if (m[1]!.toLowerCase() === 'script' && a.src) [ref, kind] = [a.src, 'script'];
    else if (m[1]!.toLowerCase() === 'link' && a.href) {
      const rels = (a.rel ?? '').toLowerCase().split(/\s+/);
      if (rels.includes('stylesheet')) [ref, kind] = [a.href, 'stylesheet'];
      else if (rels.includes('modulepreload')) [ref, kind] = [a.href, 'modulepreload'];
    }
    if (!ref) continue;
    const abs = new URL(ref, pageUrl);
    if (abs.origin !== new URL(pageUrl).origin) continue; // only what this server serves
    assets.set(abs.toString(), kind);
  }
  for (const [url, kind] of assets) {
    const r = await httpRequest(url);
    add(new URL(url).pathname, kind, r.status, r.body);
    if (r.status !== 200) result.error = `${new URL(url).pathname}: HTTP ${r.status}`;
  }
  return result;
}

const PAGE_RESOURCES = new Set(['document', 'script', 'stylesheet', 'font', 'image']);

/** What Chromium fetches to show the page (PC or iPhone settings), until the network is idle. */
async function chromiumWeight(
  browser: Browser,
  server: RunningServer,
  pathname: string,
  device: 'pc' | 'mobile',
): Promise<PageWeight> {
  const result: PageWeight = {
    page: pathname,
    method: 'chromium',
    status: 0,
    files: [],
    bytes: 0,
    gzipBytes: 0,
  };
  const add = weigher(result);
  const origin = new URL(server.url('/')).origin;
  const context = await browser.newContext(device === 'pc' ? pcContextOptions() : mobileContextOptions());
  try {
    const page = await context.newPage();
    const bodies: Promise<void>[] = [];
    page.on('response', (r) => {
      const u = new URL(r.url());
      if (u.origin !== origin || !PAGE_RESOURCES.has(r.request().resourceType())) return;
      bodies.push(
        r.body().then(
          (b) => add(u.pathname, r.request().resourceType(), r.status(), b),
          () => {}, // redirects have no body
        ),
      );
    });
    const res = await page.goto(server.url(pathname), { waitUntil: 'networkidle', timeout: 60_000 });
    result.status = res?.status() ?? 0;
    if (result.status !== 200) result.error = `HTTP ${result.status}`;
    if (new URL(page.url()).pathname !== pathname) result.error = `ended at ${new URL(page.url()).pathname}`;
    await Promise.all(bodies);
  } finally {
    await context.close();
  }
  return result;
}

// ---- output ----

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
/** autocannon measures latency in whole milliseconds: 0 means under one. */
const ms = (n: number) => (n === 0 ? '< 1' : fmt(n, Number.isInteger(n) ? 0 : 1));
const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

async function main() {
  console.log(
    `Tessera bench: ${DURATION} s per run, ${CONNECTIONS} connections, ${os.cpus().length} CPUs, Node ${process.version}`,
  );
  const loadAtStart = os.loadavg()[0]!;
  if (loadAtStart > 0.5 * os.cpus().length) {
    console.warn(
      `note: load average ${loadAtStart.toFixed(2)} before the run; other work on this machine skews the figures`,
    );
  }
  const server = await startServer({ seedAcme: false });
  const bare = await bareFastify();
  try {
    const [bareRow, configRow] = await configBench(server, bare.url);
    await bare.close();
    const login = await loginBench(server);
    if (login.onTheFly) login.row.note = `${login.onTheFly} ciphertexts made during the run`;
    const argon = await argon2Bench();
    const pages: PageWeight[] = [];
    for (const p of PAGES) pages.push(await htmlWeight(server, p.path));
    let browser: Browser | undefined;
    try {
      browser = await launchBrowser();
    } catch (err) {
      console.warn(
        `Chromium did not start, so no in-browser page weights: ${(err as Error).message.split('\n')[0]}`,
      );
    }
    if (browser) {
      try {
        for (const p of PAGES) pages.push(await chromiumWeight(browser, server, p.path, p.device));
      } finally {
        await browser.close();
      }
    }
    const rows = [bareRow!, configRow!, login.row, argon];

    console.log(
      `\n${table(
        ['run', 'per s', 'p50 ms', 'p99 ms', 'count', 'errors'],
        rows.map((r) => [
          r.name,
          fmt(r.perSecond),
          ms(r.p50Ms),
          ms(r.p99Ms),
          String(r.count),
          String(r.errors),
        ]),
      )}`,
    );
    const configVsBare = configRow!.perSecond / bareRow!.perSecond;
    const loginVsArgon = login.row.perSecond / argon.perSecond;
    console.log(`\nentLoginConfig / bare Fastify: ${fmt(configVsBare * 100)} % of the requests per second`);
    console.log(
      `password logins / raw Argon2id hashes: ${fmt(loginVsArgon * 100)} % of the operations per second`,
    );
    for (const r of rows) if (r.note) console.log(`note (${r.name}): ${r.note}`);

    console.log(
      `\n${table(
        ['login page first load', 'counted', 'files', 'bytes', 'gzip'],
        pages.map((p) => [
          p.page,
          p.method === 'html' ? 'named in HTML' : 'Chromium fetched',
          String(p.files.length),
          kb(p.bytes),
          p.error ? `- (${p.error})` : kb(p.gzipBytes),
        ]),
      )}`,
    );

    const results = {
      date: new Date().toISOString(),
      machine: {
        loadAverageAtStart: loadAtStart,
        node: process.version,
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? '',
        platform: process.platform,
      },
      settings: {
        durationSeconds: DURATION,
        connections: CONNECTIONS,
        argon2: { ...ARGON2, algorithm: 'argon2id' },
      },
      throughput: {
        bareFastify: bareRow,
        entLoginConfig: configRow,
        ratioEntLoginConfigToBare: configVsBare,
        login: login.row,
        argon2idHash: argon,
        ratioLoginToArgon2: loginVsArgon,
      },
      pages,
    };
    const out = path.join(repoRoot, 'bench', 'results', 'latest.json');
    await fs.mkdir(path.dirname(out), { recursive: true });
    await fs.writeFile(out, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\nWrote ${path.relative(process.cwd(), out)}`);
    const serverErrors = server.errors().trim();
    if (serverErrors) console.log(`\nThe server printed on stderr:\n${serverErrors.slice(-4000)}`);
    if (pages.some((p) => p.error)) process.exitCode = 1;
  } finally {
    await bare.close().catch(() => {});
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err instanceof BenchError ? `\nbench stopped: ${err.message}` : err);
  process.exit(1);
});
