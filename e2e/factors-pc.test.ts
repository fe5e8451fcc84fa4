/**
 * Second factors on PC (docs/factors.md), clicked through as a person does it: binding OTP with the
 * wizard and logging in with its codes, FIDO2 keys through Chromium's virtual authenticator, the
 * second factor before entering (SMS, email, OTP, FIDO2), and the BIND_OTP step of a tenant that
 * allows OTP only. Each journey has its own user on the demo tenant; the tenant's second-factor
 * policy is put back to "never" after each test that changes it. The QR-code login and the
 * authenticator phone need the mobile pages: their journeys are in the mobile tests; here the
 * QR tab is only looked at.
 */
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { expireEphemeral, httpRequest, useE2E } from './support/harness.ts';

const PASSWORD = 'Factor@12345';
/** One user per journey, made before the server starts (each command takes a few seconds). */
const USERS: Record<string, string[]> = {
  otp1: [],
  otp2: [],
  key1: [],
  mfasms: ['--mobile', '+8613900000051', '--email', 'mfasms@example.com'],
  mfamail: ['--email', 'mfamail@example.com'],
  mfaotp: [],
  mfakey: [],
  otpnew: [],
  qr1: [],
  push1: [],
};

const e2e = useE2E({
  cli: Object.entries(USERS).map(([name, extra]) => [
    'user',
    'create',
    'demo',
    name,
    '--password',
    PASSWORD,
    ...extra,
  ]),
});

const user = (username: string) => ({ username, password: PASSWORD });

/** The login methods the tests offer on the demo tenant. */
const PRIORITY = ['password', 'otp', 'qrcode', 'fido2'];

let adminToken: string | undefined;

async function loginConfig(patch: Record<string, unknown>) {
  adminToken ??= (await e2e.server.cli('admin', 'token', 'demo')).trim();
  const token = adminToken;
  const res = await httpRequest(e2e.url('/api/v1/admin/loginConfig'), {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(patch),
  });
  expect(res.json<{ code: string }>().code).toBe('0');
}

/**
 * The demo tenant's second-factor policy. The command line writes the database, which the server
 * reads again within its tenant cache's few seconds; a change of the login config through the admin
 * API empties that cache, so the policy applies at once.
 */
async function setMfa(mfa: { when: string; factors?: string[] }) {
  await e2e.server.cli('settings', 'demo', `mfa=${JSON.stringify(mfa)}`);
  await loginConfig({ loginPriority: PRIORITY });
  mfaChanged = mfa.when !== 'never';
}

let mfaChanged = false;
afterEach(async () => {
  if (mfaChanged) await setMfa({ when: 'never' });
});

/** The code of an authenticator app (TOTP, SHA1, 6 digits, 30 s) at `timestamp`. */
function otpCode(secret: string, timestamp = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp,
  });
}

/** A code of the next period: codes are used once per period, and the server allows one of drift. */
const nextOtpCode = (secret: string) => otpCode(secret, Date.now() + 30_000);

async function signIn(page: Page, who: { username: string; password: string }, lang: 'zh' | 'en' = 'zh') {
  const en = lang === 'en';
  await page.goto(e2e.url('/pc/authentication/login'));
  await page.locator('[data-template]').waitFor();
  await page.getByLabel(en ? 'Username' : '用户名', { exact: true }).fill(who.username);
  await page.getByLabel(en ? 'Password' : '密码', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: en ? 'Log in' : '登录', exact: true }).click();
}

async function signOut(page: Page) {
  await page.goto(e2e.url('/pc/authentication/user'));
  await page.getByRole('button', { name: '退出登录' }).click();
  await page.getByText('您已安全退出').waitFor();
}

async function outboxCode(recipient: string, purpose: string): Promise<string> {
  const line = (await e2e.server.cli('outbox', 'demo', '--limit', '50'))
    .split('\n')
    .find((l) => l.split('\t')[3] === recipient && l.split('\t')[4] === purpose);
  if (!line) throw new Error(`no ${purpose} message to ${recipient}`);
  return /\b(\d{6})\b/.exec(line.split('\t')[5]!)![1]!;
}

/** A phone signed in to the mobile portal, whose calls the tests make through the API. */
async function signedInPhone(username: string) {
  const phone = await e2e.newMobilePage('en');
  await phone.goto(e2e.url('/mobile/authentication/login'));
  await phone.locator('[data-template]').waitFor();
  await phone.getByLabel('Username', { exact: true }).fill(username);
  await phone.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await phone.getByRole('button', { name: 'Log in', exact: true }).click();
  await phone.getByText(`Signed in as ${username}`).waitFor();
  /** The phone's own call, as its app makes it (the device named by its fingerprint). */
  return async (method: 'GET' | 'POST', path: string) => {
    const res = await phone.request.fetch(e2e.url(`/api/v1${path}`), {
      method,
      headers: { 'x-requested-with': 'XMLHttpRequest', devicefingerprint: 'e2e-phone-1' },
      ...(method === 'POST' ? { data: {} } : {}),
    });
    const body = (await res.json()) as { code: string; data: unknown };
    expect(body.code, `${method} ${path}`).toBe('0');
    return body.data;
  };
}

/** Chromium's virtual authenticator for this page: a platform key with user verification. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/**
 * A screenshot once the page is still: no pointer over a control, and no opening dialog, toast or
 * tab underline half-way through its animation.
 */
async function shot(page: Page, name: string) {
  await page.mouse.move(0, 0);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  await e2e.screenshot(page, name);
}

/** The secret the wizard shows (grouped by four for people). */
async function shownSecret(page: Page): Promise<string> {
  const secret = (await page.locator('.ts-otp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  return secret;
}

/** Through the wizard from its first step; answers the secret it bound. */
async function bindOtpWithWizard(page: Page, screenshot?: string): Promise<string> {
  await page.getByRole('button', { name: '已安装，下一步' }).click();
  await page.getByText('基于时间 · 算法 SHA1 · 6 位 · 30 秒').waitFor();
  await page.getByText(/二维码将在 [45]:\d\d 后过期/).waitFor();
  const secret = await shownSecret(page);
  if (screenshot) await shot(page, screenshot);
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByLabel('安全码').fill('12345');
  await page.getByRole('button', { name: '验证并绑定' }).click();
  await page
    .locator('.ant-form-item-explain-error', { hasText: 'OTP 验证码格式错误，应为 6 位数字' })
    .waitFor();
  await page.getByLabel('安全码').fill(otpCode(secret));
  await page.getByRole('button', { name: '验证并绑定' }).click();
  return secret;
}

/** The row of a FIDO2 key in the list: name, sign counter, added, last login. */
async function keyRow(page: Page, name: string) {
  const cells = page.getByRole('row', { name: new RegExp(name) }).getByRole('cell');
  await cells.first().waitFor();
  const texts = await cells.allInnerTexts();
  return { name: texts[0], signCount: Number(texts[1]), added: texts[2], lastLogin: texts[3] };
}

/** The command line takes a few seconds a call: journeys that use it get more time. */
const SLOW = { timeout: 120_000 };

describe('PC second factors', SLOW, () => {
  it('binds OTP from the account page, logs in with its code, and resets it', async () => {
    const who = user('otp1');
    await loginConfig({ loginPriority: PRIORITY });
    const page = await e2e.newPcPage('zh');
    await signIn(page, who);
    await page.waitForURL(/\/user$/);
    const security = page.getByRole('region', { name: '账号安全' });
    await security.getByText('未绑定').first().waitFor();
    await shot(page, 'factors-pc-user-security');

    await security.getByRole('button', { name: '绑定 OTP' }).click();
    const dialog = page.getByRole('dialog', { name: '绑定 OTP' });
    await dialog.getByText('Microsoft Authenticator').waitFor();
    await shot(page, 'factors-pc-otp-wizard-app');
    const secret = await bindOtpWithWizard(page, 'factors-pc-otp-wizard-qr');
    await dialog.getByText('OTP 绑定成功').waitFor();
    await shot(page, 'factors-pc-otp-wizard-done');
    await dialog.getByRole('button', { name: '完成' }).click();
    await security
      .getByText(/绑定于/)
      .first()
      .waitFor();
    await security.getByRole('button', { name: '重置 OTP' }).waitFor();

    // The login page's OTP tab, with its checks; then a code of the next period signs in.
    await signOut(page);
    await page.goto(e2e.url('/pc/authentication/login'));
    await page.getByRole('tab', { name: 'OTP 登录' }).click();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText('OTP 验证码不能为空').waitFor();
    await page.getByLabel('用户名', { exact: true }).fill(who.username);
    await page.getByLabel('OTP 验证码').fill('12a456');
    await page.getByText('OTP 验证码格式错误，应为 6 位数字').waitFor();
    await shot(page, 'factors-pc-login-otp-errors');
    await page.getByLabel('OTP 验证码').fill(nextOtpCode(secret));
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(/\/user$/);
    await page.getByText('当前账号：otp1').waitFor();

    // A reset asks for the password first; then the account has no OTP.
    await security.getByRole('button', { name: '重置 OTP' }).click();
    const reset = page.getByRole('dialog', { name: '重置 OTP' });
    await reset.getByLabel('密码').fill('Wrong@12345');
    await reset.getByRole('button', { name: '确认重置' }).click();
    await page.getByText('密码错误，请重新输入').waitFor();
    await reset.getByLabel('密码').fill(who.password);
    await shot(page, 'factors-pc-otp-reset');
    await reset.getByRole('button', { name: '确认重置' }).click();
    await page.getByText('OTP 已重置').waitFor();
    await security.getByRole('button', { name: '绑定 OTP' }).waitFor();
    expect(e2e.pageErrors(page)).toEqual([]);
  });

  it('greys the OTP QR code out when it expires, and refreshes it', async () => {
    const page = await e2e.newPcPage('en');
    await page.clock.install();
    await signIn(page, user('otp2'), 'en');
    await page.waitForURL(/\/user$/);
    await page.getByRole('button', { name: 'Bind OTP' }).click();
    await page.getByRole('button', { name: 'Installed, next' }).click();
    await page.getByText('Time-based · algorithm SHA1 · 6 digits · 30 s').waitFor();
    const first = await shownSecret(page);
    await page.clock.fastForward('05:01');
    await page.getByText('QR code expired, rescan').first().waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await shot(page, 'factors-pc-otp-wizard-expired-en');
    await page.getByRole('button', { name: 'Refresh QR code' }).click();
    await expect.poll(() => shownSecret(page)).not.toBe(first);
    // Back to the real time, which the new key's expiry is counted in.
    await page.clock.setSystemTime(Date.now());
    await page.getByText(/The QR code expires in [45]:\d\d/).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Security code').waitFor();
  });

  it('shows the QR-code and security key tabs of the login page', async () => {
    await loginConfig({ loginPriority: ['password', 'sms', 'email', 'otp', 'qrcode', 'fido2'] });
    const page = await e2e.newPcPage('zh');
    await page.goto(e2e.url('/pc/authentication/login'));
    await page.getByRole('tab', { name: '扫码登录' }).click();
    await page.getByText('请使用移动门户扫描二维码登录').waitFor();
    await page.getByRole('group', { name: '登录二维码' }).locator('canvas').waitFor();
    await shot(page, 'factors-pc-login-qrcode');
    await page.getByRole('tab', { name: '安全密钥' }).click();
    await page.getByRole('button', { name: '使用安全密钥登录' }).waitFor();
    await shot(page, 'factors-pc-login-fido2');
    await loginConfig({ loginPriority: PRIORITY });
    const en = await e2e.newPcPage('en');
    await en.goto(e2e.url('/pc/authentication/login'));
    await en.getByRole('tab', { name: 'QR code' }).click();
    await en.getByText('Scan the QR code with the mobile portal to log in').waitFor();
    await shot(en, 'factors-pc-login-qrcode-en');
    expect(e2e.pageErrors(page)).toEqual([]);
  });

  it('logs in on PC by a scan of its QR code, the phone acting through the API', async () => {
    await loginConfig({ loginPriority: PRIORITY });
    const phone = await signedInPhone('qr1');
    const page = await e2e.newPcPage('zh');
    await page.clock.install();
    await page.goto(e2e.url('/pc/authentication/login'));
    await page.locator('[data-template]').waitFor();
    /** The ticket the page fetches when `action` asks for a QR code. */
    const ticketOf = async (action: () => Promise<void>) => {
      const [res] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/api/v1/config/getScanQrCode')),
        action(),
      ]);
      return ((await res.json()) as { data: { ticket: string } }).data.ticket;
    };

    // Left alone for two minutes, the code expires; a new one is a click away.
    await ticketOf(() => page.getByRole('tab', { name: '扫码登录' }).click());
    await page.getByText('请使用移动门户扫描二维码登录').waitFor();
    await page.clock.fastForward('02:01');
    await page.getByRole('status').getByText('二维码已过期').waitFor();
    await shot(page, 'factors-pc-login-qrcode-expired');
    await page.clock.setSystemTime(Date.now());
    const first = await ticketOf(() => page.getByRole('button', { name: '刷新二维码' }).click());
    await page.getByText('请使用移动门户扫描二维码登录').waitFor();

    // Scanned, then cancelled on the phone.
    await phone('POST', `/qrcode/${first}/scan`);
    await page.getByText('扫码成功，请在手机上确认登录').waitFor();
    await shot(page, 'factors-pc-login-qrcode-scanned');
    await phone('POST', `/qrcode/${first}/cancel`);
    await page.getByRole('status').getByText('已在手机上取消登录').waitFor();
    await shot(page, 'factors-pc-login-qrcode-cancelled');

    // A new code, scanned and confirmed: the PC is signed in.
    const second = await ticketOf(() => page.getByRole('button', { name: '刷新二维码' }).click());
    await phone('POST', `/qrcode/${second}/scan`);
    await page.getByText('扫码成功，请在手机上确认登录').waitFor();
    await phone('POST', `/qrcode/${second}/confirm`);
    await page.waitForURL(/\/user$/);
    await page.getByText('当前账号：qr1').waitFor();
    expect(e2e.pageErrors(page)).toEqual([]);
  });

  it('binds a FIDO2 key, logs in with it, and removes it', async () => {
    const who = user('key1');
    await loginConfig({ loginPriority: PRIORITY });
    const page = await e2e.newPcPage('zh');
    await virtualAuthenticator(page);
    await signIn(page, who);
    await page.waitForURL(/\/user$/);
    await page.getByRole('link', { name: '管理安全密钥' }).click();
    await page.waitForURL(/\/Fido2Bind$/);
    await page.getByText('还没有绑定安全密钥').waitFor();
    await page.getByRole('button', { name: '添加密钥' }).click();
    await page.getByText('密钥名称不能为空').waitFor();
    await page.getByLabel('密钥名称').fill('我的密钥');
    await page.getByRole('button', { name: '添加密钥' }).click();
    await page.getByText('安全密钥已添加').waitFor();
    const added = await keyRow(page, '我的密钥');
    expect(added.lastLogin).toBe('从未使用');
    // The same authenticator again: the browser refuses, the page says why.
    await page.getByLabel('密钥名称').fill('再来一次');
    await page.getByRole('button', { name: '添加密钥' }).click();
    await page.getByText('该认证器已添加').waitFor();
    await shot(page, 'factors-pc-fido2-bind');

    await signOut(page);
    await page.goto(e2e.url('/pc/authentication/Fido2Login'));
    await page.getByRole('heading', { name: 'FIDO2 登录' }).waitFor();
    await shot(page, 'factors-pc-fido2-login');
    await page.getByRole('button', { name: '使用安全密钥登录' }).click();
    await page.waitForURL(/\/user$/);
    await page.getByText('当前账号：key1').waitFor();
    await page.getByRole('region', { name: '账号安全' }).getByText('1 个密钥').waitFor();

    await page.getByRole('link', { name: '管理安全密钥' }).click();
    const used = await keyRow(page, '我的密钥');
    expect(used.signCount).toBeGreaterThan(added.signCount);
    expect(used.lastLogin).not.toBe('从未使用');
    await shot(page, 'factors-pc-fido2-keys-used');
    await page.getByRole('button', { name: '删除密钥 我的密钥' }).click();
    await page.getByText('确定删除“我的密钥”？删除后将无法使用它登录。').waitFor();
    await shot(page, 'factors-pc-fido2-remove');
    await page.getByRole('tooltip').getByRole('button', { name: '删除' }).click();
    await page.getByText('安全密钥已删除').waitFor();
    await page.getByText('还没有绑定安全密钥').waitFor();

    // Without a key the login fails on the server, which says so.
    await signOut(page);
    await page.goto(e2e.url('/pc/authentication/login'));
    await page.getByRole('tab', { name: '安全密钥' }).click();
    await page.getByLabel('用户名（选填）').fill(who.username);
    await page.getByRole('button', { name: '使用安全密钥登录' }).click();
    await page.getByText(/登录失败，请尝试其他设备或重新绑定|生物识别提示被中断或已取消/).waitFor();
    await shot(page, 'factors-pc-fido2-login-failed');
  });
});

describe('PC second factor before entering', SLOW, () => {
  const ALL = { when: 'always', factors: ['SMS', 'EMAIL', 'OTP', 'FIDO2'] };

  it('passes by SMS, and says no session has started before', async () => {
    await setMfa(ALL);
    const page = await e2e.newPcPage('zh');
    await signIn(page, user('mfasms'));
    await page.waitForURL(/\/beforeaccessapp\?flowId=/);
    await page.getByRole('heading', { name: '身份验证' }).waitFor();
    await expect.poll(() => page.title()).toBe('访问应用前验证');
    const probe = await page.request.get(e2e.url('/api/v1/config/isLogin'));
    expect((await probe.json()) as { data: { isLogin: boolean } }).toMatchObject({
      data: { isLogin: false },
    });
    // The user has a phone and an address: both are offered.
    await page.getByRole('tab', { name: '邮箱验证' }).waitFor();
    await page.getByRole('tab', { name: '短信验证' }).click();
    await page.getByText('验证码将发送至 +86139****0051').waitFor();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /秒后重新获取/ }).waitFor();
    await page.getByLabel('验证码', { exact: true }).fill('000000');
    await page.getByRole('button', { name: '验证', exact: true }).click();
    await page.getByText('验证码错误或已失效').waitFor();
    await page.getByLabel('验证码', { exact: true }).fill(await outboxCode('+8613900000051', 'MFA'));
    await shot(page, 'factors-pc-mfa-sms');
    await page.getByRole('button', { name: '验证', exact: true }).click();
    await page.waitForURL(/\/user$/);
    await page.getByText('当前账号：mfasms').waitFor();
    expect(e2e.pageErrors(page)).toEqual([]);
  });

  it('passes by email, in English', async () => {
    await setMfa(ALL);
    const page = await e2e.newPcPage('en');
    await signIn(page, user('mfamail'), 'en');
    await page.waitForURL(/\/beforeaccessapp\?flowId=/);
    await page.getByText('The code will be sent to m***@example.com').waitFor();
    await page.getByRole('button', { name: 'Get code' }).click();
    await page.getByRole('button', { name: /Resend in/ }).waitFor();
    await page
      .getByLabel('Verification code', { exact: true })
      .fill(await outboxCode('mfamail@example.com', 'MFA'));
    await shot(page, 'factors-pc-mfa-email-en');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.waitForURL(/\/user$/);
    await page.getByText('Signed in as mfamail').waitFor();
    expect(e2e.pageErrors(page)).toEqual([]);
  });

  it('passes by OTP', async () => {
    // Before the policy: the user binds an authenticator app (here through the API).
    const page = await e2e.newPcPage('zh');
    await signIn(page, user('mfaotp'));
    await page.waitForURL(/\/user$/);
    const headers = { 'x-requested-with': 'XMLHttpRequest' };
    const keyRes = await page.request.post(e2e.url('/api/v1/config/generateOTPKey'), { data: {}, headers });
    const { secret } = ((await keyRes.json()) as { data: { secret: string } }).data;
    const bound = await page.request.post(e2e.url('/api/v1/otp/bind'), {
      data: { code: otpCode(secret) },
      headers,
    });
    expect(((await bound.json()) as { code: string }).code).toBe('0');
    await signOut(page);

    await setMfa(ALL);
    await signIn(page, user('mfaotp'));
    await page.waitForURL(/\/beforeaccessapp\?flowId=/);
    await page.getByText('请输入身份验证器应用中显示的 6 位验证码。').waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);
    // A code of the next period: the binding used this one.
    await page.getByLabel('OTP 验证码').fill(nextOtpCode(secret));
    await shot(page, 'factors-pc-mfa-otp');
    await page.getByRole('button', { name: '验证', exact: true }).click();
    await page.waitForURL(/\/user$/);
    await page.getByText('当前账号：mfaotp').waitFor();
    expect(e2e.pageErrors(page)).toEqual([]);
  });

  it('passes by FIDO2', async () => {
    // Before the policy: the user binds a key.
    const page = await e2e.newPcPage('zh');
    await virtualAuthenticator(page);
    await signIn(page, user('mfakey'));
    await page.waitForURL(/\/user$/);
    await page.goto(e2e.url('/pc/authentication/Fido2Bind'));
    await page.getByLabel('密钥名称').fill('笔记本');
    await page.getByRole('button', { name: '添加密钥' }).click();
    await page.getByText('安全密钥已添加').waitFor();
    await signOut(page);

    await setMfa(ALL);
    await signIn(page, user('mfakey'));
    await page.waitForURL(/\/beforeaccessapp\?flowId=/);
    await page.getByText('您已绑定 1 个安全密钥，请使用其中之一完成验证。').waitFor();
    await shot(page, 'factors-pc-mfa-fido2');
    await page.getByRole('button', { name: '使用安全密钥验证' }).click();
    await page.waitForURL(/\/user$/);
    await page.getByText('当前账号：mfakey').waitFor();
    expect(e2e.pageErrors(page)).toEqual([]);
  });

  it('passes by the authenticator phone: denied, lapsed, then approved', async () => {
    const phone = await signedInPhone('push1');
    await phone('POST', '/authenticator/bind');
    await setMfa({ when: 'always', factors: ['AUTHENTICATOR'] });
    const page = await e2e.newPcPage('zh');
    await signIn(page, user('push1'));
    await page.waitForURL(/\/beforeaccessapp\?flowId=/);
    await page.getByText('我们将向您绑定的手机发送一条登录请求，在手机上批准即可。').waitFor();
    await page.getByRole('button', { name: '发送验证请求' }).click();
    await page.getByText('消息已发送到您的手机，请在手机上批准').waitFor();
    await shot(page, 'factors-pc-mfa-push-sent');
    const pending = async () => {
      await expect
        .poll(async () => ((await phone('GET', '/authenticator/requests')) as unknown[]).length)
        .toBe(1);
      return ((await phone('GET', '/authenticator/requests')) as { id: string }[])[0]!.id;
    };
    await phone('POST', `/authenticator/requests/${await pending()}/deny`);
    await page.getByText('认证失败').waitFor();
    await shot(page, 'factors-pc-mfa-push-denied');
    await page.getByRole('button', { name: '重新发送' }).click();
    await page.getByText('消息已发送到您的手机，请在手机上批准').waitFor();
    await pending();
    // Two minutes without an answer: the request lapses, the phone no longer shows it, and the PC
    // says to sign in again.
    expect(expireEphemeral(e2e.server, 'approval:%')).toBeGreaterThan(0);
    await page.getByText('消息已过期，请刷新后重新登录').waitFor();
    await shot(page, 'factors-pc-mfa-push-expired');
    expect(await phone('GET', '/authenticator/requests')).toEqual([]);
    await page.getByRole('link', { name: '重新登录' }).click();
    await page.waitForURL(/\/login/);
    await signIn(page, user('push1'));
    await page.waitForURL(/\/beforeaccessapp\?flowId=/);
    await page.getByRole('button', { name: '发送验证请求' }).click();
    await page.getByText('消息已发送到您的手机，请在手机上批准').waitFor();
    await phone('POST', `/authenticator/requests/${await pending()}/approve`);
    await page.waitForURL(/\/user$/);
    await page.getByText('当前账号：push1').waitFor();
    await page
      .getByRole('region', { name: '账号安全' })
      .getByText(/绑定于/)
      .last()
      .waitFor();
    expect(e2e.pageErrors(page)).toEqual([]);
  });

  it('makes a user without OTP bind one when OTP is the only second factor', async () => {
    const who = user('otpnew');
    await setMfa({ when: 'always', factors: ['OTP'] });
    const page = await e2e.newPcPage('zh');
    await signIn(page, who);
    await page.waitForURL(/\/afterlogin\?flowId=/);
    await page.getByRole('heading', { name: '绑定 OTP' }).waitFor();
    await page.getByText('为了账号 otpnew 的安全，请绑定身份验证器应用（OTP 动态口令）。').waitFor();
    await shot(page, 'factors-pc-afterlogin-bind-otp');
    const secret = await bindOtpWithWizard(page, 'factors-pc-afterlogin-bind-otp-qr');
    await page.waitForURL(/\/user$/);
    await page.getByText('当前账号：otpnew').waitFor();

    // The next login asks for the code it bound.
    await signOut(page);
    await signIn(page, who);
    await page.waitForURL(/\/beforeaccessapp\?flowId=/);
    await page.getByLabel('OTP 验证码').fill(nextOtpCode(secret));
    await page.getByRole('button', { name: '验证', exact: true }).click();
    await page.waitForURL(/\/user$/);
    expect(e2e.pageErrors(page)).toEqual([]);
  });
});
