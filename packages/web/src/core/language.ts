/**
 * Language choice (specification section 4) on top of the shared `chooseLanguage` rule. The UI
 * language and the server's message language are kept the same: the choice goes to the server
 * through /config/changeLang, which sets its `lang` cookie.
 */
import { type EntLoginConfig, type Lang, chooseLanguage, normalizeLang } from '@tessera/shared';
import { request } from './api.ts';
import { applyLanguage, currentLang } from './i18n.ts';
import { LOCAL_KEYS, local, readList } from './storage.ts';

/** The tenant's languages, from its config or, before that has loaded, from the last visit. */
export function supportedLanguages(config: EntLoginConfig | null): string[] {
  return config ? config.languageList : readList(LOCAL_KEYS.languageList);
}

export function pickLanguage(config: EntLoginConfig | null): Lang {
  return chooseLanguage({
    chosen: local.get(LOCAL_KEYS.lang),
    browser: navigator.languages?.length ? navigator.languages : [navigator.language],
    defaultLanguage: config?.defaultLanguage ?? local.get(LOCAL_KEYS.defaultLanguage),
    supported: supportedLanguages(config),
  });
}

/** The user picked a language: store it, switch the page in place, tell the server. */
export async function switchLanguage(lang: Lang): Promise<void> {
  local.set(LOCAL_KEYS.lang, lang.toLowerCase());
  applyLanguage(lang);
  await request('/config/changeLang', { query: { locale: lang } });
}

/**
 * Server messages follow the `lang` cookie first. When the server picked another language for
 * this page than the one shown (a stored choice from an earlier visit), align the cookie quietly.
 */
export function syncServerLanguage(serverLang: string | undefined): void {
  const cookie = /(?:^|;\s*)lang=([^;]*)/.exec(document.cookie)?.[1];
  const serverSide = normalizeLang(serverLang ?? cookie);
  if (serverSide && serverSide !== currentLang()) {
    void request('/config/changeLang', { query: { locale: currentLang() }, silent: true });
  }
}
