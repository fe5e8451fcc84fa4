/**
 * QR-code login across two browsers (docs/factors.md): a PC shows a ticket as a QR code on its
 * login page; a phone opens the code's address, signs in when it has to, and confirms (the PC is
 * then signed in) or cancels (the PC says so). An unknown ticket and an app the tenant has not
 * authorised get pages of their own.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, IPHONE_UA, httpRequest, mobileContextOptions, useE2E } from './support/harness.ts';

const e2e = useE2E();
const cli = (...args: string[]) => e2e.server.cli(...args);

let token: string | undefined;
async function loginConfig(body: unknown) {
  token ??= (await cli('admin', 'token', 'demo')).trim();
  const res = await httpRequest(e2e.url('/api/v1/admin/loginConfig'), {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.json<{ code: string }>().code).toBe('0');
}

/** Signs in on the mobile login page the phone is on (password, Chinese). */
async function mobileSignIn(phone: Page) {
  await phone.locator('[data-template="mobile_login_1"]').waitFor();
  await phone.getByLabel('用户名', { exact: true }).fill(DEMO.username);
  await phone.getByLabel('密码', { exact: true }).fill(DEMO.password);
  await phone.getByRole('button', { name: '登录', exact: true }).click();
}

/**
 * Opens the PC login page's QR tab and answers the address its QR code holds: from the page
 * (a data-qr-content attribute, when the tab has one), else from the ticket this browser fetched.
 */
async function pcQrCode(pc: Page): Promise<string> {
  const fetched = pc.waitForResponse((r) => r.url().includes('/api/v1/config/getScanQrCode'));
  await pc.goto(e2e.url('/pc/authentication/login'));
  await pc.locator('[data-template]').first().waitFor();
  await pc.getByRole('tab', { name: /扫码|QR/ }).click();
  const ticket = (await (await fetched).json()) as { data: { content: string } };
  const shown = await pc
    .locator('[data-qr-content]')
    .first()
    .getAttribute('data-qr-content', { timeout: 1000 })
    .catch(() => null);
  const content = shown ?? ticket.data.content;
  expect(content).toMatch(/\/mobile\/authentication\/confirmLogin\?ticket=[\w-]{32}$/);
  return content;
}

describe('QR-code login', () => {
  beforeAll(async () => {
    await loginConfig({ loginPriority: ['password', 'qrcode'] });
  });
  afterAll(async () => {
    await loginConfig({ loginPriority: ['password'] });
  });

  it('signs a PC in once the phone confirms, after signing the phone in first', async () => {
    const pc = await e2e.newPcPage('zh');
    const content = await pcQrCode(pc);

    // The phone is not signed in: it signs in and comes back to the confirmation.
    const phone = await e2e.newMobilePage('zh');
    await phone.goto(content);
    await phone.waitForURL(/\/mobile\/authentication\/login\?redirect_to=/);
    await mobileSignIn(phone);
    await phone.waitForURL(/\/mobile\/authentication\/confirmLogin\?ticket=/);
    await phone.getByRole('heading', { name: '在电脑上登录？' }).waitFor();
    await expect.poll(() => phone.title()).toBe('确认登录');
    await expect(phone.getByTestId('qr-ip').textContent()).resolves.toBe('127.0.0.1');
    await expect(phone.getByTestId('qr-browser').textContent()).resolves.toMatch(/^Chrome \d+ \(\w+\)$/);
    await e2e.screenshot(phone, 'scan-mobile-confirm');
    // The PC sees the scan.
    await pc.getByText('扫码成功，请在手机上确认登录').waitFor();

    await phone.getByRole('button', { name: '确认登录' }).click();
    await phone.getByText('已确认登录').waitFor();
    await e2e.screenshot(phone, 'scan-mobile-done');
    await pc.waitForURL(/\/pc\/authentication\/user$/);
    await pc.getByText('当前账号：demo').waitFor();
    expect(e2e.pageErrors(phone)).toEqual([]);
    expect(e2e.pageErrors(pc)).toEqual([]);
  });

  it('tells the PC when the phone cancels', async () => {
    const phone = await e2e.newMobilePage('zh');
    await phone.goto(e2e.url('/mobile/authentication/login'));
    await mobileSignIn(phone);
    await phone.waitForURL(/\/mobile\/authentication\/user$/);

    const pc = await e2e.newPcPage('en');
    const content = await pcQrCode(pc);
    await phone.goto(content);
    await phone.getByRole('button', { name: '取消登录' }).click();
    await phone.waitForURL(/\/mobile\/authentication\/scanQrCodeClose$/);
    await phone.getByRole('heading', { name: '已取消登录' }).waitFor();
    await phone.getByText('你可以关闭此页面。').waitFor();
    await e2e.screenshot(phone, 'scan-mobile-closed');
    await pc
      .getByRole('status')
      .filter({ hasText: /cancelled/i })
      .waitFor();
    await expect.poll(() => pc.url()).toMatch(/\/pc\/authentication\/login$/);

    // The same ticket again: it is used up.
    await phone.goto(content);
    await phone.waitForURL(/\/scanQrCodeError$/);
    expect(e2e.pageErrors(phone)).toEqual([]);
  });

  it('sends an unknown or expired ticket to the scan-error page', async () => {
    const phone = await e2e.newMobilePage('en');
    await phone.goto(e2e.url('/mobile/authentication/login'));
    await phone.locator('[data-template="mobile_login_1"]').waitFor();
    await phone.getByLabel('Username', { exact: true }).fill(DEMO.username);
    await phone.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await phone.getByRole('button', { name: 'Log in', exact: true }).click();
    await phone.waitForURL(/\/mobile\/authentication\/user$/);

    await phone.goto(e2e.url(`/mobile/authentication/confirmLogin?ticket=${'a1B2c3D4e5'.repeat(3)}xy`));
    await phone.waitForURL(/\/mobile\/authentication\/scanQrCodeError$/);
    await phone.getByRole('heading', { name: 'The QR code is invalid or has expired' }).waitFor();
    await expect.poll(() => phone.title()).toBe('Scan failed');
    await e2e.screenshot(phone, 'scan-mobile-error');
    // No ticket at all, too.
    await phone.goto(e2e.url('/mobile/authentication/confirmLogin'));
    await phone.waitForURL(/\/scanQrCodeError$/);
    expect(e2e.pageErrors(phone)).toEqual([]);
  });

  it('tells an in-app browser the tenant has not authorised that the app is not supported', async () => {
    const pc = await e2e.newPcPage('en');
    const content = await pcQrCode(pc);
    const context = await e2e.browser.newContext({
      ...mobileContextOptions('en'),
      userAgent: `${IPHONE_UA} MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/en`,
    });
    try {
      const wechat = await context.newPage();
      await wechat.goto(content);
      // Told at once, before any sign-in.
      await wechat
        .getByRole('heading', { name: 'The app is not supported, please select an authorized app scan code' })
        .waitFor();
      expect(wechat.url()).toContain('/confirmLogin?ticket=');
      await e2e.screenshot(wechat, 'scan-mobile-unsupported-app');
    } finally {
      await context.close();
    }
    // The PC's code is still waiting.
    await pc.getByText('Scan the QR code with the mobile portal to log in').waitFor();
  });
});
