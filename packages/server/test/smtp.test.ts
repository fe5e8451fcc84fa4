import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, post, startTestServer } from './harness.ts';
import { type TestSmtp, startSmtp } from './support/smtp.ts';

describe('email codes through a real SMTP server', () => {
  let s: TestServer;
  let smtp: TestSmtp;
  let demoId: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    s = await startTestServer('sqlite', 'smtp');
    demoId = (await s.services.tenancy.getByCode('demo'))!.id;
    await s.services.accounts.create(demoId, {
      username: 'grace',
      password: 'Grace@123456',
      email: 'grace@example.com',
    });
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  const send = (recipient: string) =>
    post(
      s.app,
      '/api/v1/code/send',
      { 'content-type': 'application/json' },
      JSON.stringify({ purpose: 'LOGIN', channel: 'email', recipient }),
    );

  it('delivers the code with the tenant SMTP settings and signs in with it', async () => {
    await s.services.tenancy.updateSettings(demoId, {
      email: {
        provider: 'smtp',
        host: '127.0.0.1',
        port: smtp.port,
        secure: false,
        user: 'mailer',
        pass: 'mail-secret',
        from: 'Tessera <no-reply@demo.test>',
      },
    });
    expect((await send('grace@example.com')).json().code).toBe('0');
    const mail = await smtp.next('grace@example.com');
    expect(mail.subject).toBe('泰瑟拉演示企业 登录验证码');
    expect(mail.from?.value[0]).toMatchObject({ name: 'Tessera', address: 'no-reply@demo.test' });
    const code = /\b(\d{6})\b/.exec(mail.text ?? '')![1]!;
    const login = await post(
      s.app,
      '/api/v1/login/email',
      { 'content-type': 'application/x-www-form-urlencoded' },
      new URLSearchParams({ email: 'grace@example.com', code }).toString(),
    );
    expect(login.json()).toMatchObject({ code: '0', data: { user: { username: 'grace' } } });
    // Nothing went to the outbox.
    expect(await s.services.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
  });

  it('answers a clear error when the SMTP server refuses, and lets the user retry at once', async () => {
    await s.services.tenancy.updateSettings(demoId, {
      email: {
        provider: 'smtp',
        host: '127.0.0.1',
        port: smtp.port,
        user: 'mailer',
        pass: 'wrong',
        from: 'no-reply@demo.test',
      },
    });
    await s.services.db.deleteFrom('ephemeral').execute();
    const res = await send('grace@example.com');
    expect(res.json()).toMatchObject({ code: 'CODE.0006', message: '验证码发送失败，请稍后再试' });
    const codes = await s.services.db
      .selectFrom('ephemeral')
      .select('k')
      .where('k', 'like', 'code:%')
      .execute();
    expect(codes).toEqual([]);
    await s.services.tenancy.updateSettings(demoId, {
      email: {
        provider: 'smtp',
        host: '127.0.0.1',
        port: smtp.port,
        user: 'mailer',
        pass: 'mail-secret',
        from: 'no-reply@demo.test',
      },
    });
    expect((await send('grace@example.com')).json().code).toBe('0');
  });
});
