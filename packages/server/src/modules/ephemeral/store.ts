/**
 * The ephemeral store of DESIGN section 7: short-lived keys with an expiry. This implementation
 * keeps them in the SQL table `ephemeral`, so several processes over one database act as one.
 * Expired rows are ignored on read and swept now and then. With REDIS_URL set, redis.ts takes
 * its place behind the same interface.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';

export interface EphemeralStore {
  /** Stores the key only if it is absent (or expired). True when this call stored it. */
  addOnce(key: string, ttlMs: number): Promise<boolean>;
  get(key: string): Promise<string | undefined>;
  /** Adds one to a counter (starting at 1 when absent or expired) and answers the new value. */
  increment(key: string, ttlMs: number): Promise<number>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Releases what the store holds open; the server calls it when it closes. */
  close(): Promise<void>;
}

export class SqlEphemeralStore implements EphemeralStore {
  private lastSweep = 0;

  constructor(private readonly db: Db) {}

  async addOnce(key: string, ttlMs: number): Promise<boolean> {
    const now = Date.now();
    this.maybeSweep(now);
    // Insert, or take over an expired row; a live row is left alone and the update matches nothing.
    const res = await this.db
      .insertInto('ephemeral')
      .values({ k: key, v: '1', expires_at: now + ttlMs })
      .onConflict((oc) =>
        oc
          .column('k')
          .doUpdateSet({ v: '1', expires_at: now + ttlMs })
          .where('ephemeral.expires_at', '<=', now),
      )
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async get(key: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('ephemeral')
      .select('v')
      .where('k', '=', key)
      .where('expires_at', '>', Date.now())
      .executeTakeFirst();
    return row?.v;
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    const now = Date.now();
    const expires_at = now + ttlMs;
    // One statement, so concurrent failures cannot overwrite each other's count.
    const row = await this.db
      .insertInto('ephemeral')
      .values({ k: key, v: '1', expires_at })
      .onConflict((oc) =>
        oc.column('k').doUpdateSet({
          v: sql<string>`case when ephemeral.expires_at <= ${now} then '1' else cast(cast(ephemeral.v as integer) + 1 as text) end`,
          expires_at,
        }),
      )
      .returning('v')
      .executeTakeFirstOrThrow();
    return Number(row.v);
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    const expires_at = Date.now() + ttlMs;
    await this.db
      .insertInto('ephemeral')
      .values({ k: key, v: value, expires_at })
      .onConflict((oc) => oc.column('k').doUpdateSet({ v: value, expires_at }))
      .execute();
  }

  async delete(key: string): Promise<void> {
    await this.db.deleteFrom('ephemeral').where('k', '=', key).execute();
  }

  async close(): Promise<void> {
    // The database belongs to whoever opened it, and is closed there.
  }

  private maybeSweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    void this.db
      .deleteFrom('ephemeral')
      .where('expires_at', '<=', now)
      .execute()
      .catch(() => undefined);
  }
}
