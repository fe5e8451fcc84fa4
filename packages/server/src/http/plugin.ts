/**
 * Cross-cutting HTTP rules: tenant resolution, CSRF defence, the error envelope and 404s.
 * Routes only see requests that already have a tenant and a language.
 */
import { type ErrorCode, type Lang, formatMessage } from '@tessera/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Tenant } from '../modules/tenancy/service.ts';
import type { Services } from '../services.ts';
import { failure, requestLang } from './envelope.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    tenant: Tenant | null;
    lang: Lang;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const isApi = (url: string) => url.startsWith('/api/');

/** Maps a schema validation issue to a catalogue code and the field at fault. */
function validationFailure(err: FastifyError, req: FastifyRequest): { code: ErrorCode; field: string } {
  const first = hasZodFastifySchemaValidationErrors(err) ? err.validation[0] : undefined;
  const field = first?.instancePath.split('/').filter(Boolean)[0] ?? 'body';
  const keyword = first?.keyword;
  const params = (first?.params ?? {}) as { origin?: string };
  const source = (
    err.validationContext === 'querystring'
      ? req.query
      : err.validationContext === 'params'
        ? req.params
        : req.body
  ) as Record<string, unknown> | undefined;
  const missing = source?.[field] === undefined;
  if (keyword === 'too_big') return { code: 'COMMON.0402', field };
  if (keyword === 'too_small' && params.origin === 'string') return { code: 'COMMON.0401', field };
  if (missing && field !== 'body') return { code: 'COMMON.0401', field };
  return { code: 'COMMON.0400', field };
}

/** A plain page for requests that cannot reach a tenant's app (unknown or disabled tenant). */
export function errorPage(reply: FastifyReply, code: ErrorCode, lang: Lang, status: number) {
  const text = formatMessage(code, lang);
  const escaped = text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escaped}</title>` +
        `<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f5f7fa;color:#303133}main{text-align:center;padding:24px}code{color:#909399}</style></head>` +
        `<body><main><h1>${escaped}</h1><p><code>${code}</code></p></main></body></html>`,
    );
}

export async function httpRules(app: FastifyInstance, services: Services) {
  app.decorateRequest('tenant', null);
  app.decorateRequest('lang', 'zh');

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    if (req.url === '/healthz' || req.url.startsWith('/assets/')) return;
    const tenant = await services.tenancy.resolveHost(req.headers.host ?? '');
    req.tenant = tenant;
    req.lang = requestLang(req);
    const refused: ErrorCode | undefined = !tenant
      ? 'TENANT.0001'
      : tenant.status !== 'active'
        ? 'TENANT.0002'
        : undefined;
    if (refused) {
      const status = refused === 'TENANT.0001' ? 404 : 403;
      if (isApi(req.url)) return reply.code(status).send(failure(refused, req.lang));
      return errorPage(reply, refused, req.lang, status);
    }
    if (isApi(req.url) && !SAFE_METHODS.has(req.method) && !sameOriginWrite(req)) {
      return reply.code(403).send(failure('COMMON.0403', req.lang));
    }
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const lang = req.lang ?? 'zh';
    if (err instanceof AppError)
      return reply.code(err.status).send(failure(err.code, lang, err.params, err.data));
    if (err.validation) {
      const { code, field } = validationFailure(err, req);
      return reply.code(400).send(failure(code, lang, { field }));
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send(failure('COMMON.0413', lang));
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return reply.code(415).send(failure('COMMON.0415', lang));
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(400).send(failure('COMMON.0400', lang, { field: 'body' }));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send(failure('COMMON.0500', lang));
  });

  app.setNotFoundHandler((req, reply) => reply.code(404).send(failure('COMMON.0404', req.lang ?? 'zh')));
}

/**
 * CSRF defence: a state-changing call must carry X-Requested-With (a cross-site form cannot set
 * it) and, when the browser sends Origin, come from this very host; or carry a bearer token.
 */
function sameOriginWrite(req: FastifyRequest): boolean {
  // Browsers never attach a bearer token on their own, so such calls cannot be forged cross-site.
  if (req.headers.authorization?.startsWith('Bearer ')) return true;
  if (!req.headers['x-requested-with']) return false;
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}
