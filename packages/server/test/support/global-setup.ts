/**
 * vitest globalSetup of the `unit` project: one throwaway PostgreSQL server for the whole run.
 *
 * Its URL reaches tests as `inject('pgUrl')` and as env TEST_PG_URL (see sharedPgUrl() and
 * freshTestDatabase() in postgres.ts); each test file makes its own database on it.
 * - TEST_PG_URL already set: that server is used as is and nothing is started.
 * - PostgreSQL binaries missing: outside CI, a warning and pgUrl '' (tests over PostgreSQL skip);
 *   in CI (CI=true) the run fails.
 */
import type { TestProject } from 'vitest/node';
import { isCI, PostgresUnavailableError, startPostgres, TEST_PG_URL_ENV } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the shared PostgreSQL test server; '' when unavailable (tests over PostgreSQL skip). */
    pgUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const given = process.env[TEST_PG_URL_ENV];
  if (given) {
    project.provide('pgUrl', given);
    return undefined;
  }
  try {
    const started = Date.now();
    const server = await startPostgres();
    process.env[TEST_PG_URL_ENV] = server.url;
    project.provide('pgUrl', server.url);
    if (process.env.DEBUG_PG) console.info(`[pg] ${server.url} ready in ${Date.now() - started} ms`);
    return async () => {
      delete process.env[TEST_PG_URL_ENV];
      await server.stop();
    };
  } catch (err) {
    if (err instanceof PostgresUnavailableError && !isCI()) {
      console.warn(
        `\n\u001b[33mWARNING: ${err.message}\nTests over PostgreSQL will be SKIPPED. ` +
          `(In CI this is an error.)\u001b[0m\n`,
      );
      project.provide('pgUrl', '');
      return undefined;
    }
    throw err;
  }
}
