import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIALECTS,
  type TestServer,
  clearEphemeral,
  encrypt,
  get,
  login,
  post,
  publicKey,
  sessionCookie,
  startTestServer,
  lastOutboxCode,
} from './harness.ts';

describe.each(DIALECTS)('registration and forgotten password over $name', ({ name, available }) => {
  let s: TestServer;
  let demoId: string;
  beforeAll(async () => {
    if (!available) return;
    s = await startTestServer(name, 'lifecycle');
    demoId = (await s.services.tenancy.getByCode('demo'))!.id;
  });
  afterAll(async () => s?.close());

  const call = (url: string, body: Record<string, unknown>, lang = 'zh') =>
    post(
      s.app,
      `/api/v1${url}`,
      { 'content-type': 'application/json', 'accept-language': lang },
      JSON.stringify(body),
    );
  const lastCode = async (recipient: string) => (await lastOutboxCode(s, recipient)).code;
  const clearLimits = () => clearEphemeral(s, 'resend:*');

  it.skipIf(!available)('refuses registration while the tenant keeps it closed', async () => {
    const res = await call('/register/sendCode', { type: 'mobile', mobile: '13700000001' });
    expect(res.json()).toMatchObject({ code: 'REGISTER.0001', message: '当前企业未开放注册' });
    expect(await s.services.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
  });

  it.skipIf(!available)('registers by phone with a code, and the new account signs in', async () => {
    await s.services.tenancy.updateLoginConfig(demoId, { enableRegister: true });
    const name = (await call('/register/getNameAndLogo', {})).json();
    expect(name.data).toMatchObject({ name: '泰瑟拉统一身份认证', logo: '/assets/demo-logo.svg' });
    expect(
      (
        await call('/register/sendCode', {
          type: 'MOBILE',
          mobile: '13700000001',
          areaCode: '+86',
          purpose: 'REGISTER',
        })
      ).json().code,
    ).toBe('0');
    const code = await lastCode('+8613700000001');
    const pem = await publicKey(s.app);
    const weak = await call('/register/submit', {
      type: 'mobile',
      mobile: '13700000001',
      code,
      username: 'henry',
      password: encrypt(pem, 'abcdefgh'),
    });
    expect(weak.json()).toMatchObject({
      code: 'PWD.0001',
      message: '至少包含数字、小写字母、大写字母、特殊字符中的 3 种',
    });
    const taken = await call(
      '/register/submit',
      {
        type: 'mobile',
        mobile: '13700000001',
        code,
        username: 'Demo',
        password: encrypt(pem, 'Henry@12345'),
      },
      'en',
    );
    expect(taken.json()).toMatchObject({ code: 'REGISTER.0002', message: 'This username is already taken' });
    const ok = await call('/register/submit', {
      type: 'mobile',
      mobile: '13700000001',
      code,
      username: 'henry',
      password: encrypt(pem, 'Henry@12345'),
    });
    expect(ok.json()).toMatchObject({ code: '0', data: { username: 'henry' } });
    const user = await s.services.accounts.findByUsername(demoId, 'henry');
    expect(user).toMatchObject({ mobile: '+8613700000001', email: null, status: 'active' });
    expect((await login(s.app, 'henry', 'Henry@12345')).json().code).toBe('0');
    // The phone is now taken, and the code was used up.
    await clearLimits();
    expect((await call('/register/sendCode', { type: 'mobile', mobile: '13700000001' })).json().code).toBe(
      'REGISTER.0003',
    );
    const again = await call('/register/submit', {
      type: 'mobile',
      mobile: '13700000001',
      code,
      username: 'henry2',
      password: encrypt(pem, 'Henry@12345'),
    });
    expect(again.json().code).toBe('REGISTER.0003');
    const audit = await s.services.db
      .selectFrom('audit_log')
      .selectAll()
      .where('operation', '=', 'REGISTER')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it.skipIf(!available)(
    'registers by email, refusing a wrong code and a bad username without creating anything',
    async () => {
      expect(
        (await call('/register/sendCode', { type: 'email', email: 'Ivy@Example.com' })).json().code,
      ).toBe('0');
      const code = await lastCode('ivy@example.com');
      const pem = await publicKey(s.app);
      const wrong = await call('/register/submit', {
        type: 'email',
        email: 'ivy@example.com',
        code: '000000' === code ? '111111' : '000000',
        username: 'ivy',
        password: encrypt(pem, 'Ivy@123456'),
      });
      expect(wrong.json().code).toBe('CODE.0001');
      const badName = await call('/register/submit', {
        type: 'email',
        email: 'ivy@example.com',
        code,
        username: 'ivy smith',
        password: encrypt(pem, 'Ivy@123456'),
      });
      expect(badName.json().code).toBe('REGISTER.0004');
      expect(await s.services.accounts.findByEmail(demoId, 'ivy@example.com')).toBeUndefined();
      const ok = await call('/register/submit', {
        type: 'email',
        email: 'ivy@example.com',
        code,
        username: 'ivy',
        password: encrypt(pem, 'Ivy@123456'),
      });
      expect(ok.json().code).toBe('0');
      expect(
        (
          await call('/register/submit', {
            type: 'fax',
            email: 'x@example.com',
            code,
            username: 'x',
            password: 'x',
          })
        ).statusCode,
      ).toBe(400);
    },
  );

  it.skipIf(!available)('resets a forgotten password in three steps and ends the old sessions', async () => {
    const hidden = await call('/findPassword/sendCode', { type: 'email', email: 'ivy@example.com' });
    expect(hidden.json().code).toBe('PWD.0002');
    await s.services.tenancy.updateLoginConfig(demoId, {
      enableFindPassword: true,
      findPasswordWay: ['MOBILE', 'EMAIL'],
    });
    const session = sessionCookie(await login(s.app, 'ivy', 'Ivy@123456'));
    await clearLimits();
    expect(
      (await call('/findPassword/sendCode', { type: 'email', email: 'nobody@example.com' })).json().code,
    ).toBe('AUTH.LOGIN.0011');
    expect(
      (await call('/findPassword/sendCode', { type: 'email', email: 'ivy@example.com' })).json().code,
    ).toBe('0');
    const code = await lastCode('ivy@example.com');
    expect(
      (
        await call('/findPassword/verify', {
          type: 'email',
          email: 'ivy@example.com',
          code: code === '123456' ? '654321' : '123456',
        })
      ).json().code,
    ).toBe('CODE.0001');
    const verified = (
      await call('/findPassword/verify', { type: 'email', email: 'ivy@example.com', code })
    ).json();
    expect(verified.code).toBe('0');
    const ticket = verified.data.ticket as string;
    const pem = await publicKey(s.app);
    const weak = await call('/findPassword/reset', { ticket, password: encrypt(pem, 'short') }, 'en');
    expect(weak.json()).toMatchObject({ code: 'PWD.0001', message: '8 to 18 characters' });
    expect(
      (await call('/findPassword/reset', { ticket, password: encrypt(pem, 'Ivy@654321') })).json().code,
    ).toBe('0');
    expect(
      (await call('/findPassword/reset', { ticket, password: encrypt(pem, 'Ivy@000000') })).json().code,
    ).toBe('PWD.0003');
    expect((await get(s.app, '/api/v1/config/isLogin', { cookie: session })).json().code).toBe(
      'AUTH.COMMON.0027',
    );
    expect((await login(s.app, 'ivy', 'Ivy@123456')).json().code).toBe('AUTH.LOGIN.0001');
    expect((await login(s.app, 'ivy', 'Ivy@654321')).json().code).toBe('0');
    const audit = await s.services.db
      .selectFrom('audit_log')
      .selectAll()
      .where('operation', '=', 'FORGET_PWD')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it.skipIf(!available)('applies the tenant password policy', async () => {
    await s.services.tenancy.updateSettings(demoId, {
      passwordPolicy: { minLength: 10, mustCharacterList: ['UPPER_CASE', 'SPECIAL_CHARACTERS'] },
    });
    await clearLimits();
    await call('/findPassword/sendCode', { type: 'mobile', mobile: '13700000001' });
    const code = await lastCode('+8613700000001');
    const ticket = (
      await call('/findPassword/verify', { type: 'mobile', mobile: '13700000001', code })
    ).json().data.ticket;
    const pem = await publicKey(s.app);
    const res = await call('/findPassword/reset', { ticket, password: encrypt(pem, 'abcdefgh123') });
    expect(res.json()).toMatchObject({ code: 'PWD.0001', message: '必须包含大写字母、特殊字符' });
    expect(
      (await call('/findPassword/reset', { ticket, password: encrypt(pem, 'Abcdefgh12') })).json().code,
    ).toBe('PWD.0001');
    expect(
      (await call('/findPassword/reset', { ticket, password: encrypt(pem, 'Abcdefgh1~') })).json().code,
    ).toBe('0');
  });
});
