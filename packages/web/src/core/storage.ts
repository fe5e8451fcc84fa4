/**
 * Browser storage keys of the specification (section 9) in one place, behind wrappers that never
 * throw: storage can be disabled (private mode, blocked cookies) and the login page must still work.
 */
import { DEFAULT_LANG_STORAGE_KEY, LANG_STORAGE_KEY } from '@tessera/shared';

export const LOCAL_KEYS = {
  lang: LANG_STORAGE_KEY,
  defaultLanguage: DEFAULT_LANG_STORAGE_KEY,
  /** The tenant's supported languages, JSON array. */
  languageList: 'languageList',
  loginPriority: 'loginPriority',
  enableFindPassword: 'enableFindPassword',
  enablePwdUpdate: 'enablePwdUpdate',
  headerTitle: 'headerTitle',
  headerBgColor: 'headerBgColor',
  /** The device fingerprint sent with every request. */
  client: 'Client',
} as const;

export const SESSION_KEYS = {
  publicKey: 'publicKey',
  redirectTo: 'redirect_to',
  hitInfo: 'hitInfo',
  title: 'title',
} as const;

function safe(getStore: () => Storage) {
  return {
    get(key: string): string | null {
      try {
        return getStore().getItem(key);
      } catch {
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        getStore().setItem(key, value);
      } catch {
        /* storage unavailable: the value only lives for this page */
      }
    },
    remove(key: string): void {
      try {
        getStore().removeItem(key);
      } catch {
        /* nothing stored */
      }
    },
  };
}

export const local = safe(() => window.localStorage);
export const session = safe(() => window.sessionStorage);

/** Reads a JSON array written by `local.set(key, JSON.stringify(list))`; junk gives []. */
export function readList(key: string): string[] {
  try {
    const value: unknown = JSON.parse(local.get(key) ?? '[]');
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}
