/**
 * The post-login flow (docs/flows.md): expired and expiring passwords with the change rules,
 * agreements and their versions, profile fields, mobile binding, and the flow's own guards.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACME_HOST,
  DIALECTS,
  type TestServer,
  encrypt,
  formLogin,
  get,
  login,
  post,
  publicKey,
  startTestServer,
  lastOutboxCode,
} from './harness.ts';

const DAY = 86_400_000;

describe.each(DIALECTS)('post-login flow over $name', ({ name, available }) => {
  let s: TestServer;
  let demoId: string;
  let pem: string;
  let n = 0;
  beforeAll(async () => {
    if (!available) return;
    s = await startTestServer(name, 'flows');
    demoId = (await s.services.tenancy.getByCode('demo'))!.id;
    pem = await publicKey(s.app);
  });
  afterAll(async () => s?.close());

  /** A fresh user per test, so the tests do not lean on each other. */
  const newUser = async (extra: { email?: string; mobile?: string } = {}) => {
    n += 1;
    const username = `flow${n}`;
    await s.services.accounts.create(demoId, { username, password: 'Flow@12345', ...extra });
    return username;
  };
  const flowCookie = (res: LightMyRequestResponse) => {
    const c = res.cookies.find((x) => x.name === 'tessera_flow');
    return c ? `tessera_flow=${c.value}` : '';
  };
  const call = (url: string, body: unknown, cookie = '', lang = 'zh', host?: string) =>
    post(
      s.app,
      `/api/v1${url}`,
      { 'content-type': 'application/json', 'accept-language': lang, cookie, ...(host && { host }) },
      JSON.stringify(body),
    );
  /** Signs in and answers the flow the login started, with the browser's flow cookie. */
  const startFlow = async (username: string, password = 'Flow@12345') => {
    const res = await login(s.app, username, password);
    const body = res.json();
    expect(body.code).toBe('0');
    expect(body.data.flow).toBeDefined();
    expect(res.cookies.find((c) => c.name === 'tessera_sid')).toBeUndefined();
    return { flow: body.data.flow, cookie: flowCookie(res) };
  };
  const setPolicy = (policy: Record<string, unknown>) => s.services.tenancy.updateSettings(demoId, policy);
  const auditOf = (username: string) =>
    s.services.db
      .selectFrom('audit_log')
      .select(['operation', 'result'])
      .where('username', '=', username)
      .orderBy('id')
      .execute();

  it.skipIf(!available)('signs in at once when nothing is pending', async () => {
    const username = await newUser();
    const res = await login(s.app, username, 'Flow@12345');
    expect(res.json()).toMatchObject({
      code: '0',
      data: { user: { username } },
      redirect: 'client_redirect',
    });
    expect(res.cookies.find((c) => c.name === 'tessera_sid')).toBeDefined();
  });

  it.skipIf(!available)('makes an expired password change before the session, by the rules', async () => {
    await setPolicy({ passwordPolicy: { historyCount: 3, minChangeIntervalDays: 30 } });
    const username = await newUser();
    await s.services.accounts.expirePassword(demoId, username, undefined, 0);
    const { flow, cookie } = await startFlow(username);
    expect(flow).toMatchObject({
      type: 'AFTER_AUTHENTICATION',
      step: 'CHANGE_PASSWORD',
      userName: username,
      changePassword: { reason: 'EXPIRED', canSkip: false },
    });
    const change = (password: string, lang = 'zh') =>
      call(`/flow/${flow.id}/password`, { password: encrypt(pem, password) }, cookie, lang);
    // Policy, same as old; nothing was written.
    expect((await change('abcdefgh')).json()).toMatchObject({ code: 'PWD.0001' });
    expect((await change('Flow@12345', 'en')).json()).toMatchObject({
      code: 'PWD.0007',
      message: 'Old password and new password cannot be the same',
    });
    // Skipping an expired password is refused.
    expect((await call(`/flow/${flow.id}/skip`, {}, cookie)).json().code).toBe('FLOW.0004');
    // The interval rule does not hold back an expired password.
    const done = await change('Flow@23456');
    expect(done.json()).toMatchObject({
      code: '0',
      data: { user: { username } },
      redirect: 'client_redirect',
    });
    expect(done.cookies.find((c) => c.name === 'tessera_sid')).toBeDefined();
    // The flow is over: its id answers nothing any more.
    expect((await change('Flow@34567')).json().code).toBe('FLOW.0001');
    expect((await login(s.app, username, 'Flow@23456')).json().data.user.username).toBe(username);
    expect((await auditOf(username)).map((r) => r.operation)).toContain('UPDATE_PWD');
  });

  it.skipIf(!available)('refuses a change within the interval, and the last N passwords', async () => {
    await setPolicy({ passwordPolicy: { historyCount: 3, minChangeIntervalDays: 30 } });
    const username = await newUser();
    const res = await login(s.app, username, 'Flow@12345');
    const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const own = (old: string, next: string, lang = 'zh') =>
      call(
        '/account/password',
        { oldPassword: encrypt(pem, old), password: encrypt(pem, next) },
        cookie,
        lang,
      );
    expect((await own('Wrong@12345', 'Flow@99999')).json().code).toBe('PWD.0006');
    // Just created: within 30 days of the last change.
    expect((await own('Flow@12345', 'Flow@99999', 'en')).json()).toMatchObject({
      code: 'PWD.0004',
      message: 'The password can be changed only once in 30 days. Please contact the administrator',
    });
    await setPolicy({ passwordPolicy: { historyCount: 3 } });
    expect((await own('Flow@12345', 'Flow@22222')).json().code).toBe('0');
    expect((await own('Flow@22222', 'Flow@33333')).json().code).toBe('0');
    // Flow@12345 is two changes back: refused by historyCount 3; the current one by "same as old".
    expect((await own('Flow@33333', 'Flow@12345')).json()).toMatchObject({
      code: 'PWD.0005',
      message: '新密码不能与最近 3 次使用过的密码相同',
    });
    expect((await own('Flow@33333', 'Flow@33333')).json().code).toBe('PWD.0007');
    expect((await own('Flow@33333', 'Flow@44444')).json().code).toBe('0');
    // Three changes back is allowed again.
    expect((await own('Flow@44444', 'Flow@12345')).json().code).toBe('0');
    // The session the change came from lives on.
    expect((await get(s.app, '/api/v1/config/isLogin', { cookie })).json().data.isLogin).toBe(true);
  });

  it.skipIf(!available)(
    "ends where the login's redirect_to pointed, if it is a path of this site",
    async () => {
      const username = await newUser();
      let password = 'Flow@12345';
      /** Signs in with an expired password and a redirect_to, changes it, answers the final redirect. */
      const through = async (redirect_to: string) => {
        await s.services.accounts.expirePassword(demoId, username, undefined, 0);
        const res = await formLogin(s.app, { username, password: encrypt(pem, password), redirect_to });
        const flow = res.json().data.flow;
        password = `Flow@${Math.floor(Math.random() * 90000) + 10000}`;
        const done = await call(
          `/flow/${flow.id}/password`,
          { password: encrypt(pem, password) },
          flowCookie(res),
        );
        return done.json().redirect as string;
      };
      expect(await through('/pc/authentication/user?tab=security')).toBe(
        '/pc/authentication/user?tab=security',
      );
      for (const evil of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', '/a\nb']) {
        expect(await through(evil)).toBe('client_redirect');
      }
    },
  );

  it.skipIf(!available)('lets an expiring password be skipped, and asks again next time', async () => {
    await setPolicy({ passwordPolicy: { maxAgeDays: 90, expireWarnDays: 7 } });
    const username = await newUser();
    await s.services.accounts.expirePassword(demoId, username, 3, 90);
    const { flow, cookie } = await startFlow(username);
    expect(flow.changePassword).toEqual({ reason: 'EXPIRING', canSkip: true, daysLeft: 3 });
    const skipped = await call(`/flow/${flow.id}/skip`, {}, cookie);
    expect(skipped.json()).toMatchObject({ code: '0', data: { user: { username } } });
    expect((await startFlow(username)).flow.step).toBe('CHANGE_PASSWORD');
    // Past maxAgeDays it is expired and cannot be skipped.
    await s.services.db
      .updateTable('users')
      .set({ password_changed_at: Date.now() - 91 * DAY })
      .where('username', '=', username)
      .execute();
    expect((await startFlow(username)).flow.changePassword).toMatchObject({
      reason: 'EXPIRED',
      canSkip: false,
    });
    await setPolicy({ passwordPolicy: {} });
  });

  it.skipIf(!available)('asks for each new agreement version; declining signs out', async () => {
    const v1 = await s.services.agreements.publish(demoId, {
      code: 'user',
      title: '用户协议',
      titleEn: 'User agreement',
      content: '第一版',
      contentEn: 'First version',
    });
    const listed = (await get(s.app, '/api/v1/config/agreement', { 'accept-language': 'en' })).json();
    expect(listed.data).toEqual([
      expect.objectContaining({ id: v1.id, code: 'user', version: 1, title: 'User agreement' }),
    ]);
    const username = await newUser();
    const { flow, cookie } = await startFlow(username);
    expect(flow.step).toBe('SIGN_AGREEMENT');
    expect(flow.agreements).toEqual([
      expect.objectContaining({ id: v1.id, title: '用户协议', content: '第一版' }),
    ]);
    // Out of order: the profile step is not the current one.
    expect((await call(`/flow/${flow.id}/profile`, { values: {} }, cookie)).json()).toMatchObject({
      code: 'FLOW.0002',
      message: '请先完成当前步骤：签署协议',
    });
    const signed = await call(`/config/agreement/sign/${v1.id}`, { flowId: flow.id }, cookie);
    expect(signed.json()).toMatchObject({ code: '0', data: { user: { username } } });
    // Signed once: the next login goes straight in.
    expect((await login(s.app, username, 'Flow@12345')).json().data.user).toBeDefined();

    const v2 = await s.services.agreements.publish(demoId, {
      code: 'user',
      title: '用户协议',
      titleEn: 'User agreement',
      content: '第二版',
      contentEn: 'Second version',
    });
    const again = await startFlow(username);
    expect(again.flow.agreements.map((a: { version: number }) => a.version)).toEqual([2]);
    // The old version is not what is in force.
    expect(
      (await call(`/config/agreement/sign/${v1.id}`, { flowId: again.flow.id }, again.cookie)).json().code,
    ).toBe('AGREEMENT.0001');
    expect(
      (await call('/config/agreement/sign/cancel', { flowId: again.flow.id }, again.cookie)).json().code,
    ).toBe('0');
    expect(
      (await call(`/config/agreement/sign/${v2.id}`, { flowId: again.flow.id }, again.cookie)).json().code,
    ).toBe('FLOW.0001');
    await s.services.db.deleteFrom('agreements').execute();
  });

  it.skipIf(!available)('completes the profile with the field rules, then binds a mobile', async () => {
    await setPolicy({
      afterLogin: { completeProfile: true, bindMobile: true },
      profileFields: [
        {
          key: 'birth',
          label: { zh: '出生日期', en: 'Birth date' },
          type: 'date',
          required: true,
          onRegister: false,
          minAge: 16,
        },
        {
          key: 'dept',
          label: { zh: '部门', en: 'Department' },
          type: 'select',
          required: true,
          onRegister: true,
          options: [{ value: 'rd', label: { zh: '研发', en: 'R&D' } }],
        },
        {
          key: 'years',
          label: { zh: '工龄', en: 'Years' },
          type: 'number',
          required: false,
          onRegister: false,
          min: 0,
          max: 50,
        },
      ],
    });
    const username = await newUser({ email: `${username0()}@example.com` });
    const { flow, cookie } = await startFlow(username);
    expect(flow.step).toBe('COMPLETE_PROFILE');
    expect(flow.profile.fields.map((f: { key: string }) => f.key)).toEqual(['birth', 'dept', 'years']);
    const young = new Date(Date.now() - 10 * 365 * DAY).toISOString().slice(0, 10);
    const send = (values: Record<string, string>, lang = 'zh') =>
      call(`/flow/${flow.id}/profile`, { values }, cookie, lang);
    expect((await send({ birth: young, dept: 'rd' })).json()).toMatchObject({
      code: 'PROFILE.0001',
      message: '出生日期：未达到法定就业年龄（16 周岁）',
    });
    expect((await send({ birth: '1990-01-01', dept: 'hr' }, 'en')).json()).toMatchObject({
      code: 'PROFILE.0001',
      message: 'Department: Only one option of this dictionary field can be chosen',
    });
    expect((await send({ birth: '1990-01-01', dept: 'rd', years: '99' })).json().message).toBe(
      '工龄：数值应在 0 到 50 之间',
    );
    const next = await send({ birth: '1990-01-01', dept: 'rd' });
    expect(next.json()).toMatchObject({ code: '0', data: { flow: { step: 'BIND_MOBILE' } } });
    const stored = await s.services.accounts.findByUsername(demoId, username);
    expect(JSON.parse(stored!.profile)).toEqual({ birth: '1990-01-01', dept: 'rd' });

    // A number another account has is refused before any code is sent.
    await s.services.accounts.create(demoId, { username: `${username}x`, mobile: '+8613900000077' });
    expect(
      (
        await call(`/flow/${flow.id}/mobile/sendCode`, { mobile: '13900000077', areaCode: '+86' }, cookie)
      ).json().code,
    ).toBe('MOBILE.0001');
    expect(
      (
        await call(`/flow/${flow.id}/mobile/sendCode`, { mobile: '13900000078', areaCode: '+86' }, cookie)
      ).json().code,
    ).toBe('0');
    const { code, purpose } = await lastOutboxCode(s, '+8613900000078');
    expect(purpose).toBe('BIND_MOBILE');
    const bound = await call(
      `/flow/${flow.id}/mobile`,
      { mobile: '13900000078', areaCode: '+86', code },
      cookie,
    );
    expect(bound.json()).toMatchObject({ code: '0', data: { user: { username, mobile: '+8613900000078' } } });
    expect((await auditOf(username)).map((r) => r.operation)).toEqual(
      expect.arrayContaining(['LOGIN_FORM', 'UPDATE_PROFILE', 'BIND_MOBILE']),
    );
    await setPolicy({ afterLogin: {}, profileFields: [] });
  });

  it.skipIf(!available)("refuses another browser's, another tenant's and made-up flows", async () => {
    const username = await newUser();
    await s.services.accounts.expirePassword(demoId, username, undefined, 0);
    const { flow, cookie } = await startFlow(username);
    expect((await get(s.app, `/api/v1/flow/${flow.id}`, { cookie })).json().data.step).toBe(
      'CHANGE_PASSWORD',
    );
    // No cookie, or another browser's cookie: as if the flow did not exist.
    expect((await get(s.app, `/api/v1/flow/${flow.id}`)).json().code).toBe('FLOW.0001');
    expect(
      (await get(s.app, `/api/v1/flow/${flow.id}`, { cookie: `tessera_flow=${'x'.repeat(43)}` })).json().code,
    ).toBe('FLOW.0001');
    const other = await get(s.app, `/api/v1/flow/${flow.id}`, {
      cookie,
      host: ACME_HOST,
      'accept-language': 'en',
    });
    expect(other.json()).toMatchObject({
      code: 'FLOW.0003',
      message: "This flow belongs to another enterprise. Please sign in again on this enterprise's page",
    });
    expect((await get(s.app, `/api/v1/flow/${'a'.repeat(43)}`, { cookie })).json().code).toBe('FLOW.0001');
    expect((await get(s.app, '/api/v1/flow/short', { cookie })).statusCode).toBe(400);
    // A disabled account's flow ends.
    await s.services.accounts.setStatus(demoId, username, 'disabled');
    expect((await get(s.app, `/api/v1/flow/${flow.id}`, { cookie })).json().code).toBe('FLOW.0001');
  });

  it.skipIf(!available)(
    'registration signs the current agreements and keeps the profile fields',
    async () => {
      await s.services.tenancy.updateLoginConfig(demoId, { enableRegister: true });
      await setPolicy({
        profileFields: [
          {
            key: 'dept',
            label: { zh: '部门', en: 'Department' },
            type: 'select',
            required: true,
            onRegister: true,
            options: [{ value: 'rd', label: { zh: '研发', en: 'R&D' } }],
          },
        ],
      });
      const terms = await s.services.agreements.publish(demoId, {
        code: 'privacy',
        title: '隐私政策',
        titleEn: 'Privacy policy',
        content: '内容',
        contentEn: 'Text',
      });
      await call('/register/sendCode', { type: 'email', email: 'newbie@example.com' });
      const { code } = await lastOutboxCode(s, 'newbie@example.com');
      const submit = (extra: Record<string, unknown>) =>
        call('/register/submit', {
          type: 'email',
          email: 'newbie@example.com',
          code,
          username: 'newbie',
          password: encrypt(pem, 'Newbie@12345'),
          ...extra,
        });
      expect((await submit({ profile: { dept: 'rd' } })).json().code).toBe('AGREEMENT.0002');
      expect((await submit({ agreementIds: [terms.id] })).json()).toMatchObject({
        code: 'PROFILE.0001',
        message: '部门：部门不能为空',
      });
      expect((await submit({ agreementIds: [terms.id], profile: { dept: 'rd' } })).json().code).toBe('0');
      // Signed at registration: the first login is not asked again.
      expect((await login(s.app, 'newbie', 'Newbie@12345')).json().data.user.username).toBe('newbie');
      await s.services.db.deleteFrom('agreements').execute();
      await setPolicy({ profileFields: [] });
    },
  );
});

/** A unique local part for email addresses of this file's users. */
let mailSeq = 0;
function username0() {
  mailSeq += 1;
  return `flowmail${mailSeq}`;
}
