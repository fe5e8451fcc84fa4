/** The template gallery: an admin opens it with the tenant's token, looks at every template, picks one. */
import { UI_CONFIG_TYPES, templatesOf } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { httpRequest, useE2E } from './support/harness.ts';

const e2e = useE2E();

async function uiConfig(type: string) {
  const res = await httpRequest(e2e.url(`/api/v1/config/ui_config?type=${type}`));
  return res.json<{ data: unknown }>().data;
}

describe('template gallery', () => {
  it('asks for the admin token, shows every template of every page live, and applies the one picked', async () => {
    const token = (await e2e.server.cli('admin', 'token', 'demo')).trim();
    const page = await e2e.newPcPage('zh');
    await page.goto(e2e.url('/pc/authentication/themes'));

    await page.getByLabel('管理员令牌').fill('tsa_not-the-token');
    await page.getByRole('button', { name: '进入' }).click();
    await page.getByText('管理员令牌无效，请重新输入').first().waitFor();
    await page.getByLabel('管理员令牌').fill(token);
    await page.getByRole('button', { name: '进入' }).click();

    const names = {
      PC_LOGIN: 'PC 登录页',
      MOBILE_LOGIN: '移动端登录页',
      PC_REGISTER: 'PC 注册页',
      MOBILE_REGISTER: '移动端注册页',
      PC_FIND_PWD: 'PC 找回密码页',
      MOBILE_FIND_PWD: '移动端找回密码页',
    };
    for (const type of UI_CONFIG_TYPES) {
      await page.getByRole('tab', { name: names[type] }).click();
      const cards = page.locator(`[data-testid="template-card"][data-page="${type}"]`);
      await expect.poll(() => cards.count()).toBe(templatesOf(type).length);
      // Each preview is the real page drawn with that template, inside a frame.
      for (const template of templatesOf(type)) {
        const card = page.locator(
          `[data-testid="template-card"][data-page="${type}"][data-template="${template.template}"]`,
        );
        const frame = card.frameLocator('iframe');
        await frame.locator(`[data-template="${template.template}"]`).waitFor({ timeout: 20_000 });
      }
      await e2e.screenshot(page, `gallery-${type.toLowerCase()}`);
    }

    await page.getByRole('tab', { name: names.MOBILE_LOGIN }).click();
    const banner = page.locator(
      '[data-testid="template-card"][data-page="MOBILE_LOGIN"][data-template="mobile_login_3"]',
    );
    await banner.getByRole('button', { name: '使用此模板' }).click();
    await expect.poll(() => banner.getAttribute('data-in-use')).toBe('true');
    expect(await uiConfig('MOBILE_LOGIN')).toBe('mobile_login_3');

    await page.getByRole('button', { name: '恢复默认' }).click();
    await page.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => uiConfig('MOBILE_LOGIN')).toBeNull();
    await expect
      .poll(() =>
        page
          .locator('[data-testid="template-card"][data-page="MOBILE_LOGIN"][data-template="mobile_login_1"]')
          .getAttribute('data-in-use'),
      )
      .toBe('true');
  }, 240_000);
});
