/** Password login on the PC app, as a person does it: in Chinese and English, right and wrong. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACME, DEMO, useE2E } from './support/harness.ts';

const e2e = useE2E();
const year = String(new Date().getFullYear());

async function fillLogin(
  page: Page,
  labels: { user: string; password: string },
  username: string,
  password: string,
) {
  await page.getByLabel(labels.user, { exact: true }).fill(username);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
}

const ZH = { user: '用户名', password: '密码', submit: '登录' };
const EN = { user: 'Username', password: 'Password', submit: 'Log in' };

describe('PC login', () => {
  it('shows the tenant page in Chinese, refuses bad input, signs in and out', async () => {
    const page = await e2e.newPcPage('zh');
    await page.goto(e2e.url('/'));
    await page.waitForURL(/\/pc\/authentication\/login$/);
    await expect.poll(() => page.title()).toBe('登录');
    // The tenant's header, logo, copyright with this year, and record number.
    await page.getByText('泰瑟拉统一身份认证').first().waitFor();
    expect(await page.locator('img[src="/assets/demo-logo.svg"]').count()).toBeGreaterThan(0);
    await page.getByText(`© 2019-${year} 泰瑟拉演示企业 版权所有`).waitFor();
    await page.getByText('京ICP备00000000号').waitFor();
    await e2e.screenshot(page, 'pc-login-zh');

    await page.getByRole('button', { name: ZH.submit, exact: true }).click();
    await page.getByText('用户名不能为空').waitFor();
    await page.getByText('密码不能为空').waitFor();

    await fillLogin(page, ZH, DEMO.username, 'Wrong@123456');
    await page.getByRole('button', { name: ZH.submit, exact: true }).click();
    await page.getByText('用户名或密码错误').waitFor();
    await e2e.screenshot(page, 'pc-login-zh-wrong-password');
    expect(page.url()).toMatch(/\/login$/);

    await fillLogin(page, ZH, DEMO.username, DEMO.password);
    await page.getByRole('button', { name: ZH.submit, exact: true }).click();
    await page.waitForURL(/\/pc\/authentication\/user$/);
    await page.getByText('当前账号：demo').waitFor();
    await page.getByText('演示用户').first().waitFor();
    await e2e.screenshot(page, 'pc-user-zh');

    // Opening the login page while signed in goes straight to the account.
    await page.goto(e2e.url('/pc/authentication/login'));
    await page.waitForURL(/\/user$/);

    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByText('您已安全退出').waitFor();
    await e2e.screenshot(page, 'pc-logout-zh');
    // The session is really gone: the account page sends the browser back to login.
    await page.goto(e2e.url('/pc/authentication/user'));
    await page.waitForURL(/\/login$/);
    expect(e2e.pageErrors(page).filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });

  it('switches to English and signs in and out in English', async () => {
    const page = await e2e.newPcPage('zh');
    await page.goto(e2e.url('/pc/authentication/login'));
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: EN.submit, exact: true }).waitFor();
    await expect.poll(() => page.title()).toBe('Log in');
    await page.getByText(`© 2019-${year} Tessera Demo Inc. All rights reserved.`).waitFor();
    await page.getByText('ICP No. 00000000').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
    await e2e.screenshot(page, 'pc-login-en');

    await fillLogin(page, EN, DEMO.username, 'Wrong@123456');
    await page.getByRole('button', { name: EN.submit, exact: true }).click();
    await page.getByText('Incorrect username or password').waitFor();

    // The choice survives a reload.
    await page.reload();
    await page.getByRole('button', { name: EN.submit, exact: true }).waitFor();
    await fillLogin(page, EN, DEMO.username, DEMO.password);
    await page.getByRole('button', { name: EN.submit, exact: true }).click();
    await page.getByText('Signed in as demo').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You have signed out').waitFor();
    await page.getByRole('link', { name: 'Sign in again' }).click();
    await page.waitForURL(/\/login$/);
  });

  it('opens in English for an English browser', async () => {
    const page = await e2e.newPcPage('en');
    await page.goto(e2e.url('/pc/authentication/login'));
    await page.getByRole('button', { name: EN.submit, exact: true }).waitFor();
    await page.getByLabel(EN.user, { exact: true }).waitFor();
    await page.getByRole('button', { name: '中文' }).click();
    await page.getByRole('button', { name: ZH.submit, exact: true }).waitFor();
  });

  it('follows a same-site redirect_to after login and ignores a foreign one', async () => {
    const page = await e2e.newPcPage('en');
    await page.goto(
      e2e.url('/pc/authentication/login?redirect_to=' + encodeURIComponent('https://evil.example/steal')),
    );
    await fillLogin(page, EN, DEMO.username, DEMO.password);
    await page.getByRole('button', { name: EN.submit, exact: true }).click();
    await page.waitForURL(e2e.url('/pc/authentication/user'));
  });

  it('never lets a demo user sign in on acme, where acme users can', async () => {
    const page = await e2e.newPcPage('zh');
    await page.goto(e2e.url('/pc/authentication/login', ACME.tenant));
    await page.getByText(ACME.name).first().waitFor();
    await fillLogin(page, ZH, DEMO.username, DEMO.password);
    await page.getByRole('button', { name: ZH.submit, exact: true }).click();
    await page.getByText('用户名或密码错误').waitFor();
    await e2e.screenshot(page, 'pc-login-acme-refuses-demo');

    await fillLogin(page, ZH, ACME.username, ACME.password);
    await page.getByRole('button', { name: ZH.submit, exact: true }).click();
    await page.getByText(`当前账号：${ACME.username}`).waitFor();
    // Signed in at acme is not signed in at demo.
    await page.goto(e2e.url('/pc/authentication/user'));
    await page.waitForURL(/localhost:\d+\/pc\/authentication\/login$/);
  });

  it("sets the enterprise domain and lands on that tenant's login page", async () => {
    const page = await e2e.newPcPage('zh');
    await page.goto(e2e.url('/pc/authentication/login'));
    await page.getByRole('link', { name: '设置企业域名' }).click();
    await page.waitForURL(/\/setdomain$/);
    await page.getByLabel('企业域名').fill('no-such-company');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByText('未找到该企业域名').waitFor();
    await e2e.screenshot(page, 'pc-setdomain-zh');
    await page.getByLabel('企业域名').fill(ACME.tenant);
    await page.getByRole('button', { name: '下一步' }).click();
    await page.waitForURL(e2e.url('/pc/authentication/login', ACME.tenant));
    await page.getByText(ACME.name).first().waitFor();
  });

  it('shows a clear page for a step that is not open and for an unknown enterprise', async () => {
    const page = await e2e.newPcPage('zh');
    for (const route of ['/ResetPassword', '/registerflow', '/Fido2Login']) {
      await page.goto(e2e.url(`/pc/authentication${route}`));
      await page.getByText('当前账号未开放此步骤').waitFor();
    }
    await e2e.screenshot(page, 'pc-not-open-zh');
    const res = await page.goto(e2e.url('/pc/authentication/login', 'nobody'));
    expect(res?.status()).toBe(404);
    await page.getByText('企业不存在，请检查访问地址').waitFor();
  });
});
