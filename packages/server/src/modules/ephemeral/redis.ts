/**
 * The ephemeral store of DESIGN section 7 over Redis (`REDIS_URL`): the same answers as the SQL
 * store, with Redis doing the expiry. Every key carries a prefix so one Redis can serve several
 * installations (or test servers) side by side.
 */
import { Redis } from 'ioredis';
import type { EphemeralStore } from './store.ts';

/**
 * INCR and the new expiry in one step, so concurrent increments neither lose a count nor leave a
 * counter without expiry. A ttl of zero or less leaves the counter already expired, as in SQL.
 */
const INCREMENT = `
local n = redis.call('INCR', KEYS[1])
if tonumber(ARGV[1]) > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) else redis.call('DEL', KEYS[1]) end
return n`;

/** Redis takes whole milliseconds only. */
const whole = (ms: number) => Math.ceil(ms);

export class RedisEphemeralStore implements EphemeralStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    // Lazy: a command line run that never touches the store opens no connection.
    // A request fails after a few quick retries when Redis is gone, rather than waiting on twenty.
    this.redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  }

  async addOnce(key: string, ttlMs: number): Promise<boolean> {
    // An already-expired entry cannot be stored: the call "stores" it only if nothing lives there.
    if (whole(ttlMs) <= 0) return (await this.redis.exists(this.prefix + key)) === 0;
    return (await this.redis.set(this.prefix + key, '1', 'PX', whole(ttlMs), 'NX')) === 'OK';
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.redis.get(this.prefix + key)) ?? undefined;
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    return Number(await this.redis.eval(INCREMENT, 1, this.prefix + key, whole(ttlMs)));
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    // Setting an already-expired value is the same as removing it (Redis refuses PX <= 0).
    if (whole(ttlMs) <= 0) await this.redis.del(this.prefix + key);
    else await this.redis.set(this.prefix + key, value, 'PX', whole(ttlMs));
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    // Never connected (lazy) or already gone: nothing to say goodbye to.
    if (this.redis.status === 'wait' || this.redis.status === 'end') this.redis.disconnect();
    else await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
