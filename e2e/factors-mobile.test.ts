/**
 * Second factors on the mobile app (docs/factors.md): the phone as the user's authenticator,
 * approving and denying a PC's login (and another phone's); binding OTP with the wizard and
 * logging in with its codes; a second factor by SMS. One user per test; the tenant settings a
 * test changes are set back at its end.
 */
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expireEphemeral, httpRequest, useE2E } from './support/harness.ts';

/** One user per journey, made before the server starts (each CLI run takes seconds). */
const e2e = useE2E({
  cli: [
    ['user', 'create', 'demo', 'kate', '--password', 'Kate@123456'],
    ['user', 'create', 'demo', 'olga', '--password', 'Olga@123456'],
    ['user', 'create', 'demo', 'bob', '--password', 'Bob@123456'],
    [
      'user',
      'create',
      'demo',
      'sam',
      '--password',
      'Sam@123456',
      '--mobile',
      '+8613700000021',
      '--email',
      'sam@example.com',
    ],
  ],
});
/** Journeys that wait for tenant settings and go through several browsers. */
const LONG = 150_000;
const cli = (...args: string[]) => e2e.server.cli(...args);

let token: string | undefined;
async function admin(path: string, body: unknown) {
  token ??= (await cli('admin', 'token', 'demo')).trim();
  const res = await httpRequest(e2e.url(`/api/v1/admin/${path}`), {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.json<{ code: string }>().code).toBe('0');
}

/** The server reads tenant settings through a cache of 5 s: a CLI change shows after that. */
async function mfa(value: unknown) {
  await cli('settings', 'demo', `mfa=${JSON.stringify(value)}`);
  await new Promise((resolve) => setTimeout(resolve, 5_500));
}

async function outboxCode(recipient: string): Promise<string> {
  const line = (await cli('outbox', 'demo', '--limit', '50'))
    .split('\n')
    .find((l) => l.split('\t')[3] === recipient);
  if (!line) throw new Error(`no outbox message to ${recipient}`);
  return /\b(\d{6})\b/.exec(line.split('\t')[5]!)![1]!;
}

const LOGIN = {
  zh: { username: '用户名', password: '密码', submit: '登录' },
  en: { username: 'Username', password: 'Password', submit: 'Log in' },
};

async function mobileSignIn(page: Page, username: string, password: string, lang: 'zh' | 'en' = 'zh') {
  const text = LOGIN[lang];
  await page.goto(e2e.url('/mobile/authentication/login'));
  await page.locator('[data-template="mobile_login_1"]').waitFor();
  await page.getByLabel(text.username, { exact: true }).fill(username);
  await page.getByLabel(text.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: text.submit, exact: true }).click();
}

async function pcSignIn(page: Page, username: string, password: string) {
  await page.goto(e2e.url('/pc/authentication/login'));
  await page.locator('[data-template]').first().waitFor();
  await page.getByLabel('用户名', { exact: true }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

describe('second factors on mobile', { timeout: LONG }, () => {
  it('approves and denies logins from the phone that is the authenticator', async () => {
    const phone = await e2e.newMobilePage('zh');
    await mobileSignIn(phone, 'kate', 'Kate@123456');
    await phone.waitForURL(/\/mobile\/authentication\/user$/);
    const status = phone.getByTestId('authenticator-status');
    await status.getByText('未启用').waitFor();
    await phone.getByRole('heading', { name: '账号安全' }).waitFor();
    await e2e.screenshot(phone, 'factors-mobile-user-security');
    await phone.getByRole('button', { name: '将本机用作我的认证器' }).click();
    await phone.getByText('本机已成为你的认证器').waitFor();
    await status.getByText(/本机是你的认证器/).waitFor();

    await mfa({ when: 'always', factors: ['AUTHENTICATOR'] });
    try {
      // The PC asks; the phone's account page shows the request; approving signs the PC in.
      const pc = await e2e.newPcPage('zh');
      await pcSignIn(pc, 'kate', 'Kate@123456');
      await pc.waitForURL(/\/pc\/authentication\/beforeaccessapp\?flowId=/);
      await pc.getByRole('button', { name: '发送验证请求' }).click();
      const request = phone.getByTestId('approval-request');
      await request.waitFor();
      await request.getByRole('heading', { name: '登录确认' }).waitFor();
      await request.getByText('127.0.0.1').waitFor();
      await request.getByText(/^Chrome \d+ \(\w+\)$/).waitFor();
      await e2e.screenshot(phone, 'factors-mobile-approval');
      await request.getByRole('button', { name: '批准' }).click();
      await phone.getByText('已批准登录').waitFor();
      await expect.poll(() => request.count()).toBe(0);
      await pc.waitForURL(/\/pc\/authentication\/user$/);
      await pc.getByText('当前账号：kate').waitFor();

      // Again, denied this time: the PC says authentication failed.
      const denied = await e2e.newPcPage('zh');
      await pcSignIn(denied, 'kate', 'Kate@123456');
      await denied.waitForURL(/\/beforeaccessapp\?flowId=/);
      await denied.getByRole('button', { name: '发送验证请求' }).click();
      await request.getByRole('button', { name: '拒绝' }).click();
      await phone.getByText('已拒绝登录').waitFor();
      await denied.getByText('认证失败').waitFor();
      expect(denied.url()).toMatch(/\/beforeaccessapp\?flowId=/);

      // Another phone logs in and waits on the mobile second-factor page.
      const other = await e2e.newMobilePage('zh');
      await mobileSignIn(other, 'kate', 'Kate@123456');
      await other.waitForURL(/\/mobile\/authentication\/beforeaccessapp\?flowId=/);
      await expect.poll(() => other.title()).toBe('访问应用前验证');
      await other.getByRole('heading', { name: '二次认证', level: 1 }).waitFor();
      await e2e.screenshot(other, 'factors-mobile-mfa-authenticator');
      await other.getByRole('button', { name: '发送到我的手机' }).click();
      await other.getByText('消息已发送，请在手机上确认').waitFor();
      await e2e.screenshot(other, 'factors-mobile-mfa-waiting');
      await request.getByRole('button', { name: '拒绝' }).click();
      await other.getByText('认证失败').waitFor();
      await e2e.screenshot(other, 'factors-mobile-mfa-denied');
      // Unanswered for two minutes, the request lapses: the waiting phone says to sign in again.
      await other.getByRole('button', { name: '重试' }).click();
      await request.waitFor();
      expect(expireEphemeral(e2e.server, 'approval:%')).toBeGreaterThan(0);
      await other.getByText('消息已过期，请刷新后重新登录').waitFor();
      await expect.poll(() => request.count()).toBe(0);
      await e2e.screenshot(other, 'factors-mobile-mfa-expired');
      await other.getByRole('link', { name: '重新登录' }).click();
      await mobileSignIn(other, 'kate', 'Kate@123456');
      await other.waitForURL(/\/mobile\/authentication\/beforeaccessapp\?flowId=/);
      await other.getByRole('button', { name: '发送到我的手机' }).click();
      await request.getByRole('button', { name: '批准' }).click();
      await other.waitForURL(/\/mobile\/authentication\/user$/);
      await other.getByText('当前账号：kate').waitFor();

      expect(e2e.pageErrors(phone)).toEqual([]);
      expect(e2e.pageErrors(other)).toEqual([]);
    } finally {
      await mfa({ when: 'never' });
    }
  });

  it('binds OTP with the wizard on the account page, then logs in with its codes', async () => {
    await admin('loginConfig', { loginPriority: ['password', 'otp', 'fido2'] });
    try {
      const page = await e2e.newMobilePage('zh');
      // The page's clock, to see the key expire without waiting five minutes.
      await page.clock.install();
      await mobileSignIn(page, 'olga', 'Olga@123456');
      await page.waitForURL(/\/mobile\/authentication\/user$/);
      const otp = page.getByTestId('otp-status');
      await otp.getByText('未绑定').waitFor();
      await otp.getByRole('button', { name: '绑定' }).click();

      await page.getByRole('heading', { name: '绑定 OTP' }).waitFor();
      await page.getByText('Google Authenticator').waitFor();
      await e2e.screenshot(page, 'factors-mobile-otp-step1');
      await page.getByRole('button', { name: '我已安装，下一步' }).click();
      const shown = page.getByTestId('otp-secret');
      await shown.waitFor();
      const grouped = (await shown.textContent()) ?? '';
      expect(grouped).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
      const first = grouped.replaceAll(' ', '');
      expect(await page.getByRole('link', { name: '在身份验证器中打开' }).getAttribute('href')).toMatch(
        new RegExp(`^otpauth://totp/.+secret=${first}&.*algorithm=SHA1&digits=6&period=30`),
      );
      await page.getByText(/密钥将在 [45]:\d\d 后过期/).waitFor();
      await page.getByText('SHA1').waitFor();
      await e2e.screenshot(page, 'factors-mobile-otp-step2');

      // Five minutes later the key is gone: a new one is made.
      await page.clock.fastForward('05:01');
      await page.getByText('二维码已过期，请重新扫描').waitFor();
      await expect(page.getByRole('button', { name: '下一步', exact: true }).count()).resolves.toBe(0);
      await e2e.screenshot(page, 'factors-mobile-otp-expired');
      await page.clock.setSystemTime(Date.now());
      await page.getByRole('button', { name: '重新生成密钥' }).click();
      await expect.poll(async () => (await shown.textContent())?.replaceAll(' ', '')).not.toBe(first);
      const secret = ((await shown.textContent()) ?? '').replaceAll(' ', '');
      await page.getByRole('button', { name: '下一步', exact: true }).click();

      const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
      await page.getByRole('button', { name: '绑定', exact: true }).click();
      await page.getByText('请输入 OTP 验证码').waitFor();
      await page.getByLabel('安全码', { exact: true }).fill(totp.generate());
      await e2e.screenshot(page, 'factors-mobile-otp-step3');
      await page.getByRole('button', { name: '绑定', exact: true }).click();
      await page.getByText('OTP 绑定成功').waitFor();
      await e2e.screenshot(page, 'factors-mobile-otp-step4');
      await page.getByRole('button', { name: '完成', exact: true }).click();
      await otp.getByText(/^已绑定/).waitFor();
      expect(e2e.pageErrors(page)).toEqual([]);

      // The OTP method of the login page, in English; codes are single use per period.
      const login = await e2e.newMobilePage('en');
      await login.goto(e2e.url('/mobile/authentication/login'));
      await login.getByRole('tab', { name: 'OTP', exact: true }).click();
      await login.getByLabel('Username', { exact: true }).fill('olga');
      await login.getByRole('button', { name: 'Log in', exact: true }).click();
      await login.getByText('OTP code is required').waitFor();
      await e2e.screenshot(login, 'factors-mobile-login-otp');
      await login
        .getByLabel('OTP code', { exact: true })
        .fill(totp.generate({ timestamp: Date.now() + 30_000 }));
      await login.getByRole('button', { name: 'Log in', exact: true }).click();
      await login.waitForURL(/\/mobile\/authentication\/user$/);
      await login.getByText('Signed in as olga').waitFor();

      // Reset it with the password: the account has no OTP any more.
      await login.getByTestId('otp-status').getByRole('button', { name: 'Reset' }).click();
      const sheet = login.getByRole('dialog', { name: 'Reset OTP' });
      await sheet.getByLabel('Password', { exact: true }).fill('Olga@123456');
      await e2e.screenshot(login, 'factors-mobile-otp-reset');
      await sheet.getByRole('button', { name: 'Reset', exact: true }).click();
      await login.getByText('OTP has been reset').waitFor();
      await login.getByTestId('otp-status').getByText('Not bound').waitFor();
      expect(e2e.pageErrors(login)).toEqual([]);
    } finally {
      await admin('loginConfig', { loginPriority: ['password'] });
    }
  });

  it('binds OTP in the post-login flow when the tenant asks for it', async () => {
    await admin('accountPolicy', { afterLogin: { bindOtp: true } });
    try {
      const page = await e2e.newMobilePage('en');
      await mobileSignIn(page, 'bob', 'Bob@123456', 'en');
      await page.waitForURL(/\/mobile\/authentication\/afterlogin\?flowId=/);
      await page.getByRole('heading', { name: 'Bind OTP', level: 1 }).waitFor();
      await page
        .getByText('For the safety of your account, bind an OTP authenticator to continue.')
        .waitFor();
      await page.getByRole('group', { name: 'OTP binding steps' }).waitFor();
      await page.getByRole('button', { name: 'I have it, next' }).click();
      const shown = page.getByTestId('otp-secret');
      await shown.waitFor();
      await page.getByText('Time based (TOTP)').waitFor();
      await e2e.screenshot(page, 'factors-mobile-afterlogin-otp-en');
      const secret = ((await shown.textContent()) ?? '').replaceAll(' ', '');
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByLabel('Security code', { exact: true }).fill('12345');
      await page.getByRole('button', { name: 'Bind', exact: true }).click();
      await page.getByText('The OTP code has 6 digits').waitFor();
      const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
      await page.getByLabel('Security code', { exact: true }).fill(totp.generate());
      await page.getByRole('button', { name: 'Bind', exact: true }).click();
      await page.waitForURL(/\/mobile\/authentication\/user$/);
      await page.getByText('Signed in as bob').waitFor();
      await page
        .getByTestId('otp-status')
        .getByText(/^Bound/)
        .waitFor();
      expect(e2e.pageErrors(page)).toEqual([]);
    } finally {
      await admin('accountPolicy', { afterLogin: { bindOtp: false } });
    }
  });

  it('says what went wrong with FIDO2 in the words of section 8', async () => {
    await admin('loginConfig', { loginPriority: ['password', 'otp', 'fido2'] });
    try {
      const page = await e2e.newMobilePage('zh');
      await page.goto(e2e.url('/mobile/authentication/login'));
      await page.getByRole('tab', { name: 'FIDO2 登录' }).click();
      const start = page.getByRole('button', { name: '使用安全密钥登录' });
      await start.waitFor();
      await e2e.screenshot(page, 'factors-mobile-login-fido2');
      // An authenticator without a key for this site: the browser refuses.
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
      await start.click();
      await page.getByRole('alert').getByText('生物识别提示被中断或已取消，请重试').waitFor();
      await e2e.screenshot(page, 'factors-mobile-login-fido2-cancelled');
      expect(e2e.pageErrors(page)).toEqual([]);

      // The same form on a page of its own.
      await page.goto(e2e.url('/mobile/authentication/Fido2Login'));
      await expect.poll(() => page.title()).toBe('FIDO2 登录');
      await page.getByRole('heading', { name: 'FIDO2 登录' }).waitFor();
      await e2e.screenshot(page, 'factors-mobile-fido2-page');

      // A browser without WebAuthn says so before anything is tried.
      const old = await e2e.newMobilePage('zh');
      await old.addInitScript(() => {
        Object.defineProperty(window, 'PublicKeyCredential', { value: undefined });
      });
      await old.goto(e2e.url('/mobile/authentication/Fido2Login'));
      await old.getByText('当前浏览器或系统不支持 FIDO2，请更换认证方式或联系管理员').waitFor();
      await expect(old.getByRole('button', { name: '使用安全密钥登录' }).isDisabled()).resolves.toBe(true);
      await e2e.screenshot(old, 'factors-mobile-fido2-unsupported');
      await old.getByRole('button', { name: '更换认证方式' }).click();
      await old.waitForURL(/\/mobile\/authentication\/login$/);

      // The device cannot be reached: continue (try again) or cancel.
      const broken = await e2e.newMobilePage('zh');
      await broken.addInitScript(() => {
        navigator.credentials.get = () =>
          Promise.reject(new DOMException('The device is gone', 'UnknownError'));
      });
      await broken.goto(e2e.url('/mobile/authentication/Fido2Login'));
      await broken.getByRole('button', { name: '使用安全密钥登录' }).click();
      const problem = broken.getByRole('alert').filter({ hasText: '设备连接出错，是否继续？' });
      await problem.waitFor();
      await e2e.screenshot(broken, 'factors-mobile-fido2-device-error');
      await problem.getByRole('button', { name: '继续' }).click();
      await problem.waitFor();
      await problem.getByRole('button', { name: '取消' }).click();
      await expect.poll(() => problem.count()).toBe(0);
      expect(e2e.pageErrors(broken)).toEqual([]);
    } finally {
      await admin('loginConfig', { loginPriority: ['password'] });
    }
  });

  it('asks for a second factor by SMS after a mobile login', async () => {
    await mfa({ when: 'always', factors: ['SMS', 'EMAIL', 'OTP', 'FIDO2', 'AUTHENTICATOR'] });
    try {
      const page = await e2e.newMobilePage('zh');
      await mobileSignIn(page, 'sam', 'Sam@123456');
      await page.waitForURL(/\/mobile\/authentication\/beforeaccessapp\?flowId=/);
      await page.getByRole('group', { name: '选择验证方式' }).waitFor();
      await page.getByText('验证码将发送至 +86137****0021').waitFor();
      await page.getByText('验证码将发送至 s***@example.com').waitFor();
      await e2e.screenshot(page, 'factors-mobile-mfa-choices');
      await page.getByRole('button', { name: /短信验证码/ }).click();
      await page.getByRole('button', { name: '验证', exact: true }).click();
      await page.getByText('验证码不能为空').waitFor();
      await page.getByRole('button', { name: '获取验证码' }).click();
      await page.getByText('验证码已发送').waitFor();
      await page.getByLabel('验证码', { exact: true }).fill('000000');
      await page.getByRole('button', { name: '验证', exact: true }).click();
      await page.getByText('验证码错误或已失效').waitFor();
      await page.getByLabel('验证码', { exact: true }).fill(await outboxCode('+8613700000021'));
      await e2e.screenshot(page, 'factors-mobile-mfa-sms');
      await page.getByRole('button', { name: '验证', exact: true }).click();
      await page.waitForURL(/\/mobile\/authentication\/user$/);
      await page.getByText('当前账号：sam').waitFor();
      expect(e2e.pageErrors(page)).toEqual([]);
    } finally {
      await mfa({ when: 'never' });
    }
  });
});
