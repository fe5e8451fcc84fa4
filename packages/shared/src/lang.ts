/** Language rules of the specification, section 4, shared by both clients and the server. */
import type { Lang } from './errors.ts';

export const LANGS: readonly Lang[] = ['zh', 'en'];
export const LANG_STORAGE_KEY = 'lang';
export const DEFAULT_LANG_STORAGE_KEY = 'defaultLanguage';

/** Lower-cases and strips the region: 'zh-CN' -> 'zh', 'EN' -> 'en'. Unknown -> undefined. */
export function normalizeLang(value: string | null | undefined): Lang | undefined {
  if (!value) return undefined;
  const base = value.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGS as readonly string[]).includes(base ?? '') ? (base as Lang) : undefined;
}

export interface LangInputs {
  /** The user's explicit choice, kept in local storage under `lang`. */
  chosen?: string | null;
  /** navigator.languages (or navigator.language). */
  browser?: readonly string[];
  defaultLanguage?: string | null;
  /** The tenant's languageList. */
  supported?: readonly string[] | null;
}

/**
 * Picks the page language. An explicit choice wins (it was stored when the user picked it);
 * then the browser language if the tenant supports it; then the tenant default. An empty supported
 * list means Chinese only; a language outside the supported list falls to the first supported.
 * See docs/decisions.md for why an explicit choice ranks above the browser language.
 */
export function chooseLanguage({ chosen, browser = [], defaultLanguage, supported }: LangInputs): Lang {
  const list = (supported ?? []).map(normalizeLang).filter((l): l is Lang => !!l);
  if (list.length === 0) return 'zh';
  const ok = (l: Lang | undefined): l is Lang => !!l && list.includes(l);
  const stored = normalizeLang(chosen);
  if (ok(stored)) return stored;
  for (const b of browser) {
    const l = normalizeLang(b);
    if (ok(l)) return l;
  }
  const def = normalizeLang(defaultLanguage);
  if (ok(def)) return def;
  return list[0] as Lang;
}

/** Parses an Accept-Language header into languages by preference. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag ?? '', q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((x) => x.tag && x.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((x) => x.tag);
}

/** Replaces {year} in a copyright line with the current year. */
export function fillCopyright(text: string, now = new Date()): string {
  return text.replaceAll('{year}', String(now.getFullYear()));
}
