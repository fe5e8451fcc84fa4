/** Defaults of the enterprise login config and brand (specification section 3). */
import type { Brand, EntLoginConfig } from './api.ts';

export const DEFAULT_LOGIN_CONFIG: Omit<EntLoginConfig, 'isHideFindPassword'> = {
  languageList: ['zh', 'en'],
  defaultLanguage: 'zh',
  enableFindPassword: false,
  enablePwdUpdate: true,
  enableRegister: false,
  enableCaptcha: false,
  findPasswordWay: [],
  headerTitle: '',
  loginPriority: ['password'],
  headerBgColor: 'transparent',
  preferredAreaCode: '+86',
  supportAreaCodeList: ['+86'],
  copyright: '',
  copyrightEn: '',
  recordNo: '',
  recordNoEn: '',
};

export const DEFAULT_BRAND: Brand = {
  name: '',
  logo: '',
  mobileLogo: '',
  copyright: '',
  brand: '',
  brandName: '',
  recordNo: '',
  mobileLoginType: 'account',
  passwordLoginType: 'account',
};

/** Find-password is hidden when it is off, or when its only way is DingTalk verification. */
export function isHideFindPassword(
  config: Pick<EntLoginConfig, 'enableFindPassword' | 'findPasswordWay'>,
): 'Y' | 'N' {
  const ways = config.findPasswordWay;
  const onlyDingTalk = ways.length === 1 && ways[0]?.toUpperCase() === 'DINGTALK';
  return !config.enableFindPassword || onlyDingTalk ? 'Y' : 'N';
}

/** Tenant codes are DNS labels: they become the leftmost label of the host. */
export const TENANT_CODE_PATTERN = /^[a-z0-9]([a-z0-9-]{0,30}[a-z0-9])?$/;
