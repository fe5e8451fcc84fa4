/** The response envelope of DESIGN section 4 and the request's language. */
import {
  type Envelope,
  type ErrorCode,
  type Lang,
  OK,
  formatMessage,
  normalizeLang,
  parseAcceptLanguage,
} from '@tessera/shared';
import type { FastifyRequest } from 'fastify';

export function ok<T>(data: T, extra: Partial<Envelope<T>> = {}): Envelope<T> {
  return { code: OK, message: 'success', data, ...extra };
}

export function failure(
  code: ErrorCode,
  lang: Lang,
  params: Record<string, string | number> = {},
  data: unknown = null,
): Envelope {
  return { code, message: formatMessage(code, lang, params), data };
}

/**
 * The language of messages: the `lang` query or cookie, else Accept-Language, else the tenant
 * default; only languages the tenant supports count.
 */
export function requestLang(req: FastifyRequest): Lang {
  const supported = req.tenant?.loginConfig.languageList ?? ['zh', 'en'];
  const pick = (v: string | undefined) => {
    const l = normalizeLang(v);
    return l && supported.includes(l) ? l : undefined;
  };
  const query = (req.query as Record<string, unknown> | undefined)?.lang;
  return (
    pick(typeof query === 'string' ? query : undefined) ??
    pick(req.cookies?.lang) ??
    parseAcceptLanguage(req.headers['accept-language']).map(pick).find(Boolean) ??
    req.tenant?.loginConfig.defaultLanguage ??
    'zh'
  );
}
