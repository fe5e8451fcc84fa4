/**
 * The OpenID Connect provider with openid-client as the relying party, over real HTTP: the code
 * flow with PKCE through the interaction and the portal login, account selection, tokens checked
 * against the published keys, single sign-on into a second application, logout, bad requests.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestServer, encrypt, startTestServer } from './harness.ts';

/** A browser's cookies for one host, and requests that do not follow redirects. */
class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  async go(url: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(new URL(url, this.base), {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: this.cookieHeader() },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      if (value.join('=') === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
    return res;
  }

  /** Follows redirects on this host; stops at the first one that leaves it (the application). */
  async follow(url: string): Promise<URL> {
    let next = new URL(url, this.base);
    for (let i = 0; i < 12; i += 1) {
      if (next.origin !== new URL(this.base).origin) return next;
      const res = await this.go(next.href);
      const location = res.headers.get('location');
      if (!location) return next;
      next = new URL(location, next);
    }
    throw new Error('too many redirects');
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** The portal's answer: code, redirect and data (read loosely: each test checks what it needs). */
interface Answer {
  code: string;
  redirect?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- shapes vary per call
  data: any;
}
const envelope = async (res: Response) => (await res.json()) as Answer;

/** A GET with a chosen Host header (names like acme.localhost need no DNS this way). */
function rawGet(url: string, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { host } }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
}

describe.each(DIALECTS)('OpenID Connect provider over $name', ({ name, available }) => {
  let s: TestServer;
  let base: string;
  let demoId: string;
  let backchannel: string[] = [];
  let rpServer: http.Server;
  let rpBase: string;
  beforeAll(async () => {
    if (!available) return;
    s = await startTestServer(name, 'oidc');
    await s.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://localhost:${(s.app.server.address() as AddressInfo).port}`;
    demoId = (await s.services.tenancy.getByCode('demo'))!.id;
    // The applications' back-channel logout endpoint.
    rpServer = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        backchannel.push(`${req.url} ${new URLSearchParams(body).get('logout_token') ? 'token' : 'none'}`);
        res.end();
      });
    });
    await new Promise<void>((r) => rpServer.listen(0, '127.0.0.1', r));
    rpBase = `http://127.0.0.1:${(rpServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => rpServer?.close(r));
    await s?.close();
  });

  const kids = async () =>
    ((await (await fetch(`${base}/oidc/jwks`)).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid);
  const newApp = (clientId: string, extra: Record<string, unknown> = {}) =>
    s.services.applications.create(
      demoId,
      {
        name: `应用 ${clientId}`,
        nameEn: `App ${clientId}`,
        redirectUris: [`${rpBase}/cb`],
        postLogoutRedirectUris: [`${rpBase}/bye`],
        backchannelLogoutUri: `${rpBase}/backchannel/${clientId}`,
        ...extra,
      },
      clientId,
    );
  const discover = async (clientId: string, secret: string | null) =>
    client.discovery(
      new URL(`${base}/oidc`),
      clientId,
      secret ?? undefined,
      secret ? client.ClientSecretBasic(secret) : client.None(),
      { execute: [client.allowInsecureRequests] },
    );
  const signInOnPortal = async (browser: Browser, loginUrl: URL, username: string, password: string) => {
    expect(loginUrl.pathname).toBe('/pc/authentication/login');
    const keyRes = await browser.go('/api/v1/config/getPublicKey', {
      method: 'POST',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    const pem = ((await keyRes.json()) as { data: string }).data;
    const res = await browser.go('/api/v1/login/form', {
      method: 'POST',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        username,
        password: encrypt(pem, password),
        redirect_to: loginUrl.searchParams.get('redirect_to')!,
      }).toString(),
    });
    return envelope(res);
  };
  /** The authorization code flow with PKCE up to the callback URL the browser lands on. */
  const authorize = async (
    config: client.Configuration,
    browser: Browser,
    scope = 'openid profile email',
  ) => {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: `${rpBase}/cb`,
      scope,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    return { landed: await browser.follow(url.href), verifier, state };
  };

  it.skipIf(!available)(
    'completes the code flow with PKCE, and signs into a second application without a password',
    async () => {
      const first = await newApp('crm');
      const second = await newApp('wiki', { public: true });
      const browser = new Browser(base);
      const crm = await discover('crm', first.client_secret);
      expect(crm.serverMetadata().issuer).toBe(`${base}/oidc`);

      const start = await authorize(crm, browser);
      expect(start.landed.searchParams.get('client_id')).toBe('crm');
      const login = await signInOnPortal(browser, start.landed, 'demo', 'Demo@123456');
      expect(login).toMatchObject({ code: '0', redirect: start.landed.searchParams.get('redirect_to') });
      const callback = await browser.follow(login.redirect!);
      expect(callback.origin + callback.pathname).toBe(`${rpBase}/cb`);
      const tokens = await client.authorizationCodeGrant(crm, callback, {
        pkceCodeVerifier: start.verifier,
        expectedState: start.state,
      });
      // openid-client checks the ID token's signature against the published keys.
      const claims = tokens.claims()!;
      expect(claims).toMatchObject({ iss: `${base}/oidc`, aud: 'crm', preferred_username: 'demo' });
      expect(tokens.refresh_token).toBeTruthy();
      const info = await client.fetchUserInfo(crm, tokens.access_token, claims.sub);
      expect(info).toMatchObject({ sub: claims.sub, preferred_username: 'demo', email: 'demo@example.com' });
      const refreshed = await client.refreshTokenGrant(crm, tokens.refresh_token!);
      expect(refreshed.access_token).not.toBe(tokens.access_token);
      // A copy of the provider's table holds no live token: ids are hashed, payloads sealed.
      const rows = await s.services.db.selectFrom('oidc_payloads').select(['id', 'payload']).execute();
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.payload).toMatch(/^sealed:v1:/);
        for (const token of [refreshed.access_token, refreshed.refresh_token!])
          expect(row.id + row.payload).not.toContain(token);
      }

      // The second application: no password, straight back with a code.
      const wiki = await discover('wiki', second.client_secret);
      const sso = await authorize(wiki, browser);
      expect(sso.landed.origin + sso.landed.pathname).toBe(`${rpBase}/cb`);
      const wikiTokens = await client.authorizationCodeGrant(wiki, sso.landed, {
        pkceCodeVerifier: sso.verifier,
        expectedState: sso.state,
      });
      expect(wikiTokens.claims()!.sub).toBe(claims.sub);

      // Portal sign-out tells both applications.
      backchannel = [];
      const sessionId = (await envelope(await browser.go('/api/v1/config/isLogin'))).data.sessionId;
      await browser.go(`/api/v1/logout/${sessionId}`, {
        method: 'POST',
        headers: { 'x-requested-with': 'XMLHttpRequest' },
      });
      expect(backchannel.sort()).toEqual(['/backchannel/crm token', '/backchannel/wiki token']);
      await expect(client.refreshTokenGrant(crm, tokens.refresh_token!)).rejects.toMatchObject({
        error: 'invalid_grant',
      });
      // Signed out: the next authorization asks for the login again.
      expect((await authorize(crm, browser)).landed.pathname).toBe('/pc/authentication/login');
    },
  );

  it.skipIf(!available)(
    'asks which account to use when the user has several, and puts it in the claims',
    async () => {
      const app = await newApp('erp');
      const demo = (await s.services.accounts.findByUsername(demoId, 'demo'))!;
      await s.services.applications.addAccount(app, {
        name: 'demo-own',
        kind: 'own',
        users: [{ userId: demo.id, role: 'owner' }],
      });
      const shared = await s.services.applications.addAccount(app, {
        name: 'finance-shared',
        kind: 'shared',
        users: [{ userId: demo.id, role: 'member' }],
      });
      const browser = new Browser(base);
      const erp = await discover('erp', app.client_secret);
      const start = await authorize(erp, browser);
      const login = await signInOnPortal(browser, start.landed, 'demo', 'Demo@123456');
      const step = await browser.follow(login.redirect!);
      expect(step.pathname).toBe('/pc/authentication/afterlogin');
      const flowId = step.searchParams.get('flowId')!;
      const view = (await envelope(await browser.go(`/api/v1/flow/${flowId}`))).data;
      expect(view).toMatchObject({
        type: 'ENTER_APPLICATION',
        step: 'CHOOSE_ACCOUNT',
        application: { clientId: 'erp', name: '应用 erp' },
      });
      expect(view.accounts.map((a: { name: string }) => a.name)).toEqual(['demo-own', 'finance-shared']);
      const chosen = await browser.go(`/api/v1/flow/${flowId}/account`, {
        method: 'POST',
        headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
        body: JSON.stringify({ accountId: shared }),
      });
      const answer = await envelope(chosen);
      expect(answer.redirect).toMatch(/^\/oidc\/interaction\/[\w-]+\/complete$/);
      const callback = await browser.follow(answer.redirect!);
      const tokens = await client.authorizationCodeGrant(erp, callback, {
        pkceCodeVerifier: start.verifier,
        expectedState: start.state,
      });
      expect(tokens.claims()!.app_account).toMatchObject({
        name: 'finance-shared',
        kind: 'shared',
        role: 'member',
      });
    },
  );

  it.skipIf(!available)('refuses bad requests with the standard OAuth errors', async () => {
    const app = await newApp('hr');
    const browser = new Browser(base);
    const hr = await discover('hr', app.client_secret);
    const auth = (params: Record<string, string>) =>
      browser.go(
        `/oidc/auth?${new URLSearchParams({ response_type: 'code', scope: 'openid', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256', ...params })}`,
      );
    // Unknown client, and another tenant's client (the same id is unknown on acme's host).
    expect(await (await auth({ client_id: 'nobody', redirect_uri: `${rpBase}/cb` })).text()).toContain(
      'invalid_client',
    );
    const acme = await rawGet(
      `${base}/oidc/auth?${new URLSearchParams({ client_id: 'hr', response_type: 'code', scope: 'openid', redirect_uri: `${rpBase}/cb` })}`,
      `acme.localhost:${new URL(base).port}`,
    );
    expect(acme).toContain('invalid_client');
    // A redirect URI the application did not register.
    expect(await (await auth({ client_id: 'hr', redirect_uri: 'https://evil.example/cb' })).text()).toContain(
      'invalid_redirect_uri',
    );
    // Without PKCE.
    const noPkce = await browser.go(
      `/oidc/auth?${new URLSearchParams({ client_id: 'hr', response_type: 'code', scope: 'openid', redirect_uri: `${rpBase}/cb` })}`,
    );
    expect(noPkce.headers.get('location')).toContain('error=invalid_request');
    // A code used twice.
    const start = await authorize(hr, browser);
    const login = await signInOnPortal(browser, start.landed, 'demo', 'Demo@123456');
    const callback = await browser.follow(login.redirect!);
    await client.authorizationCodeGrant(hr, callback, {
      pkceCodeVerifier: start.verifier,
      expectedState: start.state,
    });
    await expect(
      client.authorizationCodeGrant(hr, callback, {
        pkceCodeVerifier: start.verifier,
        expectedState: start.state,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    // A disabled application is unknown.
    await s.services.applications.setStatus(demoId, 'hr', 'disabled');
    expect(await (await auth({ client_id: 'hr', redirect_uri: `${rpBase}/cb` })).text()).toContain(
      'invalid_client',
    );
  });

  it.skipIf(!available)('publishes the rotated key and still verifies tokens of the old one', async () => {
    const before = await kids();
    const kid = await s.services.oidcKeys.rotate(demoId);
    // The provider looks at its keys again within 30 s; a new instance sees them at once.
    const providers = s.services.oidc as unknown as { built: Map<string, unknown> };
    providers.built.clear();
    const after = await kids();
    expect(after[0]).toBe(kid);
    expect(after).toEqual(expect.arrayContaining(before));
  });
});
