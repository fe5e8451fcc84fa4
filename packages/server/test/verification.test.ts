import { captchaKeys } from '../src/modules/captcha/service.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_HOST,
  DIALECTS,
  type TestServer,
  clearEphemeral,
  encrypt,
  ephemeralEntries,
  publicKey,
  get,
  post,
  sessionCookie,
  startTestServer,
} from './harness.ts';

describe.each(DIALECTS)('verification codes and code logins over $name', ({ name, available }) => {
  let s: TestServer;
  let demoId: string;
  beforeAll(async () => {
    if (!available) return;
    s = await startTestServer(name, 'verification');
    demoId = (await s.services.tenancy.getByCode('demo'))!.id;
    await s.services.accounts.create(demoId, {
      username: 'erin',
      password: 'Erin@123456',
      mobile: '13900000001',
      email: 'Erin@Example.com',
    });
  });
  afterAll(async () => s?.close());

  const send = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    post(
      s.app,
      '/api/v1/code/send',
      { 'content-type': 'application/json', ...headers },
      JSON.stringify(body),
    );
  const form = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    post(
      s.app,
      url,
      { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      new URLSearchParams(fields).toString(),
    );
  const lastOutbox = async (recipient: string) =>
    s.services.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', recipient)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  const codeIn = (body: string) => /\b(\d{6})\b/.exec(body)![1]!;
  const forget = async (recipient: string) => {
    await clearEphemeral(s, `*${recipient}*`);
  };

  it.skipIf(!available)('sends a login code by SMS to the outbox and signs in with it, once', async () => {
    const sent = await send({ purpose: 'LOGIN', channel: 'sms', recipient: '13900000001', areaCode: '+86' });
    expect(sent.json()).toEqual({ code: '0', message: 'success', data: { interval: 60, expiresIn: 300 } });
    const message = (await lastOutbox('+8613900000001'))!;
    expect(message).toMatchObject({ channel: 'sms', purpose: 'LOGIN' });
    expect(message.body).toMatch(/^【泰瑟拉演示企业】您的登录验证码是 \d{6}，5 分钟内有效/);
    // Only a hash is kept.
    const stored = await ephemeralEntries(s, 'code:*');
    expect(stored.map((r) => r.v).join()).not.toContain(codeIn(message.body));

    const res = await form('/api/v1/login/sms', {
      mobile: '13900000001',
      areaCode: '+86',
      code: codeIn(message.body),
    });
    expect(res.json()).toMatchObject({
      code: '0',
      redirect: 'client_redirect',
      data: { user: { username: 'erin' } },
    });
    const me = await get(s.app, '/api/v1/config/isLogin', { cookie: sessionCookie(res) });
    expect(me.json().data.user.username).toBe('erin');
    const again = await form('/api/v1/login/sms', {
      mobile: '13900000001',
      areaCode: '+86',
      code: codeIn(message.body),
    });
    expect(again.json().code).toBe('CODE.0001');
    const audit = await s.services.db
      .selectFrom('audit_log')
      .selectAll()
      .where('operation', 'in', ['SEND_CODE', 'LOGIN_SMS'])
      .execute();
    expect(audit.map((a) => `${a.operation}:${a.result}`)).toEqual(
      expect.arrayContaining(['SEND_CODE:success', 'LOGIN_SMS:success', 'LOGIN_SMS:failure']),
    );
  });

  it.skipIf(!available)('signs in with an email code, in the language of the request', async () => {
    expect(
      (
        await send(
          { purpose: 'LOGIN', channel: 'email', recipient: 'erin@example.com' },
          { 'accept-language': 'en' },
        )
      ).json().code,
    ).toBe('0');
    const message = (await lastOutbox('erin@example.com'))!;
    expect(message.subject).toBe('Tessera Demo Inc. Sign-in code');
    expect(message.body).toMatch(/Your sign-in code is \d{6}/);
    const res = await form('/api/v1/login/email', { email: 'ERIN@example.com', code: codeIn(message.body) });
    expect(res.json()).toMatchObject({ code: '0', data: { user: { username: 'erin' } } });
  });

  it.skipIf(!available)(
    'refuses to resend within the interval and past the daily caps, sending nothing',
    async () => {
      await forget('13900000001');
      const count = async () =>
        (
          await s.services.db
            .selectFrom('outbox')
            .select('id')
            .where('recipient', '=', '+8613900000001')
            .execute()
        ).length;
      const initial = await count();
      expect((await send({ purpose: 'LOGIN', channel: 'sms', recipient: '13900000001' })).json().code).toBe(
        '0',
      );
      const before = await count();
      const soon = await send({ purpose: 'LOGIN', channel: 'sms', recipient: '13900000001' });
      expect(soon.statusCode).toBe(429);
      expect(soon.json()).toMatchObject({ code: 'COMMON.0429', message: '操作过于频繁，请稍后再试' });
      expect(await count()).toBe(before);
      // Past the per-number cap for the day, even after the interval.
      for (let i = 0; i < 12; i++) {
        await clearEphemeral(s, 'resend:*');
        await send({ purpose: 'LOGIN', channel: 'sms', recipient: '13900000001' });
      }
      await clearEphemeral(s, 'resend:*');
      const capped = await send(
        { purpose: 'LOGIN', channel: 'sms', recipient: '13900000001' },
        { 'accept-language': 'en' },
      );
      expect(capped.json()).toMatchObject({
        code: 'COMMON.0429',
        message: 'The operation is too frequent. Please try again later',
      });
      expect(await count()).toBe(initial + 10);
    },
  );

  it.skipIf(!available)('counts wrong codes, then throws the code away', async () => {
    await s.services.accounts.create(demoId, {
      username: 'frank',
      password: 'Frank@123456',
      mobile: '+8613900000002',
    });
    await send({ purpose: 'LOGIN', channel: 'sms', recipient: '13900000002' });
    const code = codeIn((await lastOutbox('+8613900000002'))!.body);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 4; i++) {
      expect((await form('/api/v1/login/sms', { mobile: '13900000002', code: wrong })).json().code).toBe(
        'CODE.0001',
      );
    }
    // The fifth wrong code throws the code away; five failures also lock the account.
    expect((await form('/api/v1/login/sms', { mobile: '13900000002', code: wrong })).json().code).toBe(
      'CODE.0002',
    );
    expect((await form('/api/v1/login/sms', { mobile: '13900000002', code })).json().code).toBe(
      'AUTH.LOGIN.0002',
    );
    await s.services.throttle.unlock(demoId, '+8613900000002');
    expect((await form('/api/v1/login/sms', { mobile: '13900000002', code })).json().code).toBe('CODE.0001');
  });

  it.skipIf(!available)(
    'tells an unregistered phone to register or to call the administrator, as the tenant says',
    async () => {
      const contact = await send({ purpose: 'LOGIN', channel: 'sms', recipient: '13900009999' });
      expect(contact.json()).toMatchObject({
        code: 'AUTH.LOGIN.0011',
        message: '该手机号或邮箱尚未注册，请联系管理员',
      });
      await s.services.tenancy.updateSettings(demoId, { unregisteredPolicy: 'register' });
      const register = await send(
        { purpose: 'LOGIN', channel: 'email', recipient: 'nobody@example.com' },
        { 'accept-language': 'en' },
      );
      expect(register.json()).toMatchObject({
        code: 'AUTH.LOGIN.0010',
        message: 'This phone number or email is not registered. Would you like to register?',
      });
      expect(await lastOutbox('+8613900009999')).toBeUndefined();
    },
  );

  it.skipIf(!available)('refuses bad numbers, addresses, area codes and purposes', async () => {
    expect((await send({ purpose: 'LOGIN', channel: 'sms', recipient: '12345' })).json()).toMatchObject({
      code: 'CODE.0003',
      message: '手机号格式不正确',
    });
    expect(
      (
        await send(
          { purpose: 'LOGIN', channel: 'email', recipient: 'not-an-email' },
          { 'accept-language': 'en' },
        )
      ).json(),
    ).toMatchObject({
      code: 'CODE.0004',
      message: 'Illegal email',
    });
    expect(
      (await send({ purpose: 'LOGIN', channel: 'sms', recipient: '5551234567', areaCode: '+1' })).json().code,
    ).toBe('CODE.0005');
    expect((await send({ purpose: 'NOPE', channel: 'sms', recipient: '13900000001' })).statusCode).toBe(400);
    expect((await send({ purpose: 'LOGIN', channel: 'fax', recipient: '13900000001' })).statusCode).toBe(400);
    expect((await send({ purpose: 'LOGIN', channel: 'sms', recipient: '1'.repeat(300) })).json().code).toBe(
      'COMMON.0402',
    );
    expect(
      (await send({ purpose: 'BIND_MOBILE', channel: 'sms', recipient: '13900000003' })).json().code,
    ).toBe('AUTH.COMMON.0027');
    expect((await form('/api/v1/login/sms', { mobile: '', code: '1' })).json().code).toBe('COMMON.0401');
    expect((await form('/api/v1/login/email', { email: 'x@example.com', code: '123456' })).json().code).toBe(
      'CODE.0001',
    );
  });

  it.skipIf(!available)('keeps tenant-edited message texts', async () => {
    await s.services.tenancy.updateSettings(demoId, {
      messages: { zh: { LOGIN: '验证码 {code}，{minutes} 分钟有效' } },
    });
    await forget('erin@example.com');
    await send({ purpose: 'LOGIN', channel: 'email', recipient: 'erin@example.com' });
    expect((await lastOutbox('erin@example.com'))!.body).toMatch(
      /^【泰瑟拉演示企业】验证码 \d{6}，5 分钟有效$/,
    );
  });

  it.skipIf(!available)(
    'asks for the slider when the tenant turns it on, before any code is sent',
    async () => {
      await s.services.tenancy.updateLoginConfig(demoId, { enableCaptcha: true });
      await forget('13900000001');
      const res = await send(
        { purpose: 'LOGIN', channel: 'sms', recipient: '13900000001' },
        { 'accept-language': 'en' },
      );
      expect(res.json()).toMatchObject({
        code: 'CAPTCHA.0001',
        message: 'Please first complete slide verification',
      });
      // Solve the slider over HTTP: the answer is read from the store, the drag is a person's.
      const puzzle = (await get(s.app, '/api/v1/geetest/getCaptcha?t=1')).json().data;
      expect(puzzle.background).toMatch(/^data:image\/png;base64,/);
      const answer = JSON.parse((await s.services.ephemeral.get(captchaKeys.puzzle(puzzle.id)))!).x as number;
      const track = Array.from(
        { length: 12 },
        (_, i) => [Math.round((answer * (i + 1)) / 12), i % 3, i * 60 + (i % 4) * 7] as const,
      );
      const verified = await post(
        s.app,
        '/api/v1/geetest/verify',
        { 'content-type': 'application/json' },
        JSON.stringify({ id: puzzle.id, x: answer, duration: 800, track }),
      );
      const token = verified.json().data.token as string;
      const withToken = await send({
        purpose: 'LOGIN',
        channel: 'sms',
        recipient: '13900000001',
        captchaToken: token,
      });
      expect(withToken.json().code).toBe('0');
      await clearEphemeral(s, 'resend:*');
      const reused = await send({
        purpose: 'LOGIN',
        channel: 'sms',
        recipient: '13900000001',
        captchaToken: token,
      });
      expect(reused.json().code).toBe('CAPTCHA.0001');
      const asked = await post(s.app, '/api/v1/config/isEnableCaptcha?loginName=demo');
      expect(asked.json()).toMatchObject({ code: '0', data: { enabled: true } });
      await s.services.tenancy.updateSettings(demoId, { captchaAfterFailures: 3 });
      await clearEphemeral(s, 'fail:*');
      expect((await post(s.app, '/api/v1/config/isEnableCaptcha?loginName=demo')).json().data.enabled).toBe(
        false,
      );
      for (let i = 0; i < 3; i++) await s.services.throttle.recordFailure(demoId, 'demo', '10.9.9.9');
      expect((await post(s.app, '/api/v1/config/isEnableCaptcha?loginName=demo')).json().data.enabled).toBe(
        true,
      );
      // The password login asks for the slider too, once the account has failed enough.
      const pem = await publicKey(s.app);
      const refused = await post(
        s.app,
        '/api/v1/login/form',
        { 'content-type': 'application/x-www-form-urlencoded' },
        new URLSearchParams({ username: 'demo', password: encrypt(pem, 'Demo@123456') }).toString(),
      );
      expect(refused.json().code).toBe('CAPTCHA.0001');
      await s.services.tenancy.updateLoginConfig(demoId, { enableCaptcha: false });
      void DEMO_HOST;
    },
  );
});
