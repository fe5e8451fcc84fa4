/**
 * Every system template of every themed page, set for a tenant through the admin API and looked at
 * in Chromium as a person would: where the form is, the accent and background colours, header and
 * footer shown or hidden, nothing overflowing. A screenshot of each goes to e2e/artifacts/.
 */
import {
  TEMPLATES,
  type Template,
  type UiConfigType,
  resolveTheme,
  systemBackgroundUrl,
} from '@tessera/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { httpRequest, useE2E } from './support/harness.ts';

const e2e = useE2E();
let token = '';

const ROUTE: Record<UiConfigType, string> = {
  PC_LOGIN: '/pc/authentication/login',
  PC_REGISTER: '/pc/authentication/registerflow',
  PC_FIND_PWD: '/pc/authentication/ResetPassword',
  MOBILE_LOGIN: '/mobile/authentication/login',
  MOBILE_REGISTER: '/mobile/authentication/registerflow',
  MOBILE_FIND_PWD: '/mobile/authentication/ResetPassword',
};

/** Distinct accents, so a page showing another template's colour is caught. */
const ACCENTS = ['#E4572E', '#17BEBB', '#7B2CBF', '#2E7D32', '#C2185B', '#EF6C00'];

function rgb(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

async function admin(method: string, path: string, body?: unknown) {
  const res = await httpRequest(e2e.url(`/api/v1/admin${path}`), {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = res.json<{ code: string; message: string }>();
  if (json.code !== '0') throw new Error(`${method} ${path}: ${json.code} ${json.message}`);
  return json;
}

async function openThemed(page: Page, template: Template): Promise<string[]> {
  // Every template key the page ever shows is recorded from the first paint on: only one may appear.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __templates: string[] }).__templates = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-template]')) {
        const key = el.getAttribute('data-template')!;
        if (!seen.includes(key)) seen.push(key);
      }
    }).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-template'],
    });
  });
  await page.goto(e2e.url(ROUTE[template.page]));
  await page.locator(`[data-template="${template.template}"]`).waitFor();
  await page.getByTestId('theme-form').waitFor();
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => (window as unknown as { __templates: string[] }).__templates);
}

beforeAll(async () => {
  token = (await e2e.server.cli('admin', 'token', 'demo')).trim();
  await admin('PATCH', '/loginConfig', {
    enableRegister: true,
    enableFindPassword: true,
    findPasswordWay: ['MOBILE', 'EMAIL'],
  });
});

describe.each(TEMPLATES.map((t, i) => ({ ...t, index: i, label: `${t.page} ${t.template} (${t.layout})` })))(
  'theme $label',
  (template) => {
    const mobile = template.client === 'mobile';
    const accent = ACCENTS[template.index % ACCENTS.length]!;
    // Alternate header and footer display so both states are seen on every page type.
    const headerDisplay = template.index % 3 !== 1;
    const footerDisplay = template.index % 3 !== 2;

    it('is drawn as its template says, with the tenant options applied from the first paint', async () => {
      await admin('PUT', `/themes/${template.page}`, {
        template: template.template,
        options: {
          mainColor: accent,
          headerDisplay: String(headerDisplay),
          footerDisplay: String(footerDisplay),
        },
      });
      const page = mobile ? await e2e.newMobilePage('zh') : await e2e.newPcPage('zh');
      const seen = await openThemed(page, template);
      expect(seen).toEqual([template.template]);
      const root = page.locator(`[data-template="${template.template}"]`);
      expect(await root.getAttribute('data-layout')).toBe(template.layout);

      // Header and footer present or hidden.
      expect(await page.getByTestId('theme-header').count()).toBe(headerDisplay ? 1 : 0);
      expect(await page.getByTestId('theme-footer').count()).toBe(footerDisplay ? 1 : 0);

      // The accent reaches the primary button through the UI kit's theme.
      const button = mobile
        ? page.locator('[data-testid="theme-form"] .adm-button-primary').first()
        : page.locator('[data-testid="theme-form"] .ant-btn-primary').first();
      await expect
        .poll(() => button.evaluate((el) => getComputedStyle(el).backgroundColor))
        .toBe(rgb(accent));

      // The background is the template's picture or colour.
      const { options } = resolveTheme(template.page, template.template);
      const bg = await page
        .getByTestId('theme-container')
        .first()
        .evaluate((el) => {
          const s = getComputedStyle(el);
          return { image: s.backgroundImage, color: s.backgroundColor };
        });
      if (options.containerBgStyle === 'image' && options.containerBgImg) {
        expect(bg.image).toContain(systemBackgroundUrl(options.containerBgImg));
      } else if (options.containerBgColor) {
        expect(bg.color).toBe(
          rgb(
            options.containerBgColor.length === 4
              ? `#${[...options.containerBgColor.slice(1)].map((c) => c + c).join('')}`
              : options.containerBgColor,
          ),
        );
      }

      // Where the form stands, from its bounding box.
      const viewport = page.viewportSize()!;
      const box = (await page.getByTestId('theme-form').first().boundingBox())!;
      const centre = (box.x + box.width / 2) / viewport.width;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
      if (!mobile) {
        const position =
          template.page === 'PC_LOGIN'
            ? (options.loginFormPosition ?? options.formPosition)
            : options.formPosition;
        if (template.layout === 'longbar') expect(box.width / viewport.width).toBeGreaterThan(0.75);
        else if (template.layout === 'split' || template.layout === 'steps-split')
          expect(centre).toBeGreaterThan(0.5);
        else if (position === 'left' || template.layout === 'left') expect(centre).toBeLessThan(0.45);
        else if (position === 'right' || template.layout === 'right') expect(centre).toBeGreaterThan(0.55);
        else expect(Math.abs(centre - 0.5)).toBeLessThan(0.08);
      }

      // Nothing spills sideways, and the form's text is legible on its background.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await e2e.screenshot(page, `theme-${template.page.toLowerCase()}-${template.template}`);
      expect(e2e.pageErrors(page).filter((e) => !e.includes('404'))).toEqual([]);
      await page.context().close();
    });
  },
);

describe('theme options', () => {
  it('applies form position, colours, input style, links and copyright to the PC login', async () => {
    await admin('PUT', '/themes/PC_LOGIN', {
      template: 'pc_login_1',
      options: {
        loginFormPosition: 'right',
        loginFormTitle: '员工登录',
        loginFormBgColor: '#FFF8E1',
        containerBgStyle: 'color',
        containerBgColor: '#263238',
        headerBgColor: '#102027',
        headerColor: '#FFFFFF',
        footerColor: '#B0BEC5',
        formInputBorderStyle: 'style2',
        userAgreementLink: 'https://example.com/terms',
        privacyPolicyLink: 'https://example.com/privacy',
        copyright: '© {year} Themed Corp',
      },
    });
    const page = await e2e.newPcPage('zh');
    await openThemed(
      page,
      TEMPLATES.find((t) => t.template === 'pc_login_1')!,
    );
    await page.getByText('员工登录').waitFor();
    const form = page.getByTestId('theme-form');
    expect(await form.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 248, 225)');
    const box = (await form.boundingBox())!;
    expect((box.x + box.width / 2) / 1366).toBeGreaterThan(0.55);
    const container = page.getByTestId('theme-container').first();
    expect(await container.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(38, 50, 56)');
    expect(await container.evaluate((el) => getComputedStyle(el).backgroundImage)).toBe('none');
    expect(
      await page.getByTestId('theme-header').evaluate((el) => getComputedStyle(el).backgroundColor),
    ).toBe('rgb(16, 32, 39)');
    expect(await page.getByRole('link', { name: '用户协议' }).getAttribute('href')).toBe(
      'https://example.com/terms',
    );
    expect(await page.getByRole('link', { name: '隐私政策' }).getAttribute('href')).toBe(
      'https://example.com/privacy',
    );
    await page.getByText(`© ${new Date().getFullYear()} Themed Corp`).waitFor();
    // The find-password and register links follow the login config.
    await page.getByRole('link', { name: '忘记密码' }).waitFor();
    await e2e.screenshot(page, 'theme-options-pc-login');
    await admin('DELETE', '/themes/PC_LOGIN');
  });

  it('goes back to the default template after a reset, and hides find-password when it is off', async () => {
    await admin('DELETE', '/themes/PC_LOGIN');
    await admin('PATCH', '/loginConfig', { enableFindPassword: false });
    const page = await e2e.newPcPage('zh');
    await openThemed(
      page,
      TEMPLATES.find((t) => t.template === 'pc_login_1')!,
    );
    const button = page.locator('[data-testid="theme-form"] .ant-btn-primary').first();
    expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb('#409EFF'));
    expect(await page.getByRole('link', { name: '忘记密码' }).count()).toBe(0);
    await admin('DELETE', '/themes/MOBILE_LOGIN');
    const mobilePage = await e2e.newMobilePage('zh');
    await openThemed(
      mobilePage,
      TEMPLATES.find((t) => t.template === 'mobile_login_1')!,
    );
    const mobileButton = mobilePage.locator('[data-testid="theme-form"] .adm-button-primary').first();
    expect(await mobileButton.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb('#258FFA'));
  });

  it('follows the enterprise login config: languages, header title and colour, copyright and record number', async () => {
    await admin('PATCH', '/loginConfig', {
      languageList: ['en'],
      defaultLanguage: 'en',
      headerTitle: 'Demo Single Sign-On',
      headerBgColor: '#102027',
      copyrightEn: '© {year} Demo Group',
      recordNoEn: 'Record 42',
    });
    const page = await e2e.newPcPage('zh');
    await openThemed(
      page,
      TEMPLATES.find((t) => t.template === 'pc_login_1')!,
    );
    // A Chinese browser still gets English, the only language of the tenant, and no switch.
    await page.getByRole('button', { name: 'Log in', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: '中文' }).count()).toBe(0);
    await page.getByText('Demo Single Sign-On').first().waitFor();
    expect(
      await page.getByTestId('theme-header').evaluate((el) => getComputedStyle(el).backgroundColor),
    ).toBe('rgb(16, 32, 39)');
    await page.getByText(`© ${new Date().getFullYear()} Demo Group`).waitFor();
    await page.getByText('Record 42').waitFor();
    await e2e.screenshot(page, 'theme-login-config-en');
    await admin('PATCH', '/loginConfig', {
      languageList: ['zh', 'en'],
      defaultLanguage: 'zh',
      headerTitle: '泰瑟拉统一身份认证',
      headerBgColor: 'transparent',
    });
  });
});
