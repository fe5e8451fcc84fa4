import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACME_HOST,
  DIALECTS,
  type TestServer,
  clearEphemeral,
  encrypt,
  formLogin,
  get,
  login,
  post,
  publicKey,
  sessionCookie,
  startTestServer,
} from './harness.ts';

describe.each(DIALECTS)('password login over $name', ({ name, available }) => {
  let s: TestServer;
  beforeAll(async () => {
    if (available) s = await startTestServer(name, 'login');
  });
  afterAll(async () => s?.close());

  const auditRows = async (username: string) =>
    s.services.db
      .selectFrom('audit_log')
      .selectAll()
      .where('username', '=', username)
      .orderBy('id')
      .execute();

  it.skipIf(!available)(
    'signs in with the right password, renews the cookie, and logs the attempt',
    async () => {
      const res = await login(s.app, 'demo', 'Demo@123456');
      const body = res.json();
      expect(body).toMatchObject({
        code: '0',
        redirect: 'client_redirect',
        data: { user: { username: 'demo', tenant: 'demo' } },
      });
      const cookie = res.cookies.find((c) => c.name === 'tessera_sid')!;
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Lax');
      expect(cookie.value).toMatch(/^[\w-]{43}$/);
      // The secret itself is never stored.
      const stored = await s.services.db.selectFrom('sessions').select('id_hash').execute();
      expect(stored.map((r) => r.id_hash)).not.toContain(cookie.value);

      const me = await get(s.app, '/api/v1/config/isLogin', { cookie: sessionCookie(res) });
      expect(me.json()).toMatchObject({ code: '0', data: { isLogin: true, user: { username: 'demo' } } });

      const rows = await auditRows('demo');
      expect(rows.at(-1)).toMatchObject({ operation: 'LOGIN_FORM', result: 'success', code: '0' });
    },
  );

  it.skipIf(!available)('logging in again replaces the old session (no fixation)', async () => {
    const first = sessionCookie(await login(s.app, 'demo', 'Demo@123456'));
    const second = await login(s.app, 'demo', 'Demo@123456', undefined, first);
    expect(sessionCookie(second)).not.toBe(first);
    const old = await get(s.app, '/api/v1/config/isLogin', { cookie: first });
    expect(old.json().code).toBe('AUTH.COMMON.0027');
  });

  it.skipIf(!available)(
    'answers a wrong password and an unknown user alike, in the request language',
    async () => {
      const wrong = await login(s.app, 'demo', 'Wrong@123456');
      const unknown = await login(s.app, 'nobody', 'Wrong@123456');
      expect(wrong.json()).toEqual({ code: 'AUTH.LOGIN.0001', message: '用户名或密码错误', data: null });
      expect(unknown.json()).toEqual(wrong.json());
      expect(wrong.cookies.find((c) => c.name === 'tessera_sid')).toBeUndefined();
      const pem = await publicKey(s.app);
      const en = await formLogin(
        s.app,
        { username: 'demo', password: encrypt(pem, 'nope') },
        { headers: { 'accept-language': 'en-US,en;q=0.9' } },
      );
      expect(en.json().message).toBe('Incorrect username or password');
      expect((await auditRows('nobody')).at(-1)).toMatchObject({
        result: 'failure',
        code: 'AUTH.LOGIN.0001',
      });
    },
  );

  it.skipIf(!available)('refuses empty, oversized and malformed input with the field at fault', async () => {
    const pem = await publicKey(s.app);
    const empty = await formLogin(s.app, { username: '', password: encrypt(pem, 'x') });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'COMMON.0401', message: '用户名不能为空' });
    const noPassword = await formLogin(s.app, { username: 'demo' });
    expect(noPassword.json()).toMatchObject({ code: 'COMMON.0401', message: '密码不能为空' });
    const long = await formLogin(s.app, { username: 'a'.repeat(500), password: encrypt(pem, 'x') });
    expect(long.statusCode).toBe(400);
    expect(long.json().code).toBe('COMMON.0402');
    const spaced = await formLogin(s.app, { username: ' demo ', password: encrypt(pem, 'Demo@123456') });
    expect(spaced.json()).toMatchObject({ code: 'COMMON.0400' });
    // Repeated fields arrive as an array: a wrong type, refused before any work.
    const arrays = await formLogin(s.app, {} as Record<string, string>, {});
    expect(arrays.statusCode).toBe(400);
    const typed = await s.app.inject({
      method: 'POST',
      url: '/api/v1/login/form',
      headers: {
        host: 'localhost',
        'content-type': 'application/x-www-form-urlencoded',
        'x-requested-with': 'x',
      },
      payload: 'username=a&username=b&password=c',
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().code).toBe('COMMON.0400');
    const huge = await formLogin(s.app, { username: 'demo', password: 'A'.repeat(20_000) });
    expect(huge.statusCode).toBe(413);
    const xml = await s.app.inject({
      method: 'POST',
      url: '/api/v1/login/form',
      headers: { host: 'localhost', 'content-type': 'application/xml', 'x-requested-with': 'x' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
  });

  it.skipIf(!available)('refuses broken ciphertext, a stale or future timestamp, and a replay', async () => {
    const pem = await publicKey(s.app);
    const notBase64 = await formLogin(s.app, { username: 'demo', password: 'not*base64!' });
    expect(notBase64.json().code).toBe('CRYPTO.0001');
    const garbage = await formLogin(s.app, {
      username: 'demo',
      password: Buffer.alloc(256, 7).toString('base64'),
    });
    expect(garbage.json().code).toBe('CRYPTO.0001');
    const noStamp = await formLogin(s.app, {
      username: 'demo',
      password: encrypt(pem, 'Demo@123456', Number.NaN).replace(/./g, (c) => c),
    });
    expect(noStamp.json().code).toBe('CRYPTO.0001');
    const stale = await formLogin(s.app, {
      username: 'demo',
      password: encrypt(pem, 'Demo@123456', Date.now() - 6 * 60_000),
    });
    expect(stale.json().code).toBe('CRYPTO.0002');
    const future = await formLogin(s.app, {
      username: 'demo',
      password: encrypt(pem, 'Demo@123456', Date.now() + 10 * 60_000),
    });
    expect(future.json().code).toBe('CRYPTO.0002');

    const once = encrypt(pem, 'Demo@123456');
    expect((await formLogin(s.app, { username: 'demo', password: once })).json().code).toBe('0');
    const replay = await formLogin(s.app, { username: 'demo', password: once });
    expect(replay.json()).toMatchObject({ code: 'CRYPTO.0003' });
    expect(replay.cookies.find((c) => c.name === 'tessera_sid')).toBeUndefined();
    // Another tenant's key cannot decrypt this tenant's ciphertext.
    const acmePem = await publicKey(s.app, ACME_HOST);
    expect(acmePem).not.toBe(pem);
    const foreign = await formLogin(s.app, { username: 'demo', password: encrypt(acmePem, 'Demo@123456') });
    expect(foreign.json().code).toBe('CRYPTO.0001');
  });

  it.skipIf(!available)('never lets a user of one tenant sign in at another', async () => {
    const res = await login(s.app, 'demo', 'Demo@123456', ACME_HOST);
    expect(res.json().code).toBe('AUTH.LOGIN.0001');
    const alice = await login(s.app, 'alice', 'Alice@123456', ACME_HOST);
    expect(alice.json().code).toBe('0');
    // acme's session is worthless on demo's host even if the cookie were sent there.
    const onDemo = await get(s.app, '/api/v1/config/isLogin', { cookie: sessionCookie(alice) });
    expect(onDemo.json().code).toBe('AUTH.COMMON.0027');
  });

  it.skipIf(!available)(
    'locks an account after repeated failures, even for the right password, until unlocked',
    async () => {
      await s.services.accounts.create((await s.services.tenancy.getByCode('demo'))!.id, {
        username: 'bob',
        password: 'Bob@123456',
      });
      for (let i = 0; i < 5; i++)
        expect((await login(s.app, 'bob', `Wrong${i}@x`)).json().code).toBe('AUTH.LOGIN.0001');
      const locked = await login(s.app, 'bob', 'Bob@123456');
      expect(locked.json()).toMatchObject({ code: 'AUTH.LOGIN.0002' });
      expect(locked.json().message).toMatch(/1 分钟后重试/);
      // The same answer for a name that does not exist: locks reveal nothing.
      for (let i = 0; i < 5; i++) await login(s.app, 'ghost', `Wrong${i}@x`);
      expect((await login(s.app, 'ghost', 'x')).json().code).toBe('AUTH.LOGIN.0002');
      await s.services.throttle.unlock((await s.services.tenancy.getByCode('demo'))!.id, 'bob');
      expect((await login(s.app, 'bob', 'Bob@123456')).json().code).toBe('0');
    },
  );

  it.skipIf(!available)('makes one IP wait after many failures across accounts', async () => {
    const demoId = (await s.services.tenancy.getByCode('demo'))!.id;
    for (let i = 0; i < 20; i++) await s.services.throttle.recordFailure(demoId, `user${i}`, '127.0.0.1');
    const res = await login(s.app, 'demo', 'Demo@123456');
    expect(res.json().code).toBe('AUTH.LOGIN.0003');
    await clearEphemeral(s, 'lock:ip:*');
    await clearEphemeral(s, 'fail:ip:*');
  });

  it.skipIf(!available)('refuses a disabled account only after the right password', async () => {
    const demoId = (await s.services.tenancy.getByCode('demo'))!.id;
    await s.services.accounts.create(demoId, { username: 'carol', password: 'Carol@123456' });
    await s.services.accounts.setStatus(demoId, 'carol', 'disabled');
    expect((await login(s.app, 'carol', 'Wrong@1')).json().code).toBe('AUTH.LOGIN.0001');
    expect((await login(s.app, 'carol', 'Carol@123456')).json().code).toBe('AUTH.LOGIN.0004');
  });

  it.skipIf(!available)('signs out: the session ends and LOGOUT is logged', async () => {
    const cookie = sessionCookie(await login(s.app, 'demo', 'Demo@123456'));
    const me = (await get(s.app, '/api/v1/config/isLogin', { cookie })).json();
    const out = await post(s.app, `/api/v1/logout/${me.data.sessionId}`, { cookie });
    expect(out.json().code).toBe('0');
    expect(out.cookies.find((c) => c.name === 'tessera_sid')?.value).toBe('');
    expect((await get(s.app, '/api/v1/config/isLogin', { cookie })).json().code).toBe('AUTH.COMMON.0027');
    const rows = await s.services.db
      .selectFrom('audit_log')
      .selectAll()
      .where('operation', '=', 'LOGOUT')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
  });
});
