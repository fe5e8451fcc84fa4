/** Password login on the mobile app, with a phone, in Chinese and English. */
import { describe, expect, it } from 'vitest';
import { ACME, DEMO, useE2E } from './support/harness.ts';

const e2e = useE2E();

describe('mobile login', () => {
  it('sends an iPhone from the PC address to the mobile app, keeping query and hash', async () => {
    const page = await e2e.newMobilePage('zh');
    await page.goto(e2e.url('/pc/authentication/login?from=mail#top'));
    await page.waitForURL(/\/mobile\/authentication\/login\?from=mail#top$/);
    await page.getByRole('button', { name: '登录', exact: true }).waitFor();
  });

  it('sends a desktop browser from the mobile address to the PC app', async () => {
    const page = await e2e.newPcPage('zh');
    await page.goto(e2e.url('/mobile/authentication/login'));
    await page.waitForURL(/\/pc\/authentication\/login$/);
  });

  it('signs in and out in Chinese, and shows the wrong-password message', async () => {
    const page = await e2e.newMobilePage('zh');
    await page.goto(e2e.url('/mobile/authentication/login'));
    await expect.poll(() => page.title()).toBe('登录');
    await page.getByText('泰瑟拉统一身份认证').first().waitFor();
    await e2e.screenshot(page, 'mobile-login-zh');

    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText('用户名不能为空').waitFor();

    await page.getByLabel('用户名', { exact: true }).fill(DEMO.username);
    await page.getByLabel('密码', { exact: true }).fill('Wrong@123456');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText('用户名或密码错误').waitFor();
    await e2e.screenshot(page, 'mobile-login-zh-wrong-password');

    await page.getByLabel('密码', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(/\/mobile\/authentication\/user$/);
    await page.getByText('当前账号：demo').waitFor();
    await e2e.screenshot(page, 'mobile-user-zh');
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByText('您已安全退出').waitFor();
    await e2e.screenshot(page, 'mobile-logout-zh');
    await page.goto(e2e.url('/mobile/authentication/user'));
    await page.waitForURL(/\/mobile\/authentication\/login$/);
  });

  it('signs in and out in English', async () => {
    const page = await e2e.newMobilePage('en');
    await page.goto(e2e.url('/mobile/authentication/login'));
    await page.getByRole('button', { name: 'Log in', exact: true }).waitFor();
    await e2e.screenshot(page, 'mobile-login-en');
    await page.getByLabel('Username', { exact: true }).fill(DEMO.username);
    await page.getByLabel('Password', { exact: true }).fill('Wrong@123456');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByText('Incorrect username or password').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByText('Signed in as demo').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You have signed out').waitFor();
  });

  it('switches language on the page', async () => {
    const page = await e2e.newMobilePage('zh');
    await page.goto(e2e.url('/mobile/authentication/login'));
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Log in', exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
  });

  it('hands code and access_token to the native app bridge', async () => {
    const page = await e2e.newMobilePage('zh');
    await page.addInitScript(() => {
      const seen: unknown[] = [];
      (window as unknown as { __seen: unknown[] }).__seen = seen;
      (window as unknown as { webkit: unknown }).webkit = {
        messageHandlers: { loginCode: { postMessage: (m: unknown) => seen.push(m) } },
      };
    });
    await page.goto(e2e.url('/mobile/authentication/login?code=abc&access_token=tok'));
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __seen: unknown[] }).__seen))
      .toEqual([expect.objectContaining({ code: 'abc', access_token: 'tok' })]);
  });

  it('refuses a demo user on acme', async () => {
    const page = await e2e.newMobilePage('zh');
    await page.goto(e2e.url('/mobile/authentication/login', ACME.tenant));
    await page.getByLabel('用户名', { exact: true }).fill(DEMO.username);
    await page.getByLabel('密码', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText('用户名或密码错误').waitFor();
  });
});
