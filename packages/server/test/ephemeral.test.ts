/**
 * The contract of the ephemeral store (DESIGN section 7), run alike against every store behind it:
 * SQL over SQLite, SQL over PostgreSQL, and Redis. Expiry is tested with real short lifetimes and
 * real waits, since it is the stores' own clocks (the database's rows, Redis's expiry) under test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDb } from '../src/db/index.ts';
import { RedisEphemeralStore } from '../src/modules/ephemeral/redis.ts';
import { type EphemeralStore, SqlEphemeralStore } from '../src/modules/ephemeral/store.ts';
import { freePort, freshTestDatabase, sharedPgUrl } from './support/postgres.ts';
import { sharedRedisUrl, uniqueRedisPrefix } from './support/redis.ts';

interface Opened {
  store: EphemeralStore;
  close(): Promise<void>;
}

async function sqlStore(databaseUrl: string, cleanup = () => {}): Promise<Opened> {
  const db = await openMigratedDb(databaseUrl);
  const store = new SqlEphemeralStore(db);
  return {
    store,
    async close() {
      await store.close();
      await db.destroy();
      cleanup();
    },
  };
}

const STORES = [
  {
    name: 'SQL over SQLite',
    available: true,
    async open() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-ephemeral-'));
      return sqlStore(`sqlite:${path.join(dir, 'portal.db')}`, () =>
        fs.rmSync(dir, { recursive: true, force: true }),
      );
    },
  },
  {
    name: 'SQL over PostgreSQL',
    available: !!sharedPgUrl(),
    open: async () => sqlStore(await freshTestDatabase('ephemeral')),
  },
  {
    name: 'Redis',
    available: !!sharedRedisUrl(),
    async open(): Promise<Opened> {
      const store = new RedisEphemeralStore(sharedRedisUrl()!, uniqueRedisPrefix('ephemeral'));
      return { store, close: () => store.close() };
    },
  },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(STORES)('the ephemeral store: $name', ({ available, open }) => {
  let opened: Opened;
  let store: EphemeralStore;
  beforeAll(async () => {
    if (!available) return;
    opened = await open();
    store = opened.store;
  });
  afterAll(async () => opened?.close());

  it.skipIf(!available)('adds a key once, and again only after it expired', async () => {
    expect(await store.addOnce('once:a', 60_000)).toBe(true);
    expect(await store.addOnce('once:a', 60_000)).toBe(false);
    expect(await store.addOnce('once:b', 60_000)).toBe(true);
    expect(await store.addOnce('once:short', 40)).toBe(true);
    expect(await store.addOnce('once:short', 40)).toBe(false);
    await sleep(120);
    expect(await store.addOnce('once:short', 60_000)).toBe(true);
    expect(await store.addOnce('once:short', 60_000)).toBe(false);
  });

  it.skipIf(!available)('lets only one of many concurrent adds win', async () => {
    const wins = await Promise.all(Array.from({ length: 20 }, () => store.addOnce('once:race', 60_000)));
    expect(wins.filter(Boolean)).toHaveLength(1);
  });

  it.skipIf(!available)('sets, overwrites, reads and deletes values', async () => {
    expect(await store.get('value:a')).toBeUndefined();
    await store.set('value:a', 'first', 60_000);
    expect(await store.get('value:a')).toBe('first');
    await store.set('value:a', '{"json":"ü"}', 60_000);
    expect(await store.get('value:a')).toBe('{"json":"ü"}');
    await store.delete('value:a');
    expect(await store.get('value:a')).toBeUndefined();
    await store.delete('value:never-set');
  });

  it.skipIf(!available)('forgets a value when its time is up', async () => {
    await store.set('value:short', 'soon gone', 40);
    expect(await store.get('value:short')).toBe('soon gone');
    await sleep(120);
    expect(await store.get('value:short')).toBeUndefined();
  });

  it.skipIf(!available)('treats a value set with no time left as absent', async () => {
    // Tests and callers use a negative lifetime to plant an already-expired entry.
    await store.set('value:expired', '7', -1);
    expect(await store.get('value:expired')).toBeUndefined();
    expect(await store.increment('value:expired', 60_000)).toBe(1);
    await store.set('once:expired', '1', -1);
    expect(await store.addOnce('once:expired', 60_000)).toBe(true);
  });

  it.skipIf(!available)('counts from 1, and from 1 again after the counter expired', async () => {
    expect(await store.increment('count:a', 60_000)).toBe(1);
    expect(await store.increment('count:a', 60_000)).toBe(2);
    expect(await store.get('count:a')).toBe('2');
    expect(await store.increment('count:short', 40)).toBe(1);
    expect(await store.increment('count:short', 40)).toBe(2);
    await sleep(120);
    expect(await store.get('count:short')).toBeUndefined();
    expect(await store.increment('count:short', 40)).toBe(1);
  });

  it.skipIf(!available)('moves the expiry of a counter to now + ttl on every increment', async () => {
    // Lifetimes wide enough that a loaded machine cannot blur them: the first increment alone
    // would expire at 1 s; the second one, 600 ms later, carries the counter to 1.6 s.
    expect(await store.increment('count:renewed', 1_000)).toBe(1);
    await sleep(600);
    expect(await store.increment('count:renewed', 1_000)).toBe(2);
    await sleep(600);
    expect(await store.get('count:renewed')).toBe('2');
  });

  it.skipIf(!available)('counts 50 concurrent increments exactly', async () => {
    const values = await Promise.all(Array.from({ length: 50 }, () => store.increment('count:race', 60_000)));
    expect(values.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await store.get('count:race')).toBe('50');
  });
});

describe.skipIf(!sharedRedisUrl())('the Redis store', () => {
  it('keeps installations with different key prefixes apart', async () => {
    const url = sharedRedisUrl()!;
    const one = new RedisEphemeralStore(url, uniqueRedisPrefix('one'));
    const two = new RedisEphemeralStore(url, uniqueRedisPrefix('two'));
    try {
      await one.set('shared-name', 'one', 60_000);
      expect(await two.get('shared-name')).toBeUndefined();
      expect(await two.addOnce('shared-name', 60_000)).toBe(true);
      expect(await one.get('shared-name')).toBe('one');
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('closes without ever having connected', async () => {
    const idle = new RedisEphemeralStore(sharedRedisUrl()!, uniqueRedisPrefix('idle'));
    await expect(idle.close()).resolves.toBeUndefined();
  });

  it('fails a call when Redis is not there, instead of holding it', async () => {
    const gone = new RedisEphemeralStore(`redis://127.0.0.1:${await freePort()}`, 'gone:');
    try {
      await expect(gone.get('anything')).rejects.toThrow(/ECONNREFUSED|retries/);
    } finally {
      await gone.close();
    }
  });
});
