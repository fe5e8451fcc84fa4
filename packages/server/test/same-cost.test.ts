/**
 * An unknown user must cost the same Argon2 work as a wrong password, so response times do not
 * tell which accounts exist. This counts the verifications instead of timing them.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ verify: 0 }));
vi.mock('@node-rs/argon2', async (original) => {
  const real = await original<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      calls.verify++;
      return real.verify(...args);
    },
  };
});

const { startTestServer, login } = await import('./harness.ts');

describe('unknown users cost the same as wrong passwords', () => {
  let s: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    s = await startTestServer('sqlite', 'same_cost');
  });
  afterAll(async () => s?.close());

  it('runs one Argon2 verification for a known user with a wrong password, and one for an unknown user', async () => {
    calls.verify = 0;
    expect((await login(s.app, 'demo', 'Wrong@123456')).json().code).toBe('AUTH.LOGIN.0001');
    expect(calls.verify).toBe(1);
    calls.verify = 0;
    expect((await login(s.app, 'no-such-user', 'Wrong@123456')).json().code).toBe('AUTH.LOGIN.0001');
    expect(calls.verify).toBe(1);
  });
});
