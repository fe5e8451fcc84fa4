/**
 * Shapes of the calls of the specification (section 7), shared by the server (which answers them)
 * and both clients (which read them). The zod schemas that validate
 * input live in schemas.ts (entry `@tessera/shared/schemas`), so browsers never load zod.
 */
import type { Lang } from './errors.ts';
import type { FlowAnswer } from './flows.ts';
import type { PasswordPolicy } from './password.ts';
import type { ProfileField } from './profile.ts';

export const API_PREFIX = '/api/v1';
export const REQUEST_TIMEOUT_MS = 10_000;
/** The code of every successful response. */
export const OK = '0';

/** The response envelope of DESIGN section 4. */
export interface Envelope<T = unknown> {
  code: string;
  message: string;
  data: T;
  redirect?: string;
  hitInfo?: string;
  title?: string;
}

/** The value of `redirect` that means "the flow's stored redirect_to, else /user". */
export const CLIENT_REDIRECT = 'client_redirect';

/** Enterprise login config (specification section 3). */
export interface EntLoginConfig {
  languageList: Lang[];
  defaultLanguage: Lang;
  enableFindPassword: boolean;
  enablePwdUpdate: boolean;
  enableRegister: boolean;
  enableCaptcha: boolean;
  findPasswordWay: string[];
  headerTitle: string;
  loginPriority: string[];
  headerBgColor: string;
  preferredAreaCode: string;
  supportAreaCodeList: string[];
  copyright: string;
  copyrightEn: string;
  recordNo: string;
  recordNoEn: string;
  /** 'Y' when find-password is hidden (section 4), else 'N'. */
  isHideFindPassword: 'Y' | 'N';
}

/** Company brand, answered by POST /config/getIdaasBrand (section 3, Company). */
export interface Brand {
  name: string;
  logo: string;
  mobileLogo: string;
  copyright: string;
  brand: string;
  brandName: string;
  recordNo: string;
  /** Login state defaults of the company. */
  mobileLoginType: string;
  passwordLoginType: string;
}

export const UI_CONFIG_TYPES = [
  'PC_LOGIN',
  'MOBILE_LOGIN',
  'PC_REGISTER',
  'MOBILE_REGISTER',
  'PC_FIND_PWD',
  'MOBILE_FIND_PWD',
] as const;
export type UiConfigType = (typeof UI_CONFIG_TYPES)[number];

/** ui_config answers a template key, an options object, or nothing (the default template). */
export type UiConfigData = string | Record<string, unknown> | null;

export interface SessionUser {
  id: string;
  username: string;
  displayName: string;
  email: string | null;
  mobile: string | null;
  tenant: string;
}

/** GET /config/isLogin. */
export interface IsLoginData {
  isLogin: boolean;
  user: SessionUser | null;
  /** The id to put into /logout/{Id}. */
  sessionId: string | null;
}

/**
 * What the server writes into each page it serves, as one inline JSON script with the id below,
 * so the first paint already has the tenant's config, brand and theme (DESIGN section 9).
 */
export const BOOTSTRAP_ELEMENT_ID = 'tessera-bootstrap';
export interface Bootstrap {
  tenant: string;
  loginConfig: EntLoginConfig;
  brand: Brand;
  uiConfig: Partial<Record<UiConfigType, UiConfigData>>;
  /** The server's language pick for this request (cookie, query, Accept-Language, tenant default). */
  lang: Lang;
  /** The tenant's password policy and profile fields, as GET /config/accountPolicy answers them. */
  accountPolicy: AccountPolicy;
}

/** GET /config/accountPolicy: what the apps check before they send (the server checks again). */
export interface AccountPolicy {
  passwordPolicy: PasswordPolicy;
  profileFields: ProfileField[];
}

/** Free-text input limits: longer values are refused before any work is done. */
export const LIMITS = {
  username: 128,
  /** Base64 of a 2048-bit RSA block with line breaks is ~350; leave room, refuse junk. */
  encrypted: 1024,
  domain: 253,
} as const;

/** What a successful login answers in `data`: the signed-in user, or the post-login flow's step. */
export type LoginResult = FlowAnswer;
