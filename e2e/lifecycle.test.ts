/** Registration and a forgotten password, clicked through the themed pages on PC and mobile. */
import { describe, expect, it } from 'vitest';
import { httpRequest, useE2E } from './support/harness.ts';

const e2e = useE2E();

async function openRegistrationAndRecovery() {
  const token = (await e2e.server.cli('admin', 'token', 'demo')).trim();
  const res = await httpRequest(e2e.url('/api/v1/admin/loginConfig'), {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      enableRegister: true,
      enableFindPassword: true,
      findPasswordWay: ['MOBILE', 'EMAIL'],
    }),
  });
  expect(res.json<{ code: string }>().code).toBe('0');
}

async function outboxCode(recipient: string): Promise<string> {
  const line = (await e2e.server.cli('outbox', 'demo', '--limit', '50'))
    .split('\n')
    .find((l) => l.split('\t')[3] === recipient);
  if (!line) throw new Error(`no outbox message to ${recipient}`);
  return /\b(\d{6})\b/.exec(line.split('\t')[5]!)![1]!;
}

describe('account lifecycle', () => {
  it('registers on PC with a phone code, then signs in with the new account', async () => {
    await openRegistrationAndRecovery();
    const page = await e2e.newPcPage('zh');
    await page.goto(e2e.url('/pc/authentication/login'));
    await page.getByRole('link', { name: '注册账号' }).click();
    await page.waitForURL(/\/registerflow$/);
    await page.getByLabel('手机号', { exact: true }).fill('13600000001');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('验证码已发送').waitFor();
    await page.getByLabel('验证码', { exact: true }).fill(await outboxCode('+8613600000001'));
    await page.getByLabel('用户名', { exact: true }).fill('jack');
    await page.getByLabel('密码', { exact: true }).fill('abcdefgh');
    await page.getByLabel('确认密码', { exact: true }).fill('abcdefgh');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '注册', exact: true }).click();
    // The policy's own tip, from the client or the server, says what is wrong.
    await page.getByText('至少包含数字、小写字母、大写字母、特殊字符中的 3 种').first().waitFor();
    await page.getByLabel('密码', { exact: true }).fill('Jack@123456');
    await page.getByLabel('确认密码', { exact: true }).fill('Jack@123456');
    await e2e.screenshot(page, 'lifecycle-pc-register');
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await page.waitForURL(/\/login$/);
    // The login page is on screen (not the register page still fading out) before typing.
    await page.locator('[data-template="pc_login_1"]').waitFor();
    await page.getByLabel('用户名', { exact: true }).fill('jack');
    await page.getByLabel('密码', { exact: true }).fill('Jack@123456');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText('当前账号：jack').waitFor();
  });

  it('resets a forgotten password on mobile with an email code, then signs in with it', async () => {
    await openRegistrationAndRecovery();
    const page = await e2e.newMobilePage('en');
    await page.goto(e2e.url('/mobile/authentication/login'));
    await page.getByRole('link', { name: 'Forgot password' }).click();
    await page.waitForURL(/\/ResetPassword$/);
    await page.getByRole('tab', { name: 'Email', exact: true }).click();
    await page.getByLabel('Email', { exact: true }).fill('demo@example.com');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Verification code', { exact: true }).fill(await outboxCode('demo@example.com'));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('New password', { exact: true }).fill('Demo@654321');
    await page.getByLabel('Confirm password', { exact: true }).fill('Demo@654321');
    await e2e.screenshot(page, 'lifecycle-mobile-reset');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByText('Your password has been reset').waitFor();
    await page.goto(e2e.url('/mobile/authentication/login'));
    await page.locator('[data-template="mobile_login_1"]').waitFor();
    await page.getByLabel('Username', { exact: true }).fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('Demo@654321');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByText('Signed in as demo').waitFor();
  });
});
