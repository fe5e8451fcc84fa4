/**
 * The tenant's login config, brand and page theme. The server writes them into the page (one
 * inline JSON script, DESIGN section 9) so the first paint is already themed; under `vite dev`
 * the script is missing and the same data comes from the API calls of section 7.
 */
import {
  type AccountPolicy,
  BOOTSTRAP_ELEMENT_ID,
  DEFAULT_PASSWORD_POLICY,
  type Bootstrap,
  type Brand,
  type EntLoginConfig,
  type UiConfigData,
  type UiConfigType,
} from '@tessera/shared';
import { useSyncExternalStore } from 'react';
import { request } from './api.ts';
import { applyLanguage } from './i18n.ts';
import { pickLanguage, syncServerLanguage } from './language.ts';
import type { AppKind } from './redirect.ts';
import { LOCAL_KEYS, local } from './storage.ts';

export interface BootState {
  /** The loading-done flag of section 4: true after success or failure. */
  loaded: boolean;
  tenant: string;
  config: EntLoginConfig | null;
  brand: Brand | null;
  /** The login page's theme: a template key, options, or null for the default template. */
  uiConfig: UiConfigData;
  /** Every page's theme (ui_config of each page type) as the server wrote it into the page. */
  uiConfigs: Partial<Record<UiConfigType, UiConfigData>>;
  /** The tenant's password policy and profile fields (the specification's defaults until loaded). */
  accountPolicy: AccountPolicy;
}

const DEFAULT_ACCOUNT_POLICY: AccountPolicy = { passwordPolicy: DEFAULT_PASSWORD_POLICY, profileFields: [] };

let state: BootState = {
  loaded: false,
  tenant: '',
  config: null,
  brand: null,
  uiConfig: null,
  uiConfigs: {},
  accountPolicy: DEFAULT_ACCOUNT_POLICY,
};
const listeners = new Set<() => void>();

function publish(next: BootState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** The state outside React (form rules): the same object useBoot() answers. */
export function currentBoot(): BootState {
  return state;
}

export function useBoot(): BootState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

export function readInlineBootstrap(): Bootstrap | null {
  const text = document.getElementById(BOOTSTRAP_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as Bootstrap;
  } catch (error) {
    console.error('Unreadable bootstrap data; loading through the API instead.', error);
    return null;
  }
}

/** The local-storage keys of section 9 that other pages (and older clients) read. */
function rememberConfig(config: EntLoginConfig): void {
  local.set(LOCAL_KEYS.defaultLanguage, config.defaultLanguage);
  local.set(LOCAL_KEYS.languageList, JSON.stringify(config.languageList));
  local.set(LOCAL_KEYS.loginPriority, JSON.stringify(config.loginPriority));
  local.set(LOCAL_KEYS.enableFindPassword, String(config.enableFindPassword));
  local.set(LOCAL_KEYS.enablePwdUpdate, String(config.enablePwdUpdate));
  local.set(LOCAL_KEYS.headerTitle, config.headerTitle);
  local.set(LOCAL_KEYS.headerBgColor, config.headerBgColor);
}

/** The themed pages of each app. */
export const APP_PAGES: Record<AppKind, readonly UiConfigType[]> = {
  pc: ['PC_LOGIN', 'PC_REGISTER', 'PC_FIND_PWD'],
  mobile: ['MOBILE_LOGIN', 'MOBILE_REGISTER', 'MOBILE_FIND_PWD'],
};

/**
 * Loads once per page; callers may await it, components read it through useBoot(). With the
 * server's inline script (always, outside `vite dev`) the state is published synchronously,
 * before the first render: the page is painted in its own theme from the start.
 */
export async function loadBootstrap(app: AppKind): Promise<BootState> {
  const pages = APP_PAGES[app];
  const uiType = pages[0]!;
  const inline = readInlineBootstrap();
  let next: BootState;
  if (inline) {
    const uiConfigs = inline.uiConfig ?? {};
    next = {
      loaded: true,
      tenant: inline.tenant,
      config: inline.loginConfig,
      brand: inline.brand,
      uiConfig: uiConfigs[uiType] ?? null,
      uiConfigs,
      accountPolicy: inline.accountPolicy ?? DEFAULT_ACCOUNT_POLICY,
    };
  } else {
    // Show the page in the likely language while the config loads.
    applyLanguage(pickLanguage(null));
    const [config, brand, policy, ...themes] = await Promise.all([
      request<EntLoginConfig>('/config/entLoginConfig'),
      request<Brand>('/config/getIdaasBrand', { method: 'POST' }),
      request<AccountPolicy>('/config/accountPolicy'),
      ...pages.map((type) => request<UiConfigData>('/config/ui_config', { query: { type } })),
    ]);
    const uiConfigs = Object.fromEntries(
      pages.map((type, i) => [type, themes[i]?.ok ? (themes[i].data as UiConfigData) : null]),
    ) as Partial<Record<UiConfigType, UiConfigData>>;
    next = {
      loaded: true,
      tenant: '',
      config: config.ok ? config.data : null,
      brand: brand.ok ? brand.data : null,
      uiConfig: uiConfigs[uiType] ?? null,
      uiConfigs,
      accountPolicy: policy.ok ? policy.data : DEFAULT_ACCOUNT_POLICY,
    };
  }
  if (next.config) rememberConfig(next.config);
  applyLanguage(pickLanguage(next.config));
  syncServerLanguage(inline?.lang);
  publish(next);
  return next;
}
