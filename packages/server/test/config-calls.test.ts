import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACME_HOST,
  DIALECTS,
  type TestServer,
  get,
  login,
  post,
  sessionCookie,
  startTestServer,
} from './harness.ts';

describe.each(DIALECTS)('config calls over $name', ({ name, available }) => {
  let s: TestServer;
  let dist: string;
  beforeAll(async () => {
    if (!available) return;
    // A minimal built web app, to check what the server writes into each page.
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-dist-'));
    for (const app of ['pc', 'mobile']) {
      fs.mkdirSync(path.join(dist, app));
      fs.writeFileSync(
        path.join(dist, app, 'index.html'),
        `<!doctype html><html lang="zh"><head><!--tessera-bootstrap--><title>x</title></head><body>${app}</body></html>`,
      );
    }
    s = await startTestServer(name, 'config_calls', { WEB_DIST: dist });
  });
  afterAll(async () => {
    await s?.close();
    if (dist) fs.rmSync(dist, { recursive: true, force: true });
  });

  it.skipIf(!available)('answers the enterprise login config of the tenant of the host', async () => {
    const demo = (await get(s.app, '/api/v1/config/entLoginConfig')).json();
    expect(demo.code).toBe('0');
    expect(demo.data).toMatchObject({
      languageList: ['zh', 'en'],
      defaultLanguage: 'zh',
      enableFindPassword: false,
      enableRegister: false,
      isHideFindPassword: 'Y',
      headerTitle: '泰瑟拉统一身份认证',
      copyright: expect.stringContaining('{year}'),
    });
    const acme = (await get(s.app, '/api/v1/config/entLoginConfig', { host: ACME_HOST })).json();
    expect(acme.data).toMatchObject({
      headerTitle: 'Acme Corp',
      languageList: ['en'],
      defaultLanguage: 'en',
    });
  });

  it.skipIf(!available)('answers brand, public key and the default template', async () => {
    const brand = (await post(s.app, '/api/v1/config/getIdaasBrand')).json();
    expect(brand.data).toMatchObject({
      name: '泰瑟拉演示企业',
      brandName: '泰瑟拉',
      passwordLoginType: 'account',
    });
    const key = (await post(s.app, '/api/v1/config/getPublicKey')).json();
    expect(key.data).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n$/);
    for (const type of [
      'PC_LOGIN',
      'MOBILE_LOGIN',
      'PC_REGISTER',
      'MOBILE_REGISTER',
      'PC_FIND_PWD',
      'MOBILE_FIND_PWD',
    ]) {
      expect((await get(s.app, `/api/v1/config/ui_config?type=${type}`)).json()).toMatchObject({
        code: '0',
        data: null,
      });
    }
    const bad = await get(s.app, '/api/v1/config/ui_config?type=NOPE');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'COMMON.0400', message: '请求参数不正确：类型' });
    expect((await get(s.app, '/api/v1/config/ui_config')).json().code).toBe('COMMON.0401');
  });

  it.skipIf(!available)('tells whether the browser is signed in', async () => {
    const anon = await get(s.app, '/api/v1/config/isLogin');
    expect(anon.json()).toEqual({
      code: 'AUTH.COMMON.0027',
      message: '用户未登录',
      data: { isLogin: false, user: null, sessionId: null },
    });
    const cookie = sessionCookie(await login(s.app, 'demo', 'Demo@123456'));
    const me = (await get(s.app, '/api/v1/config/isLogin', { cookie })).json();
    expect(me.data).toMatchObject({ isLogin: true, user: { username: 'demo', displayName: '演示用户' } });
    expect(me.data.sessionId).toMatch(/^[\w-]{16}$/);
    expect((await get(s.app, '/api/v1/config/isLogin', { cookie: 'tessera_sid=forged' })).json().code).toBe(
      'AUTH.COMMON.0027',
    );
  });

  it.skipIf(!available)('changes the language of messages and remembers it', async () => {
    const res = await get(s.app, '/api/v1/config/changeLang?locale=EN');
    expect(res.json()).toMatchObject({ code: '0', data: { lang: 'en' } });
    expect(res.cookies.find((c) => c.name === 'lang')?.value).toBe('en');
    const after = await get(s.app, '/api/v1/config/isLogin', { cookie: 'lang=en' });
    expect(after.json().message).toBe('Not signed in');
    const bad = await get(s.app, '/api/v1/config/changeLang?locale=fr');
    expect(bad.json().code).toBe('COMMON.0400');
    // acme speaks English only: the zh cookie is ignored there.
    const acme = await get(s.app, '/api/v1/config/isLogin', { host: ACME_HOST, cookie: 'lang=zh' });
    expect(acme.json().message).toBe('Not signed in');
    expect(
      (await get(s.app, '/api/v1/config/isLogin', { 'accept-language': 'en;q=0.5, zh-CN' })).json().message,
    ).toBe('用户未登录');
  });

  it.skipIf(!available)('sends the browser to the login page of a named enterprise', async () => {
    const res = (await get(s.app, '/api/v1/login/setdomainname?domain=ACME')).json();
    expect(res).toMatchObject({
      code: '0',
      data: { url: 'http://acme.localhost:8080/pc/authentication/login' },
      redirect: 'http://acme.localhost:8080/pc/authentication/login',
    });
    expect((await get(s.app, '/api/v1/login/setdomainname?domain=acme.localhost')).json().code).toBe('0');
    expect((await get(s.app, '/api/v1/login/setdomainname?domain=nope')).json()).toMatchObject({
      code: 'TENANT.0004',
    });
    expect((await get(s.app, '/api/v1/login/setdomainname?domain=a%20b')).json()).toMatchObject({
      code: 'TENANT.0003',
    });
    expect((await get(s.app, '/api/v1/login/setdomainname?domain=')).json()).toMatchObject({
      code: 'COMMON.0401',
    });
  });

  it.skipIf(!available)('refuses unknown tenants with a clear code, as JSON or as a page', async () => {
    const api = await get(s.app, '/api/v1/config/entLoginConfig', { host: 'nobody.localhost:8080' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'TENANT.0001', data: null });
    const page = await get(s.app, '/pc/authentication/login', {
      host: 'nobody.localhost:8080',
      'accept-language': 'en',
    });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('This enterprise does not exist');
    expect(page.body).toContain('TENANT.0001');
    expect((await get(s.app, '/api/v1/config/entLoginConfig', { host: 'evil.example.com' })).statusCode).toBe(
      404,
    );
    expect((await get(s.app, '/api/v1/config/entLoginConfig', { host: 'a.b.localhost' })).statusCode).toBe(
      404,
    );
  });

  it.skipIf(!available)(
    'refuses state-changing calls without X-Requested-With or from a foreign origin',
    async () => {
      const bare = await s.app.inject({
        method: 'POST',
        url: '/api/v1/config/getPublicKey',
        headers: { host: 'localhost:8080' },
      });
      expect(bare.statusCode).toBe(403);
      expect(bare.json().code).toBe('COMMON.0403');
      const foreign = await post(s.app, '/api/v1/config/getPublicKey', { origin: 'http://evil.example' });
      expect(foreign.statusCode).toBe(403);
      const same = await post(s.app, '/api/v1/config/getPublicKey', { origin: 'http://localhost:8080' });
      expect(same.statusCode).toBe(200);
    },
  );

  it.skipIf(!available)('writes the tenant bootstrap into each page, escaped', async () => {
    const demoId = (await s.services.tenancy.getByCode('demo'))!.id;
    await s.services.db
      .updateTable('tenants')
      .set({ brand: JSON.stringify({ name: '</script><script>alert(1)</script>' }) })
      .where('id', '=', demoId)
      .execute();
    const fresh = await startFresh();
    const page = await get(fresh.app, '/pc/authentication/login', { 'accept-language': 'en' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.body).toContain('<html lang="en"');
    expect(page.body).not.toContain('<script>alert(1)');
    const json = /<script id="tessera-bootstrap" type="application\/json">(.*?)<\/script>/.exec(
      page.body,
    )![1]!;
    const boot = JSON.parse(json);
    expect(boot).toMatchObject({
      tenant: 'demo',
      lang: 'en',
      brand: { name: '</script><script>alert(1)</script>' },
    });
    expect(boot.loginConfig.headerTitle).toBe('泰瑟拉统一身份认证');
    expect(page.headers['x-frame-options']).toBe('DENY');
    // The gallery frames the theme previews of this very host, and nothing else may.
    const preview = await get(
      fresh.app,
      '/mobile/authentication/themes/preview?page=MOBILE_LOGIN&template=mobile_login_2',
    );
    expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(preview.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    const mobile = await get(fresh.app, '/mobile/authentication/login');
    expect(mobile.body).toContain('mobile');
    await fresh.app.close();

    async function startFresh() {
      // The tenant cache holds rows for a few seconds; a new app over the same database reads anew.
      const { buildApp } = await import('../src/app.ts');
      const { createServices } = await import('../src/services.ts');
      const app = await buildApp(createServices(s.services.db, s.services.config), { logger: false });
      return { app };
    }
  });

  it.skipIf(!available)('redirects the root addresses and answers 404s in the envelope', async () => {
    for (const url of ['/', '/pc', '/pc/authentication']) {
      const res = await get(s.app, url);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/pc/authentication/login');
    }
    expect((await get(s.app, '/mobile')).headers.location).toBe('/mobile/authentication/login');
    const missing = await get(s.app, '/api/v1/nothing/here');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'COMMON.0404', message: '404' });
  });

  it.skipIf(!available)(
    'serves health, request ids and the OpenAPI document built from the route schemas',
    async () => {
      const health = await get(s.app, '/healthz');
      expect(health.json()).toEqual({ status: 'ok' });
      expect(health.headers['x-request-id']).toMatch(/^[\w-]+$/);
      expect((await get(s.app, '/healthz', { 'x-request-id': 'trace-42' })).headers['x-request-id']).toBe(
        'trace-42',
      );
      const doc = (await get(s.app, '/api/v1/openapi.json')).json();
      expect(doc.openapi).toMatch(/^3\./);
      for (const p of [
        '/api/v1/config/entLoginConfig',
        '/api/v1/config/ui_config',
        '/api/v1/config/getIdaasBrand',
        '/api/v1/config/getPublicKey',
        '/api/v1/config/isLogin',
        '/api/v1/config/changeLang',
        '/api/v1/login/form',
        '/api/v1/login/setdomainname',
        '/api/v1/logout/{Id}',
      ]) {
        expect(doc.paths, p).toHaveProperty([p]);
      }
      const form =
        doc.paths['/api/v1/login/form'].post.requestBody.content['application/x-www-form-urlencoded'].schema;
      expect(form.required).toEqual(['username', 'password']);
      expect(doc.paths['/api/v1/config/ui_config'].get.parameters[0].schema.enum).toContain(
        'MOBILE_FIND_PWD',
      );
    },
  );
});
