/**
 * Applications signing in through the portal (OpenID Connect): the sample application of
 * examples/oidc-app, run as its own process, with Chromium clicking through the pages: the code
 * flow with PKCE, single sign-on into a second application, and sign-out reaching both.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { httpRequest, useE2E } from './support/harness.ts';
import { freePort, repoRoot } from './support/server.ts';

const e2e = useE2E();
const apps: ChildProcess[] = [];
afterAll(() => {
  for (const app of apps) app.kill();
});

/** Registers a public client for a sample application on a free port and starts it. */
async function startSampleApp(clientId: string): Promise<string> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const token = (await e2e.server.cli('admin', 'token', 'demo')).trim();
  const res = await httpRequest(e2e.url('/api/v1/admin/applications'), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      clientId,
      name: `样例 ${clientId}`,
      nameEn: `Sample ${clientId}`,
      public: true,
      redirectUris: [`${base}/callback`],
      postLogoutRedirectUris: [`${base}/`],
      backchannelLogoutUri: `${base}/backchannel`,
    }),
  });
  expect(res.json<{ code: string }>().code).toBe('0');
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
});
