import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, DEMO_HOST, DIALECTS, type TestServer, get, startTestServer } from './harness.ts';

describe.each(DIALECTS)('admin API: page themes and login config over $name', ({ name, available }) => {
  let s: TestServer;
  let token: string;
  let acmeToken: string;
  beforeAll(async () => {
    if (!available) return;
    s = await startTestServer(name, 'admin_themes');
    token = await s.services.admin.createToken((await s.services.tenancy.getByCode('demo'))!.id, 'test');
    acmeToken = await s.services.admin.createToken((await s.services.tenancy.getByCode('acme'))!.id, 'test');
  });
  afterAll(async () => s?.close());

  const call = (
    method: 'GET' | 'PUT' | 'DELETE' | 'PATCH' | 'POST',
    url: string,
    body?: unknown,
    bearer = token,
    host = DEMO_HOST,
  ) =>
    s.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: {
        host,
        'x-requested-with': 'XMLHttpRequest',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        'accept-language': 'en',
      },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const uiConfig = async (type: string, host = DEMO_HOST) =>
    (await get(s.app, `/api/v1/config/ui_config?type=${type}`, { host })).json().data;

  it.skipIf(!available)('refuses calls without the tenant own admin token', async () => {
    for (const bearer of ['', 'tsa_wrong', acmeToken]) {
      const res = await call('PUT', '/admin/themes/PC_LOGIN', { template: 'pc_login_2' }, bearer);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'ADMIN.0001',
        message: 'The admin token is not valid. Please enter it again',
      });
    }
    expect(await uiConfig('PC_LOGIN')).toBeNull();
  });

  it.skipIf(!available)('lists the templates and the current themes', async () => {
    const res = (await call('GET', '/admin/themes')).json();
    expect(res.code).toBe('0');
    expect(res.data.pages).toEqual({});
    const count = (page: string) =>
      res.data.templates.filter((t: { page: string }) => t.page === page).length;
    expect([
      count('PC_LOGIN'),
      count('MOBILE_LOGIN'),
      count('PC_REGISTER'),
      count('MOBILE_REGISTER'),
      count('PC_FIND_PWD'),
      count('MOBILE_FIND_PWD'),
    ]).toEqual([6, 5, 5, 5, 2, 2]);
  });

  it.skipIf(!available)('picks a template, overrides options, and resets, as ui_config answers', async () => {
    const picked = await call('PUT', '/admin/themes/PC_LOGIN', { template: 'pc_login_3' });
    expect(picked.json()).toMatchObject({ code: '0', data: 'pc_login_3' });
    expect(await uiConfig('PC_LOGIN')).toBe('pc_login_3');

    const themed = await call('PUT', '/admin/themes/MOBILE_LOGIN', {
      template: 'mobile_login_2',
      options: {
        mainColor: '#ff6600',
        headerDisplay: 'false',
        containerBgImg: 'system_bg3',
        footerTipText: 'Secure sign-in',
      },
    });
    expect(themed.json().code).toBe('0');
    expect(await uiConfig('MOBILE_LOGIN')).toEqual({
      template: 'mobile_login_2',
      mainColor: '#ff6600',
      headerDisplay: false,
      containerBgImg: 'system_bg3',
      footerTipText: 'Secure sign-in',
    });
    // Options alone: an object without a template starts from the default template.
    await call('PUT', '/admin/themes/PC_REGISTER', { options: { formPosition: 'right' } });
    expect(await uiConfig('PC_REGISTER')).toEqual({ formPosition: 'right' });
    // Another tenant is untouched.
    expect(await uiConfig('PC_LOGIN', ACME_HOST)).toBeNull();

    expect((await call('DELETE', '/admin/themes/PC_LOGIN')).json().code).toBe('0');
    expect(await uiConfig('PC_LOGIN')).toBeNull();
    const list = (await call('GET', '/admin/themes')).json().data.pages;
    expect(Object.keys(list).sort()).toEqual(['MOBILE_LOGIN', 'PC_REGISTER']);
  });

  it.skipIf(!available)(
    'refuses a bad colour, an unknown template or option, and changes nothing',
    async () => {
      await call('PUT', '/admin/themes/PC_FIND_PWD', { template: 'layout2' });
      const cases: [unknown, string, string][] = [
        [{ template: 'pc_login_9' }, 'THEME.0001', 'There is no template pc_login_9'],
        [{ template: 'mobile_login_1' }, 'THEME.0001', 'There is no template mobile_login_1'],
        [
          { options: { mainColor: 'blue;background:url(x)' } },
          'THEME.0003',
          'The value of option mainColor is not valid',
        ],
        [
          { options: { containerBgImg: 'javascript:alert(1)' } },
          'THEME.0003',
          'The value of option containerBgImg is not valid',
        ],
        [{ options: { formPosition: 'top' } }, 'THEME.0003', 'The value of option formPosition is not valid'],
        [{ options: { loginFormTitle: 'x' } }, 'THEME.0002', 'This page has no option loginFormTitle'],
        [{ options: { fontSize: '12px' } }, 'THEME.0002', 'This page has no option fontSize'],
      ];
      for (const [body, code, message] of cases) {
        const res = await call('PUT', '/admin/themes/PC_FIND_PWD', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toMatchObject({ code, message });
      }
      expect((await call('PUT', '/admin/themes/NOT_A_PAGE', { template: 'x' })).statusCode).toBe(400);
      const broken = await s.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/themes/PC_FIND_PWD',
        headers: { host: DEMO_HOST, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: '{"template": ',
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().code).toBe('COMMON.0400');
      expect(await uiConfig('PC_FIND_PWD')).toBe('layout2');
    },
  );

  it.skipIf(!available)('changes the login config fields and refuses bad ones', async () => {
    const res = await call('PATCH', '/admin/loginConfig', {
      headerTitle: 'Demo SSO',
      headerBgColor: '#1f2d3d',
      enableRegister: true,
      enableFindPassword: true,
      findPasswordWay: ['EMAIL'],
    });
    expect(res.json()).toMatchObject({
      code: '0',
      data: { headerTitle: 'Demo SSO', enableRegister: true, isHideFindPassword: 'N' },
    });
    const config = (await get(s.app, '/api/v1/config/entLoginConfig')).json().data;
    expect(config).toMatchObject({
      headerTitle: 'Demo SSO',
      headerBgColor: '#1f2d3d',
      copyright: expect.stringContaining('{year}'),
    });
    for (const [body, field] of [
      [{ headerBgColor: 'url(x)' }, 'headerBgColor'],
      [{ languageList: [] }, 'languageList'],
      [{ defaultLanguage: 'fr' }, 'defaultLanguage'],
      [{ colour: '#fff' }, 'colour'],
    ] as const) {
      const bad = await call('PATCH', '/admin/loginConfig', body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        code: 'CONFIG.0001',
        message: `The value of login setting ${field} is not valid`,
      });
    }
    expect((await get(s.app, '/api/v1/config/entLoginConfig')).json().data.headerBgColor).toBe('#1f2d3d');
  });

  it.skipIf(!available)('sets the password policy, refusing impossible values', async () => {
    const res = await call('PATCH', '/admin/passwordPolicy', {
      minLength: 10,
      mustCharacterList: ['UPPER_CASE', 'NUMBER'],
    });
    expect(res.json()).toMatchObject({
      code: '0',
      data: { minLength: 10, maxLength: 18, mustCharacterList: ['UPPER_CASE', 'NUMBER'] },
    });
    const tenant = (await s.services.tenancy.getByCode('demo'))!;
    expect(tenant.settings.passwordPolicy).toEqual({
      minLength: 10,
      mustCharacterList: ['UPPER_CASE', 'NUMBER'],
    });
    for (const [body, field] of [
      [{ minLength: 30 }, 'minLength'],
      [{ characterDiffCount: 9 }, 'characterDiffCount'],
      [{ mustCharacterList: ['EMOJI'] }, 'mustCharacterList'],
      [{ strength: 'high' }, 'strength'],
    ] as const) {
      const bad = await call('PATCH', '/admin/passwordPolicy', body);
      expect(bad.json()).toMatchObject({
        code: 'CONFIG.0001',
        message: `The value of login setting ${field} is not valid`,
      });
    }
    expect((await s.services.tenancy.getByCode('demo'))!.settings.passwordPolicy).toEqual({
      minLength: 10,
      mustCharacterList: ['UPPER_CASE', 'NUMBER'],
    });
  });

  it.skipIf(!available)('sets the post-login steps and profile fields, refusing bad fields', async () => {
    const dept = {
      key: 'dept',
      label: { zh: '部门', en: 'Department' },
      type: 'select',
      options: [{ value: 'rd', label: { zh: '研发', en: 'R&D' } }],
    };
    const res = await call('PATCH', '/admin/accountPolicy', {
      afterLogin: { bindMobile: true },
      profileFields: [dept],
    });
    expect(res.json()).toMatchObject({
      code: '0',
      data: {
        afterLogin: { bindMobile: true },
        profileFields: [{ ...dept, required: false, onRegister: false }],
      },
    });
    for (const body of [
      { profileFields: [{ ...dept, options: undefined }] },
      { profileFields: [dept, dept] },
      { profileFields: [{ ...dept, type: 'text', minLength: 9, maxLength: 3, options: undefined }] },
      { afterLogin: { sendFlowers: true } },
    ]) {
      expect((await call('PATCH', '/admin/accountPolicy', body)).json().code).toBe('CONFIG.0001');
    }
    const policy = (await get(s.app, '/api/v1/config/accountPolicy')).json().data;
    expect(policy.profileFields.map((f: { key: string }) => f.key)).toEqual(['dept']);
    expect(policy.passwordPolicy).toMatchObject({ maxLength: 18, expireWarnDays: 7 });
    await call('PATCH', '/admin/accountPolicy', { afterLogin: { bindMobile: false }, profileFields: [] });
  });

  it.skipIf(!available)('publishes agreements; another tenant does not see them', async () => {
    const body = {
      code: 'privacy',
      title: '隐私政策',
      titleEn: 'Privacy policy',
      content: '甲',
      contentEn: 'A',
    };
    expect((await call('POST', '/admin/agreements', body)).json()).toMatchObject({
      code: '0',
      data: { code: 'privacy', version: 1 },
    });
    expect((await call('POST', '/admin/agreements', { ...body, content: '乙' })).json().data.version).toBe(2);
    expect((await call('POST', '/admin/agreements', { ...body, code: 'Bad Code' })).json().code).toBe(
      'CONFIG.0001',
    );
    const listed = (await call('GET', '/admin/agreements')).json().data;
    expect(listed).toEqual([
      expect.objectContaining({ zh: expect.objectContaining({ version: 2, content: '乙' }) }),
    ]);
    const acme = await get(s.app, '/api/v1/config/agreement', { host: ACME_HOST });
    expect(acme.json().data).toEqual([]);
    await s.services.db.deleteFrom('agreements').execute();
  });

  it.skipIf(!available)('registers, changes and disables applications; refuses bad URIs', async () => {
    const created = await call('POST', '/admin/applications', {
      clientId: 'portal-crm',
      name: '客户管理',
      nameEn: 'CRM',
      redirectUris: ['https://crm.example/cb'],
    });
    expect(created.json()).toMatchObject({
      code: '0',
      data: {
        clientId: 'portal-crm',
        public: false,
        status: 'active',
        redirect_uris: ['https://crm.example/cb'],
      },
    });
    expect(created.json().data.clientSecret).toMatch(/^[\w-]{32}$/);
    for (const body of [
      { name: 'x', redirectUris: ['ftp://crm.example/cb'] },
      { name: 'x', redirectUris: ['https://crm.example/cb#frag'] },
      { name: 'x', redirectUris: [] },
      { clientId: 'portal-crm', name: 'again', redirectUris: ['https://crm.example/cb'] },
    ]) {
      expect((await call('POST', '/admin/applications', body)).json().code).toBe('CONFIG.0001');
    }
    const patched = await call('PATCH', '/admin/applications/portal-crm', {
      mfa: { when: 'always', factors: ['OTP'] },
    });
    expect(patched.json().data.mfa).toEqual({ when: 'always', factors: ['OTP'] });
    expect((await call('POST', '/admin/applications/portal-crm/disable')).json().code).toBe('0');
    const info = await get(s.app, '/api/v1/config/authentication?client_id=portal-crm');
    expect(info.json().code).toBe('APP.0001');
    // Another tenant's admin does not see or touch it.
    expect(
      (await call('PATCH', '/admin/applications/portal-crm', { name: 'x' }, token, ACME_HOST)).json().code,
    ).toBe('ADMIN.0001');
    const listed = (await call('GET', '/admin/applications')).json().data;
    expect(listed.map((a: { clientId: string }) => a.clientId)).toEqual(
      expect.arrayContaining(['example-app', 'portal-crm']),
    );
    expect(
      (
        await get(s.app, '/api/v1/config/authentication?client_id=example-app', { 'accept-language': 'en' })
      ).json().data,
    ).toEqual({
      clientId: 'example-app',
      name: 'Example application',
      logo: '/assets/demo-logo.svg',
    });
  });
});
