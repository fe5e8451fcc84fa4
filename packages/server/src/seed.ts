/** The demo tenant of the quick start: created once, left alone after that. */
import type { Services } from './services.ts';

export const DEMO = { tenant: 'demo', username: 'demo', password: 'Demo@123456' } as const;

export async function seedDemo(services: Services): Promise<boolean> {
  if (await services.tenancy.getByCode(DEMO.tenant)) return false;
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
  return true;
}
