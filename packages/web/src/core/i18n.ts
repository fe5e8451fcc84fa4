/**
 * i18next with the zh (default) and en catalogues. Both are bundled: together they are a few
 * kilobytes, and switching language must be instant, with no request.
 */
import { type Lang, normalizeLang } from '@tessera/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import zh from './locales/zh.json';

void i18n.use(initReactI18next).init({
  resources: { zh: { translation: zh }, en: { translation: en } },
  lng: 'zh',
  fallbackLng: 'zh',
  supportedLngs: ['zh', 'en'],
  // React escapes what it renders; escaping here too would show &amp; in the page.
  interpolation: { escapeValue: false },
  initAsync: false,
  // No sponsor notice in the users' browser consoles.
  showSupportNotice: false,
});

export { i18n };
export const t = i18n.t.bind(i18n);

export function currentLang(): Lang {
  return normalizeLang(i18n.language) ?? 'zh';
}

/** Switches the UI in place and tells assistive technology the page language. */
export function applyLanguage(lang: Lang): void {
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}
