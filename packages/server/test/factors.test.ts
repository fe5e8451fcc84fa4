/**
 * Second factors and scan-to-login (docs/factors.md): OTP binding, login and replay; the
 * second-factor step by SMS, OTP and the authenticator phone; QR-code login across two browsers;
 * FIDO2's refusals without a valid challenge.
 */
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIALECTS,
  type TestServer,
  clearEphemeral,
  encrypt,
  get,
  post,
  publicKey,
  startTestServer,
  lastOutboxCode,
} from './harness.ts';

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const WECHAT_UA = `${PHONE_UA} MicroMessenger/8.0.40`;

/** The cookies a response set, as a Cookie header, merged over earlier ones. */
function jar(previous: string, res: LightMyRequestResponse): string {
  const map = new Map(previous ? previous.split('; ').map((c) => c.split('=') as [string, string]) : []);
  for (const c of res.cookies) map.set(c.name, c.value);
  return [...map].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** The code an authenticator app shows now for a key, or for the next period. */
function codeOf(secret: string, offsetPeriods = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offsetPeriods * 30_000 });
}

describe.each(DIALECTS)('second factors and QR login over $name', ({ name, available }) => {
  let s: TestServer;
  let demoId: string;
  let pem: string;
  let n = 0;
  beforeAll(async () => {
    if (!available) return;
    s = await startTestServer(name, 'factors');
    demoId = (await s.services.tenancy.getByCode('demo'))!.id;
    pem = await publicKey(s.app);
  });
  afterAll(async () => s?.close());

  const newUser = async (extra: { email?: string; mobile?: string } = {}) => {
    n += 1;
    const username = `mfa${n}`;
    await s.services.accounts.create(demoId, { username, password: 'Mfa@123456', ...extra });
    return username;
  };
  const call = (url: string, body: unknown, cookie = '', headers: Record<string, string> = {}) =>
    post(
      s.app,
      `/api/v1${url}`,
      { 'content-type': 'application/json', cookie, ...headers },
      JSON.stringify(body),
    );
  const signIn = async (username: string, headers: Record<string, string> = {}) => {
    const pk = pem;
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/v1/login/form',
      headers: {
        host: 'localhost:8080',
        'x-requested-with': 'XMLHttpRequest',
        'content-type': 'application/x-www-form-urlencoded',
        ...headers,
      },
      payload: new URLSearchParams({ username, password: encrypt(pk, 'Mfa@123456') }).toString(),
    });
    return { body: res.json(), cookie: jar('', res) };
  };
  it.skipIf(!available)('binds OTP, logs in with a code once, and resets it', async () => {
    const username = await newUser();
    const { cookie } = await signIn(username);
    expect((await get(s.app, '/api/v1/otp/status', { cookie })).json().data).toEqual({ bound: false });
    const key = (await call('/config/generateOTPKey', {}, cookie)).json().data;
    expect(
      (
        await call('/otp/bind', { code: '000000' === codeOf(key.secret) ? '111111' : '000000' }, cookie)
      ).json().code,
    ).toBe('OTP.0001');
    expect(
      (await call('/otp/bind', { code: codeOf(key.secret) }, cookie, { 'accept-language': 'en' })).json(),
    ).toMatchObject({
      code: '0',
    });
    expect((await get(s.app, '/api/v1/otp/status', { cookie })).json().data).toMatchObject({
      bound: true,
      digits: 6,
    });
    // A second key while one is bound: reset first.
    expect((await call('/config/generateOTPKey', {}, cookie)).json().code).toBe('OTP.0005');

    const otpLogin = (code: string) =>
      post(
        s.app,
        '/api/v1/login/otp',
        { 'content-type': 'application/x-www-form-urlencoded' },
        new URLSearchParams({ username, code }).toString(),
      );
    // The code used to bind is spent; the next period's code signs in, once.
    const next = codeOf(key.secret, 1);
    expect((await otpLogin(codeOf(key.secret))).json().code).toBe('OTP.0001');
    expect((await otpLogin(next)).json()).toMatchObject({ code: '0', data: { user: { username } } });
    expect((await otpLogin(next)).json().code).toBe('OTP.0001');
    expect((await otpLogin('12345')).json().code).toBe('OTP.0001');

    expect((await call('/otp/reset', { password: encrypt(pem, 'Wrong@12345') }, cookie)).json().code).toBe(
      'PWD.0009',
    );
    expect((await call('/otp/reset', { password: encrypt(pem, 'Mfa@123456') }, cookie)).json().code).toBe(
      '0',
    );
    expect((await get(s.app, '/api/v1/otp/status', { cookie })).json().data.bound).toBe(false);
    const ops = await s.services.db
      .selectFrom('audit_log')
      .select('operation')
      .where('username', '=', username)
      .execute();
    expect(ops.map((o) => o.operation)).toEqual(
      expect.arrayContaining(['OTP_ACTIVE', 'LOGIN_OTP', 'OTP_REST']),
    );
  });

  it.skipIf(!available)('refuses a key whose QR code expired', async () => {
    const username = await newUser();
    const { cookie } = await signIn(username);
    const key = (await call('/config/generateOTPKey', {}, cookie)).json().data;
    await clearEphemeral(s, 'otp-pending:*');
    expect(
      (await call('/otp/bind', { code: codeOf(key.secret) }, cookie, { 'accept-language': 'en' })).json(),
    ).toMatchObject({
      code: 'OTP.0002',
      message: 'The QR code has expired. Please scan it again',
    });
  });

  it.skipIf(!available)('asks a second factor by the policy, and lets the user choose', async () => {
    const username = await newUser({ mobile: '+8613900001111', email: 'mfa-user@example.com' });
    await s.services.tenancy.updateSettings(demoId, {
      mfa: { when: 'newDevice', factors: ['SMS', 'OTP', 'EMAIL'] },
    });
    const device = { devicefingerprint: 'pc-device-1' };
    const first = await signIn(username, device);
    expect(first.body.data.flow).toMatchObject({
      step: 'SECOND_FACTOR',
      secondFactor: {
        factors: [
          { type: 'SMS', hint: '+86139****1111' },
          { type: 'EMAIL', hint: 'm***@example.com' },
        ],
      },
    });
    const flowId = first.body.data.flow.id;
    // Nothing else may happen first.
    expect((await call(`/flow/${flowId}/profile`, { values: {} }, first.cookie)).json().code).toBe(
      'FLOW.0002',
    );
    expect((await call(`/flow/${flowId}/mfa/send`, { factor: 'OTP' }, first.cookie)).json().code).toBe(
      'MFA.0002',
    );
    expect((await call(`/flow/${flowId}/mfa/send`, { factor: 'SMS' }, first.cookie)).json().code).toBe('0');
    const { code, purpose } = await lastOutboxCode(s, '+8613900001111');
    expect(purpose).toBe('MFA');
    expect(
      (await call(`/flow/${flowId}/mfa/verify`, { factor: 'SMS', code: '000000' }, first.cookie)).json().code,
    ).toBe(code === '000000' ? '0' : 'CODE.0001');
    const done = await call(`/flow/${flowId}/mfa/verify`, { factor: 'SMS', code }, first.cookie);
    expect(done.json()).toMatchObject({ code: '0', data: { user: { username } } });
    // The device is known now: no second factor; a new device is asked again.
    expect((await signIn(username, device)).body.data.user).toBeDefined();
    expect((await signIn(username, { devicefingerprint: 'pc-device-2' })).body.data.flow.step).toBe(
      'SECOND_FACTOR',
    );
    // MFA codes are not sent to any recipient through /code/send.
    expect(
      (await call('/code/send', { purpose: 'MFA', channel: 'sms', recipient: '13900001111' })).json().code,
    ).toBe('COMMON.0400');
    await s.services.tenancy.updateSettings(demoId, { mfa: { when: 'never' } });
  });

  it.skipIf(!available)('binds OTP as the second factor when nothing is bound yet', async () => {
    const username = await newUser();
    await s.services.tenancy.updateSettings(demoId, { mfa: { when: 'always', factors: ['OTP'] } });
    const first = await signIn(username);
    expect(first.body.data.flow.step).toBe('BIND_OTP');
    const flowId = first.body.data.flow.id;
    const key = (await call('/config/generateOTPKey', { flowId }, first.cookie)).json().data;
    const bound = await call('/otp/bind', { flowId, code: codeOf(key.secret) }, first.cookie);
    expect(bound.json()).toMatchObject({ code: '0', data: { user: { username } } });
    // The next login asks for a code of it.
    const second = await signIn(username);
    expect(second.body.data.flow).toMatchObject({
      step: 'SECOND_FACTOR',
      secondFactor: { factors: [{ type: 'OTP' }] },
    });
    const ok = await call(
      `/flow/${second.body.data.flow.id}/mfa/verify`,
      { factor: 'OTP', code: codeOf(key.secret, 1) },
      second.cookie,
    );
    expect(ok.json().data.user.username).toBe(username);
    await s.services.tenancy.updateSettings(demoId, { mfa: { when: 'never' } });
  });

  it.skipIf(!available)('has the bound phone approve or deny the login', async () => {
    const username = await newUser();
    const phoneHeaders = { 'user-agent': PHONE_UA, devicefingerprint: 'phone-1' };
    const phone = await signIn(username, phoneHeaders);
    // Only a phone can be bound.
    expect(
      (await call('/authenticator/bind', {}, phone.cookie, { 'user-agent': 'curl/8' })).json().code,
    ).toBe('AUTHN.0001');
    expect((await call('/authenticator/bind', {}, phone.cookie, phoneHeaders)).json().code).toBe('0');
    await s.services.tenancy.updateSettings(demoId, { mfa: { when: 'always', factors: ['AUTHENTICATOR'] } });

    const pc = await signIn(username);
    const flowId = pc.body.data.flow.id;
    expect((await call(`/flow/${flowId}/mfa/push`, {}, pc.cookie)).json().data.state).toBe('sent');
    const poll = () => get(s.app, `/api/v1/flow/${flowId}/mfa/push`, { cookie: pc.cookie });
    expect((await poll()).json().data.state).toBe('sent');
    const requests = (
      await get(s.app, '/api/v1/authenticator/requests', { cookie: phone.cookie, ...phoneHeaders })
    ).json();
    expect(requests.data).toHaveLength(1);
    // Another device of the same account cannot answer.
    expect(
      (
        await get(s.app, '/api/v1/authenticator/requests', {
          cookie: phone.cookie,
          devicefingerprint: 'other',
        })
      ).json().code,
    ).toBe('AUTHN.0002');
    const id = requests.data[0].id;
    expect(
      (await call(`/authenticator/requests/${id}/deny`, {}, phone.cookie, phoneHeaders)).json().code,
    ).toBe('0');
    expect((await poll()).json().code).toBe('MFA.0004');

    expect((await call(`/flow/${flowId}/mfa/push`, {}, pc.cookie)).json().code).toBe('0');
    const again = (
      await get(s.app, '/api/v1/authenticator/requests', { cookie: phone.cookie, ...phoneHeaders })
    ).json();
    await call(`/authenticator/requests/${again.data[0].id}/approve`, {}, phone.cookie, phoneHeaders);
    expect((await poll()).json()).toMatchObject({ code: '0', data: { user: { username } } });

    // An expired request says so.
    const late = await signIn(username);
    const lateId = late.body.data.flow.id;
    await call(`/flow/${lateId}/mfa/push`, {}, late.cookie);
    await clearEphemeral(s, 'approval:*');
    expect(
      (
        await get(s.app, `/api/v1/flow/${lateId}/mfa/push`, { cookie: late.cookie, 'accept-language': 'en' })
      ).json(),
    ).toMatchObject({
      code: 'MFA.0003',
      message: 'The message has expired. Please refresh and log in again',
    });
    await s.services.tenancy.updateSettings(demoId, { mfa: { when: 'never' } });
  });

  it.skipIf(!available)('logs a PC in when the signed-in phone confirms the QR code', async () => {
    const username = await newUser();
    const phoneHeaders = { 'user-agent': PHONE_UA };
    const phone = await signIn(username, phoneHeaders);
    const ticketRes = await get(s.app, '/api/v1/config/getScanQrCode');
    const pcCookie = jar('', ticketRes);
    const ticket = ticketRes.json().data;
    expect(ticket.content).toBe(
      `http://localhost:8080/mobile/authentication/confirmLogin?ticket=${ticket.ticket}`,
    );
    const poll = () => get(s.app, `/api/v1/qrcode/${ticket.ticket}`, { cookie: pcCookie });
    expect((await poll()).json().data.state).toBe('waiting');
    // Another browser does not see this ticket.
    expect((await get(s.app, `/api/v1/qrcode/${ticket.ticket}`)).json().data.state).toBe('expired');
    // A foreign in-app browser is told to use an authorised app.
    expect(
      (
        await call(`/qrcode/${ticket.ticket}/scan`, {}, phone.cookie, {
          'user-agent': WECHAT_UA,
          'accept-language': 'en',
        })
      ).json(),
    ).toMatchObject({
      code: 'QR.0002',
      message: 'The app is not supported, please select an authorized app scan code',
    });
    // Not signed in on the phone: no scan.
    expect((await call(`/qrcode/${ticket.ticket}/scan`, {}, '', phoneHeaders)).json().code).toBe(
      'AUTH.COMMON.0027',
    );
    const scanned = await call(`/qrcode/${ticket.ticket}/scan`, {}, phone.cookie, phoneHeaders);
    expect(scanned.json().data).toMatchObject({ ip: '127.0.0.1' });
    expect((await poll()).json().data.state).toBe('scanned');
    expect((await call(`/qrcode/${ticket.ticket}/confirm`, {}, phone.cookie)).json().code).toBe('0');
    const signedIn = await poll();
    expect(signedIn.json()).toMatchObject({ code: '0', data: { state: 'confirmed', user: { username } } });
    expect(signedIn.cookies.find((c) => c.name === 'tessera_sid')).toBeDefined();
    // Used up.
    expect((await poll()).json().data.state).toBe('expired');
    expect((await call(`/qrcode/${ticket.ticket}/confirm`, {}, phone.cookie)).json().code).toBe('QR.0001');
  });

  it.skipIf(!available)('lets the phone cancel, and refuses made-up tickets', async () => {
    const username = await newUser();
    const phone = await signIn(username);
    const ticketRes = await get(s.app, '/api/v1/config/getScanQrCode');
    const ticket = ticketRes.json().data.ticket;
    await call(`/qrcode/${ticket}/scan`, {}, phone.cookie);
    expect((await call(`/qrcode/${ticket}/cancel`, {}, phone.cookie)).json().code).toBe('0');
    expect(
      (await get(s.app, `/api/v1/qrcode/${ticket}`, { cookie: jar('', ticketRes) })).json().data.state,
    ).toBe('cancelled');
    expect((await call(`/qrcode/${'x'.repeat(32)}/scan`, {}, phone.cookie)).json().code).toBe('QR.0001');
  });

  it.skipIf(!available)('refuses FIDO2 answers to challenges it did not issue', async () => {
    const username = await newUser();
    const { cookie } = await signIn(username);
    const options = (await call('/fido2/register/options', {}, cookie)).json().data;
    expect(options).toMatchObject({ rp: { id: 'localhost' }, user: { name: username }, attestation: 'none' });
    const forged = {
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      response: {
        clientDataJSON: Buffer.from(
          JSON.stringify({ type: 'webauthn.get', challenge: 'not-ours', origin: 'http://localhost:8080' }),
        ).toString('base64url'),
        authenticatorData: 'AAAA',
        signature: 'AAAA',
      },
    };
    expect((await call('/login/fido2', { response: forged })).json().code).toBe('LOGIN.FIDO2.0001');
    const idp = (await call('/fido2/idp', { username })).json().data;
    const withChallenge = {
      ...forged,
      response: {
        ...forged.response,
        clientDataJSON: Buffer.from(
          JSON.stringify({ type: 'webauthn.get', challenge: idp.challenge, origin: 'http://localhost:8080' }),
        ).toString('base64url'),
      },
    };
    expect(
      (await call('/login/fido2', { response: withChallenge }, '', { 'accept-language': 'en' })).json(),
    ).toMatchObject({
      code: 'FIDO2.0001',
      message: 'Login failed. Try another device or bind it again',
    });
    expect((await call('/login/fido2', { response: { ...forged, type: 'other' } })).statusCode).toBe(400);
    expect((await get(s.app, '/api/v1/fido2/keys', { cookie })).json().data).toEqual([]);
  });
});
