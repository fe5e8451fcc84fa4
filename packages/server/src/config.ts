/**
 * Settings come from the environment and are checked once at start. A bad value stops the server
 * with one line that names the setting, what it expects and what it got.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Where npm was invoked (the repository root for `npm start`), so ./data means the user's ./data. */
const invokedFrom = process.env.INIT_CWD ?? process.cwd();

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => ['true', '1', 'yes'].includes(v));
const int = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `expected an integer between ${min} and ${max}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, `expected an integer between ${min} and ${max}`)
        .max(max, `expected an integer between ${min} and ${max}`),
    );
const hostLabel = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
/** 43 base64 digits carry 32 bytes; standard and URL-safe alphabets both read. */
const secretKey = z
  .string()
  .regex(
    /^[A-Za-z0-9+/_-]{43}=?$/,
    'expected 32 random bytes in base64, e.g. from `openssl rand -base64 32`',
  );
/** Settings whose values must not be echoed in an error line. */
const SECRET_SETTINGS = new Set(['SECRET_KEY', 'SECRET_KEY_PREVIOUS']);

const envSchema = z.object({
  PORT: int(0, 65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres:\/\/|postgresql:\/\/)/, 'expected sqlite:<file> or postgres://...')
    .optional(),
  /** Unset: short-lived state stays in SQL. Set: it goes to this Redis (DESIGN section 7). */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/./, 'expected redis://... or rediss://...')
    .optional(),
  /** Lets one Redis serve several installations without their keys meeting. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, 'expected up to 64 letters, digits, and . : _ -')
    .default('tessera:'),
  BASE_DOMAIN: z
    .string()
    .toLowerCase()
    .refine(
      (v) => v.split('.').every((l) => hostLabel.test(l)),
      'expected a host name such as localhost or id.example.com',
    )
    .default('localhost'),
  DEFAULT_TENANT: z
    .string()
    .regex(hostLabel, 'expected a tenant code (lower-case letters, digits, hyphens)')
    .default('demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: int(1, 60 * 24 * 30).default(30),
  SESSION_ABSOLUTE_HOURS: int(1, 24 * 365).default(12),
  TRUST_PROXY: bool.default(false),
  SEED_DEMO: bool.default(true),
  WEB_DIST: z.string().default(path.resolve(here, '../../web/dist')),
  /** Seals secrets at rest (modules/secrets). Unset with SQLite: a key file beside the database. */
  SECRET_KEY: secretKey.optional(),
  /** A key being rotated out: still opens what it sealed, never seals. */
  SECRET_KEY_PREVIOUS: secretKey.optional(),
});

export type Config = z.infer<typeof envSchema> & { databaseUrl: string };

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const picked = Object.fromEntries(
    Object.keys(envSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]),
  );
  const parsed = envSchema.safeParse(picked);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = String(issue.path[0]);
    const got = SECRET_SETTINGS.has(key) ? `${(env[key] ?? '').length} characters` : JSON.stringify(env[key]);
    throw new ConfigError(`Invalid setting ${key}: ${issue.message} (got ${got})`);
  }
  const databaseUrl = parsed.data.DATABASE_URL ?? `sqlite:${path.resolve(invokedFrom, 'data/portal.db')}`;
  // A key file serves one machine; processes sharing a PostgreSQL must be given the same key.
  if (!databaseUrl.startsWith('sqlite:') && !parsed.data.SECRET_KEY)
    throw new ConfigError(
      'SECRET_KEY is required with PostgreSQL: every process must seal and open secrets with the same key',
    );
  return { ...parsed.data, databaseUrl };
}
