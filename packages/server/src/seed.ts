/** The demo tenant of the quick start: created once, left alone after that. */
import type { Services } from './services.ts';

export const DEMO = { tenant: 'demo', username: 'demo', password: 'Demo@123456' } as const;

/** The sample application of examples/oidc-app, registered in the demo tenant. */
export const EXAMPLE_APP = {
  clientId: 'example-app',
  origin: 'http://localhost:3000',
} as const;

export async function seedDemo(services: Services): Promise<boolean> {
  const existing = await services.tenancy.getByCode(DEMO.tenant);
  if (existing) {
    await seedExampleApp(services, existing.id);
    return false;
  }
  const tenant = await services.tenancy.create({
    code: DEMO.tenant,
    name: '泰瑟拉演示企业',
    nameEn: 'Tessera Demo Inc.',
    loginConfig: {
      headerTitle: '泰瑟拉统一身份认证',
      copyright: '© 2019-{year} 泰瑟拉演示企业 版权所有',
      copyrightEn: '© 2019-{year} Tessera Demo Inc. All rights reserved.',
      recordNo: '京ICP备00000000号',
      recordNoEn: 'ICP No. 00000000',
    },
    brand: {
      logo: '/assets/demo-logo.svg',
      mobileLogo: '/assets/demo-logo.svg',
      brand: 'Tessera',
      brandName: '泰瑟拉',
      copyright: '© 2019-{year} 泰瑟拉演示企业',
      recordNo: '京ICP备00000000号',
    },
  });
  await services.accounts.create(tenant.id, {
    username: DEMO.username,
    password: DEMO.password,
    displayName: '演示用户',
    email: 'demo@example.com',
    mobile: '+8613800000000',
  });
  await seedExampleApp(services, tenant.id);
  return true;
}

/** A public client (PKCE, no secret): the sample needs nothing but its client id. */
async function seedExampleApp(services: Services, tenantId: string) {
  if (await services.applications.find(tenantId, EXAMPLE_APP.clientId)) return;
  await services.applications.create(
    tenantId,
    {
      name: '示例应用',
      nameEn: 'Example application',
      logo: '/assets/demo-logo.svg',
      redirectUris: [`${EXAMPLE_APP.origin}/callback`],
      postLogoutRedirectUris: [`${EXAMPLE_APP.origin}/`],
      backchannelLogoutUri: `${EXAMPLE_APP.origin}/backchannel`,
      public: true,
    },
    EXAMPLE_APP.clientId,
  );
}
