/**
 * Serves the two web apps. Each HTML page gets the tenant's login config, brand and themes as one
 * inline JSON script, so the first paint is already the tenant's (DESIGN section 9).
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { BOOTSTRAP_ELEMENT_ID, type Bootstrap } from '@tessera/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../services.ts';
import { accountPolicyOf } from '../accounts/profile.ts';

const PLACEHOLDER = '<!--tessera-bootstrap-->';
type App = 'pc' | 'mobile';

/** JSON inside <script> must not be able to close the element or break the line. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Pages may not be framed by other sites (clickjacking); theme previews are framed by the gallery. */
function securityHeaders(framedBySelf: boolean) {
  return {
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'x-frame-options': framedBySelf ? 'SAMEORIGIN' : 'DENY',
    'content-security-policy':
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https: http:; " +
      `connect-src 'self'; font-src 'self' data:; frame-ancestors ${framedBySelf ? "'self'" : "'none'"}; base-uri 'self'; form-action 'self'`,
  };
}
const isThemePreview = (url: string) => /^\/(pc|mobile)\/authentication\/themes\/preview(\?|$)/.test(url);

export async function webRoutes(app: FastifyInstance, services: Services) {
  const dist = services.config.WEB_DIST;
  const pages = new Map<App, string>();
  const page = (which: App): string | undefined => {
    if (!pages.has(which)) {
      const file = path.join(dist, which, 'index.html');
      if (!fs.existsSync(file)) return undefined;
      pages.set(which, fs.readFileSync(file, 'utf8'));
    }
    return pages.get(which);
  };

  if (fs.existsSync(path.join(dist, 'assets'))) {
    await app.register(fastifyStatic, {
      root: path.join(dist, 'assets'),
      prefix: '/assets/',
      immutable: true,
      maxAge: '365d',
      preCompressed: false,
    });
  }

  const serve = (which: App) => async (req: FastifyRequest, reply: FastifyReply) => {
    const html = page(which);
    if (!html) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build`.');
    }
    const tenant = req.tenant!;
    const bootstrap: Bootstrap = {
      tenant: tenant.code,
      loginConfig: tenant.loginConfig,
      brand: tenant.brand,
      uiConfig: tenant.uiConfig,
      lang: req.lang,
      accountPolicy: accountPolicyOf(tenant),
    };
    const script = `<script id="${BOOTSTRAP_ELEMENT_ID}" type="application/json">${jsonForScript(bootstrap)}</script>`;
    const body = html
      .replace(PLACEHOLDER, script)
      .replace(/<html lang="[^"]*"/, `<html lang="${req.lang === 'zh' ? 'zh-CN' : 'en'}"`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(tenant.loginConfig.headerTitle)}</title>`);
    return reply
      .headers(securityHeaders(isThemePreview(req.url)))
      .type('text/html; charset=utf-8')
      .send(body);
  };

  const to = (target: string) => async (_req: FastifyRequest, reply: FastifyReply) =>
    reply.redirect(target, 302);
  for (const url of ['/', '/pc', '/pc/', '/pc/authentication', '/pc/authentication/']) {
    app.get(url, to('/pc/authentication/login'));
  }
  for (const url of ['/mobile', '/mobile/', '/mobile/authentication', '/mobile/authentication/']) {
    app.get(url, to('/mobile/authentication/login'));
  }
  app.get('/pc/authentication/*', serve('pc'));
  app.get('/mobile/authentication/*', serve('mobile'));
}
