import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, dropDatabase, freshTestDatabase, sharedPgUrl } from './postgres.ts';

const pgUrl = inject('pgUrl');

describe.skipIf(!pgUrl)('test PostgreSQL server', () => {
  const clients: pg.Client[] = [];
  const connect = async (url: string) => {
    const client = new pg.Client({ connectionString: url });
    clients.push(client);
    await client.connect();
    return client;
  };
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end().catch(() => {})));
  });

  it('reaches workers both through inject() and TEST_PG_URL', () => {
    expect(pgUrl).toMatch(/^postgres(ql)?:\/\//);
    expect(sharedPgUrl()).toBe(pgUrl);
  });

  it('answers select 1', async () => {
    const client = await connect(pgUrl);
    const { rows } = await client.query<{ one: number }>('select 1 as one');
    expect(rows).toEqual([{ one: 1 }]);
  });

  describe('databases per test file', () => {
    let url = '';
    beforeAll(async () => {
      url = await freshTestDatabase('postgres.test.ts');
    });

    it('gives a fresh, writable database of its own', async () => {
      const name = new URL(url).pathname.slice(1);
      expect(name).toMatch(/^t_postgres_/);
      const client = await connect(url);
      const { rows } = await client.query<{ db: string }>('select current_database() as db');
      expect(rows[0]?.db).toBe(name);
      await client.query('create table t (id int primary key)');
      await client.query('insert into t values (1)');
      expect((await client.query('select count(*)::int as n from t')).rows[0]).toEqual({ n: 1 });
    });

    it('creates databases concurrently and drops them', async () => {
      const names = ['t_concurrent_a', 't_concurrent_b', 't_concurrent_c'].map((n) => `${n}_${process.pid}`);
      const urls = await Promise.all(names.map((n) => createDatabase(pgUrl, n)));
      expect(urls.map((u) => new URL(u).pathname.slice(1))).toEqual(names);
      await Promise.all(names.map((n) => dropDatabase(pgUrl, n)));
      const admin = await connect(pgUrl);
      const { rows } = await admin.query('select datname from pg_database where datname = any($1)', [names]);
      expect(rows).toEqual([]);
    });
  });
});
