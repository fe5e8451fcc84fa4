/**
 * vitest globalSetup of the `unit` project: one throwaway PostgreSQL server and one Redis server for
 * the whole run.
 *
 * PostgreSQL's URL reaches tests as `inject('pgUrl')` and as env TEST_PG_URL (see sharedPgUrl() and
 * freshTestDatabase() in postgres.ts); each test file makes its own database on it. Redis's URL reaches
 * them as `inject('redisUrl')` and env TEST_REDIS_URL (sharedRedisUrl() in redis.ts); each test server
 * keeps its keys under its own prefix.
 * - TEST_PG_URL / TEST_REDIS_URL already set: that server is used as is and nothing is started.
 * - Binaries missing: outside CI, a warning and '' (tests over that server skip); in CI (CI=true) the
 *   run fails.
 */
import type { TestProject } from 'vitest/node';
import { isCI, PostgresUnavailableError, startPostgres, TEST_PG_URL_ENV } from './postgres.ts';
import { RedisUnavailableError, startRedis, TEST_REDIS_URL_ENV } from './redis.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the shared PostgreSQL test server; '' when unavailable (tests over PostgreSQL skip). */
    pgUrl: string;
    /** URL of the shared Redis test server; '' when unavailable (tests over Redis skip). */
    redisUrl: string;
  }
}

type Teardown = () => Promise<void>;

interface SharedServer {
  /** Shown in the warning when the binaries are missing. */
  what: string;
  env: string;
  key: 'pgUrl' | 'redisUrl';
  start(): Promise<{ url: string; stop(): Promise<void> }>;
  /** The error a missing binary throws: a warning outside CI, a failure in CI. */
  unavailable: new (...args: never[]) => Error;
}

const SERVERS: SharedServer[] = [
  {
    what: 'PostgreSQL',
    env: TEST_PG_URL_ENV,
    key: 'pgUrl',
    start: startPostgres,
    unavailable: PostgresUnavailableError,
  },
  {
    what: 'Redis',
    env: TEST_REDIS_URL_ENV,
    key: 'redisUrl',
    start: startRedis,
    unavailable: RedisUnavailableError,
  },
];

async function startShared(project: TestProject, server: SharedServer): Promise<Teardown | undefined> {
  const given = process.env[server.env];
  if (given) {
    project.provide(server.key, given);
    return undefined;
  }
  try {
    const started = Date.now();
    const running = await server.start();
    process.env[server.env] = running.url;
    project.provide(server.key, running.url);
    if (process.env.DEBUG_PG)
      console.info(`[${server.what}] ${running.url} ready in ${Date.now() - started} ms`);
    return async () => {
      delete process.env[server.env];
      await running.stop();
    };
  } catch (err) {
    if (err instanceof server.unavailable && !isCI()) {
      console.warn(
        `\n\u001b[33mWARNING: ${err.message}\nTests over ${server.what} will be SKIPPED. ` +
          `(In CI this is an error.)\u001b[0m\n`,
      );
      project.provide(server.key, '');
      return undefined;
    }
    throw err;
  }
}

export default async function setup(project: TestProject): Promise<Teardown> {
  const teardowns: Teardown[] = [];
  const stopAll = async () => {
    await Promise.all(teardowns.map((stop) => stop()));
  };
  try {
    // One after the other: on a loaded machine PostgreSQL's start is the slow part anyway.
    for (const server of SERVERS) {
      const stop = await startShared(project, server);
      if (stop) teardowns.push(stop);
    }
  } catch (err) {
    await stopAll();
    throw err;
  }
  return stopAll;
}
