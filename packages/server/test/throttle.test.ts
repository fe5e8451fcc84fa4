import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/http/errors.ts';
import { THROTTLE } from '../src/modules/login/throttle.ts';
import { DIALECTS, type TestServer, startTestServer } from './harness.ts';

describe.each(DIALECTS)('failure counters and the ephemeral store over $name', ({ name, available }) => {
  let s: TestServer;
  let tenantId: string;
  beforeAll(async () => {
    if (!available) return;
    s = await startTestServer(name, 'throttle');
    tenantId = (await s.services.tenancy.getByCode('demo'))!.id;
  });
  afterAll(async () => s?.close());

  it.skipIf(!available)('counts concurrent increments exactly and restarts an expired counter', async () => {
    const store = s.services.ephemeral;
    const values = await Promise.all(Array.from({ length: 20 }, () => store.increment('count:a', 60_000)));
    expect(values.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    await store.set('count:b', '7', -1);
    expect(await store.increment('count:b', 60_000)).toBe(1);
    expect(await store.addOnce('once', 60_000)).toBe(true);
    expect(await store.addOnce('once', 60_000)).toBe(false);
    await store.set('once-expired', '1', -1);
    expect(await store.addOnce('once-expired', 60_000)).toBe(true);
  });

  it.skipIf(!available)('doubles the account lock with each failure past the threshold', async () => {
    const now = Date.now();
    const lockMinutes = async () => {
      const err = await s.services.throttle
        .check(tenantId, 'Dave', '10.0.0.1', now)
        .catch((e: AppError) => e);
      return err instanceof AppError ? err.params.minutes : 0;
    };
    for (let i = 1; i < THROTTLE.accountThreshold; i++)
      await s.services.throttle.recordFailure(tenantId, 'dave', `10.0.0.${i}`, now);
    expect(await lockMinutes()).toBe(0);
    await s.services.throttle.recordFailure(tenantId, 'dave', '10.0.0.9', now);
    expect(await lockMinutes()).toBe(1);
    await s.services.throttle.recordFailure(tenantId, 'dave', '10.0.0.9', now);
    expect(await lockMinutes()).toBe(2);
    await s.services.throttle.recordFailure(tenantId, 'dave', '10.0.0.9', now);
    expect(await lockMinutes()).toBe(4);
    await s.services.throttle.recordSuccess(tenantId, 'DAVE', '10.0.0.9');
    expect(await lockMinutes()).toBe(0);
  });
});
