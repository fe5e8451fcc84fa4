/**
 * Applications signing in through the portal (OpenID Connect): the sample application of
 * examples/oidc-app, run as its own process, with Chromium clicking through the pages: the code
 * flow with PKCE, single sign-on into a second application, and sign-out reaching both; the login
 * page naming the application, the choice among the user's accounts of it (PC and mobile), and
 * the application's second factor.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { TEMPLATES } from '@tessera/shared';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { httpRequest, useE2E } from './support/harness.ts';
import { freePort, repoRoot } from './support/server.ts';

const e2e = useE2E();
const apps: ChildProcess[] = [];
afterAll(() => {
  for (const app of apps) app.kill();
});

let token = '';

/** A call of the demo tenant's admin API; fails the test unless it answers code 0. */
async function admin(method: string, path: string, body?: unknown) {
  token ||= (await e2e.server.cli('admin', 'token', 'demo')).trim();
  const res = await httpRequest(e2e.url(`/api/v1/admin${path}`), {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = res.json<{ code: string; message: string }>();
  expect(json.code, `${method} ${path}: ${json.message}`).toBe('0');
}

/**
 * Registers a public client of the demo tenant named "样例 <clientId>" / "Sample <clientId>" for an
 * application at `base`. `extra`: more of its settings (logo, mfa).
 */
async function registerApp(clientId: string, base: string, extra: Record<string, unknown> = {}) {
  await admin('POST', '/applications', {
    clientId,
    name: `样例 ${clientId}`,
    nameEn: `Sample ${clientId}`,
    public: true,
    redirectUris: [`${base}/callback`],
    postLogoutRedirectUris: [`${base}/`],
    backchannelLogoutUri: `${base}/backchannel`,
    ...extra,
  });
}

/** Registers a sample application on a free port (see registerApp) and starts it. */
async function startSampleApp(clientId: string, extra: Record<string, unknown> = {}): Promise<string> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  await registerApp(clientId, base, extra);
  const child = spawn(process.execPath, [path.join(repoRoot, 'examples/oidc-app/server.mjs')], {
    env: { ...process.env, ISSUER: e2e.url('/oidc'), CLIENT_ID: clientId, PORT: String(port), APP_URL: base },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  apps.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on(
      'data',
      (chunk: Buffer) => chunk.toString().includes('Example application on') && resolve(),
    );
    child.on('exit', (code) => reject(new Error(`sample app exited with ${code}`)));
  });
  return base;
}

/** Adds an account of the application with the demo user in `role`. */
async function addAccount(clientId: string, name: string, kind: string, role: string) {
  await e2e.server.cli('app', 'account', 'demo', clientId, name, '--kind', kind, '--user', `demo:${role}`);
}

/** Opens the sample application and follows its sign-in link to the portal's login page. */
async function openFromApp(page: Page, app: string, device: 'pc' | 'mobile') {
  await page.goto(app);
  await page.getByRole('link', { name: 'Sign in with Tessera' }).click();
  await page.waitForURL(new RegExp(`/${device}/authentication/login\\?`));
  await page.locator('[data-template]').waitFor();
}

/** The claims the sample application shows once signed in. */
async function claimsOf(page: Page): Promise<Record<string, unknown>> {
  await page.getByRole('heading', { name: 'Signed in as demo' }).waitFor();
  return JSON.parse(await page.locator('pre').innerText()) as Record<string, unknown>;
}

/** The code of the demo tenant's outbox sent to `recipient` for `purpose`. */
async function outboxCode(recipient: string, purpose: string): Promise<string> {
  const line = (await e2e.server.cli('outbox', 'demo', '--limit', '50'))
    .split('\n')
    .find((l) => l.split('\t')[3] === recipient && l.split('\t')[4] === purpose);
  if (!line) throw new Error(`no ${purpose} message to ${recipient}`);
  return /\b(\d{6})\b/.exec(line.split('\t')[5]!)![1]!;
}

async function signInOnPortal(page: Page) {
  await page.locator('[data-template="pc_login_1"]').waitFor();
  await e2e.screenshot(page, 'oidc-login-for-app');
  await page.getByLabel('Username', { exact: true }).fill('demo');
  await page.getByLabel('Password', { exact: true }).fill('Demo@123456');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

describe('applications signing in through the portal', () => {
  it('signs in with the code flow and PKCE, then into a second application without a password, and signs out of both', async () => {
    const crm = await startSampleApp('sample-crm');
    const wiki = await startSampleApp('sample-wiki');
    const page = await e2e.newPcPage('en');

    await page.goto(crm);
    await page.getByRole('link', { name: 'Sign in with Tessera' }).click();
    await page.waitForURL(/\/pc\/authentication\/login\?/);
    expect(new URL(page.url()).searchParams.get('client_id')).toBe('sample-crm');
    await signInOnPortal(page);
    await page.waitForURL(`${crm}/`);
    await page.getByRole('heading', { name: 'Signed in as demo' }).waitFor();
    const claims = JSON.parse(await page.locator('pre').innerText());
    expect(claims).toMatchObject({
      aud: 'sample-crm',
      preferred_username: 'demo',
      email: 'demo@example.com',
    });
    expect(claims.iss).toBe(e2e.url('/oidc'));
    await e2e.screenshot(page, 'oidc-sample-signed-in');

    // Single sign-on: the second application does not ask for the password.
    await page.goto(wiki);
    await page.getByRole('link', { name: 'Sign in with Tessera' }).click();
    await page.waitForURL(`${wiki}/`);
    await page.getByRole('heading', { name: 'Signed in as demo' }).waitFor();

    // Signing out of one application ends the portal session and reaches the other.
    await page.getByRole('link', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: /Sign out/ }).click();
    await page.waitForURL(`${wiki}/`);
    await page.getByRole('link', { name: 'Sign in with Tessera' }).waitFor();
    await page.goto(crm);
    await page.getByRole('link', { name: 'Sign in with Tessera' }).waitFor();
    await page.goto(e2e.url('/pc/authentication/user'));
    await page.waitForURL(/\/pc\/authentication\/login/);
  });

  it('names the application on the login page, asks which of two accounts to use, and the application gets the one chosen', async () => {
    const clientId = 'sample-finance';
    const app = await startSampleApp(clientId, { logo: '/assets/demo-logo.svg' });
    await addAccount(clientId, 'Finance team', 'shared', 'member');
    await addAccount(clientId, 'My desk', 'own', 'owner');
    const page = await e2e.newPcPage('en');

    await openFromApp(page, app, 'pc');
    const target = page.getByTestId('application-target');
    await page.getByText(`Sign in to Sample ${clientId}`, { exact: true }).waitFor();
    expect(await target.locator('img').getAttribute('src')).toBe('/assets/demo-logo.svg');
    await e2e.screenshot(page, 'oidc-login-application-pc');
    await signInOnPortal(page);

    await page.waitForURL(/\/pc\/authentication\/afterlogin\?flowId=/);
    await page.getByRole('heading', { name: 'Choose an account' }).waitFor();
    await page.getByText(`Choose the account to use for Sample ${clientId}`).waitFor();
    const accounts = page.getByRole('radio');
    expect(await accounts.count()).toBe(2);
    const shared = page.getByRole('radio', { name: /Finance team/ });
    expect(await page.locator('.ts-account-option', { hasText: 'Finance team' }).innerText()).toMatch(
      /Finance team\s+Shared\s*Member/,
    );
    expect(await page.locator('.ts-account-option', { hasText: 'My desk' }).innerText()).toMatch(
      /My desk\s+Own\s*Owner/,
    );
    // Continuing without a choice says what is missing.
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByText('Please choose an account').waitFor();
    await shared.check();
    await page.getByText('Please choose an account').waitFor({ state: 'detached' });
    await e2e.screenshot(page, 'oidc-choose-account-pc');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    await page.waitForURL(`${app}/`);
    const claims = await claimsOf(page);
    expect(claims).toMatchObject({
      aud: clientId,
      preferred_username: 'demo',
      app_account: { name: 'Finance team', kind: 'shared', role: 'member' },
    });
    expect(e2e.pageErrors(page)).toEqual([]);
  }, 120_000);

  it('shows nothing extra on the login page for an unknown client id', async () => {
    const page = await e2e.newPcPage('en');
    await page.goto(e2e.url('/pc/authentication/login?client_id=no-such-app'));
    await page.getByRole('button', { name: 'Log in', exact: true }).waitFor();
    // The answer to the application's look-up has come (and said nothing) before this counts.
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('application-target').count()).toBe(0);
    expect(e2e.pageErrors(page)).toEqual([]);
  });

  it("asks for the application's second factor, naming the application", async () => {
    const clientId = 'sample-vault';
    const app = await startSampleApp(clientId, { mfa: { when: 'always', factors: ['EMAIL'] } });
    const page = await e2e.newPcPage('en');
    await openFromApp(page, app, 'pc');
    await signInOnPortal(page);

    await page.waitForURL(/\/pc\/authentication\/beforeaccessapp\?flowId=/);
    await page.getByText(`Verify it's you to enter Sample ${clientId}`).waitFor();
    await page.getByRole('button', { name: 'Get code' }).click();
    await page.getByRole('button', { name: /Resend in/ }).waitFor();
    await page
      .getByLabel('Verification code', { exact: true })
      .fill(await outboxCode('demo@example.com', 'MFA'));
    await e2e.screenshot(page, 'oidc-second-factor-application-pc');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();

    await page.waitForURL(`${app}/`);
    expect(await claimsOf(page)).toMatchObject({ aud: clientId, preferred_username: 'demo' });
    expect(e2e.pageErrors(page)).toEqual([]);
  }, 120_000);

  it('signs in from the application on a phone, through the mobile login page and the account choice', async () => {
    const clientId = 'sample-mobile';
    const app = await startSampleApp(clientId, { logo: '/assets/demo-logo.svg' });
    await addAccount(clientId, '财务部', 'entrusted', 'consignor');
    await addAccount(clientId, '个人', 'own', 'owner');
    const page = await e2e.newMobilePage('zh');

    await openFromApp(page, app, 'mobile');
    expect(new URL(page.url()).searchParams.get('client_id')).toBe(clientId);
    await page.getByText(`登录到 样例 ${clientId}`, { exact: true }).waitFor();
    await e2e.screenshot(page, 'oidc-login-application-mobile');
    await page.getByLabel('用户名', { exact: true }).fill('demo');
    await page.getByLabel('密码', { exact: true }).fill('Demo@123456');
    await page.getByRole('button', { name: '登录', exact: true }).click();

    await page.waitForURL(/\/mobile\/authentication\/afterlogin\?flowId=/);
    await page.getByRole('heading', { name: '选择账号' }).waitFor();
    await page.getByText(`选择用于 样例 ${clientId} 的账号`).waitFor();
    expect(await page.getByRole('radio').count()).toBe(2);
    await page.getByRole('button', { name: '继续', exact: true }).click();
    await page.getByText('请选择一个账号').waitFor();
    await page.getByRole('radio', { name: /财务部/ }).check();
    await page.getByText('请选择一个账号').waitFor({ state: 'detached' });
    expect(await page.locator('.tmt-account-option', { hasText: '财务部' }).innerText()).toMatch(
      /财务部\s+委托\s*受托人/,
    );
    await e2e.screenshot(page, 'oidc-choose-account-mobile');
    await page.getByRole('button', { name: '继续', exact: true }).click();

    await page.waitForURL(`${app}/`);
    expect(await claimsOf(page)).toMatchObject({
      aud: clientId,
      app_account: { name: '财务部', kind: 'entrusted', role: 'consignor' },
    });
    expect(e2e.pageErrors(page)).toEqual([]);
  }, 120_000);

  it('names the application above the form in every login template, PC and mobile', async () => {
    const clientId = 'sample-themed';
    await registerApp(clientId, 'http://localhost:9', { logo: '/assets/demo-logo.svg' });
    const templates = TEMPLATES.filter((t) => t.page === 'PC_LOGIN' || t.page === 'MOBILE_LOGIN');
    try {
      for (const template of templates) {
        await admin('PUT', `/themes/${template.page}`, { template: template.template });
        const mobile = template.client === 'mobile';
        const page = mobile ? await e2e.newMobilePage('en') : await e2e.newPcPage('en');
        await page.goto(e2e.url(`/${template.client}/authentication/login?client_id=${clientId}`));
        await page.locator(`[data-template="${template.template}"]`).waitFor();
        const target = page.getByTestId('application-target');
        await target.getByText(`Sign in to Sample ${clientId}`, { exact: true }).waitFor();
        // Inside the form, above its first field (beside it in the long band), nothing spilling sideways.
        const form = (await page.getByTestId('theme-form').boundingBox())!;
        const box = (await target.boundingBox())!;
        expect(box.x, template.template).toBeGreaterThanOrEqual(form.x);
        expect(box.x + box.width, template.template).toBeLessThanOrEqual(form.x + form.width + 0.5);
        const field = (await page.getByLabel('Username', { exact: true }).boundingBox())!;
        const before = box.y + box.height <= field.y || box.x + box.width <= field.x;
        expect(before, `${template.template}: the application comes before the form`).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
          true,
        );
        await e2e.screenshot(page, `oidc-login-application-${template.template}`);
        expect(e2e.pageErrors(page)).toEqual([]);
        await page.context().close();
      }
    } finally {
      await admin('DELETE', '/themes/PC_LOGIN');
      await admin('DELETE', '/themes/MOBILE_LOGIN');
    }
  }, 240_000);
});
