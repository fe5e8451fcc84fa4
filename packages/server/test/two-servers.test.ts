/**
 * DESIGN section 7: several server processes over one PostgreSQL and one Redis behave as one server.
 * Two servers are built here over the same database and the same Redis key space, as two processes
 * behind a load balancer would be, and each step of a user's way switches between them.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CryptoService } from '../src/modules/crypto/service.ts';
import { RedisEphemeralStore } from '../src/modules/ephemeral/redis.ts';
import {
  type TestServer,
  encrypt,
  formLogin,
  get,
  login,
  post,
  publicKey,
  sessionCookie,
  startTestServer,
  startTwinServer,
  lastOutboxCode,
} from './harness.ts';
import { sharedPgUrl } from './support/postgres.ts';
import { sharedRedisUrl } from './support/redis.ts';

describe.skipIf(!sharedPgUrl() || !sharedRedisUrl())('two servers over one PostgreSQL and one Redis', () => {
  let a: TestServer;
  let b: TestServer;
  let demoId: string;
  let pem: string;
  beforeAll(async () => {
    a = await startTestServer('postgres', 'two_servers');
    b = await startTwinServer(a);
    demoId = (await a.services.tenancy.getByCode('demo'))!.id;
    pem = await publicKey(a.app);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const json = (app: TestServer, url: string, body: unknown, cookie = '') =>
    post(app.app, `/api/v1${url}`, { 'content-type': 'application/json', cookie }, JSON.stringify(body));
  const form = (app: TestServer, url: string, fields: Record<string, string>) =>
    post(
      app.app,
      `/api/v1${url}`,
      { 'content-type': 'application/x-www-form-urlencoded' },
      new URLSearchParams(fields).toString(),
    );
  const codeSentTo = async (recipient: string) => (await lastOutboxCode(a, recipient)).code;
  const flowCookie = (res: LightMyRequestResponse) => {
    const c = res.cookies.find((x) => x.name === 'tessera_flow');
    return c ? `tessera_flow=${c.value}` : '';
  };

  it('keeps short-lived state in Redis on both', () => {
    expect(a.services.ephemeral).toBeInstanceOf(RedisEphemeralStore);
    expect(b.services.ephemeral).toBeInstanceOf(RedisEphemeralStore);
    expect(b.services.config.REDIS_KEY_PREFIX).toBe(a.services.config.REDIS_KEY_PREFIX);
  });

  it('accepts on B a login code sent through A, once, and holds back a resend on B', async () => {
    await a.services.accounts.create(demoId, {
      username: 'erin',
      password: 'Erin@123456',
      mobile: '13900000001',
    });
    const sent = await json(a, '/code/send', { purpose: 'LOGIN', channel: 'sms', recipient: '13900000001' });
    expect(sent.json().code).toBe('0');
    // The interval between two sends counts on both servers.
    const resent = await json(b, '/code/send', {
      purpose: 'LOGIN',
      channel: 'sms',
      recipient: '13900000001',
    });
    expect(resent.statusCode).toBe(429);
    const code = await codeSentTo('+8613900000001');
    const fields = { mobile: '13900000001', areaCode: '+86', code };
    const onB = await form(b, '/login/sms', fields);
    expect(onB.json()).toMatchObject({ code: '0', data: { user: { username: 'erin' } } });
    // The session B made is a session on A too, and the code is spent on both.
    const me = await get(a.app, '/api/v1/config/isLogin', { cookie: sessionCookie(onB) });
    expect(me.json().data.isLogin).toBe(true);
    expect((await form(a, '/login/sms', fields)).json().code).toBe('CODE.0001');
  });

  it('continues on B a post-login flow started on A, and ends it on both', async () => {
    await a.services.accounts.create(demoId, { username: 'frank', password: 'Frank@12345' });
    await a.services.accounts.expirePassword(demoId, 'frank', undefined, 0);
    const started = await login(a.app, 'frank', 'Frank@12345');
    const flow = started.json().data.flow;
    expect(flow).toMatchObject({ step: 'CHANGE_PASSWORD', userName: 'frank' });
    const cookie = flowCookie(started);
    const change = (on: TestServer, password: string) =>
      json(on, `/flow/${flow.id}/password`, { password: encrypt(pem, password) }, cookie);
    const done = await change(b, 'Frank@23456');
    expect(done.json()).toMatchObject({ code: '0', data: { user: { username: 'frank' } } });
    expect((await change(a, 'Frank@34567')).json().code).toBe('FLOW.0001');
    expect((await login(a.app, 'frank', 'Frank@23456')).json().code).toBe('0');
  });

  it('locks on B an account whose failures were counted on A', async () => {
    await a.services.accounts.create(demoId, { username: 'grace', password: 'Grace@12345' });
    for (let i = 0; i < 5; i++)
      expect((await login(a.app, 'grace', `Wrong${i}@x`)).json().code).toBe('AUTH.LOGIN.0001');
    expect((await login(b.app, 'grace', 'Grace@12345')).json().code).toBe('AUTH.LOGIN.0002');
    // An unlock on B frees the account on A.
    await b.services.throttle.unlock(demoId, 'grace');
    expect((await login(a.app, 'grace', 'Grace@12345')).json().code).toBe('0');
  });

  it('refuses on B an encrypted value that A already accepted', async () => {
    const once = encrypt(pem, 'Demo@123456');
    expect((await formLogin(a.app, { username: 'demo', password: once })).json().code).toBe('0');
    const replayed = await formLogin(b.app, { username: 'demo', password: once });
    expect(replayed.json().code).toBe('CRYPTO.0003');
    expect(replayed.cookies.find((c) => c.name === 'tessera_sid')).toBeUndefined();
  });
  it('reads on B a key pair rotated on A, and pages holding the old public key work for an hour', async () => {
    const old = pem;
    expect(await publicKey(b.app)).toBe(old); // B has read the key pair and keeps it a minute
    await a.services.crypto.rotate(demoId);
    const fresh = await publicKey(a.app);
    expect(fresh).not.toBe(old);
    // B cannot open the first value under the new key, so it reads the keys again.
    await new Promise((r) => setTimeout(r, 1_100));
    const withFresh = await formLogin(b.app, { username: 'demo', password: encrypt(fresh, 'Demo@123456') });
    expect(withFresh.json().code).toBe('0');
    for (const app of [a.app, b.app]) {
      const withOld = await formLogin(app, { username: 'demo', password: encrypt(old, 'Demo@123456') });
      expect(withOld.json().code).toBe('0');
    }
    // An hour after the rotation the old key is retired for good.
    await a.services.db
      .updateTable('tenant_keys')
      .set({ created_at: Date.now() - 2 * 3_600_000 })
      .where('tenant_id', '=', demoId)
      .where('active', '=', 1)
      .execute();
    const later = new CryptoService(a.services.db, a.services.ephemeral, a.services.secrets);
    await expect(later.decrypt(demoId, encrypt(old, 'Demo@123456'))).rejects.toMatchObject({
      code: 'CRYPTO.0001',
    });
    expect(await later.decrypt(demoId, encrypt(fresh, 'Demo@123456'))).toBe('Demo@123456');
  });
});
