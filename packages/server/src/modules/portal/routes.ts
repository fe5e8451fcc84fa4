/** The config calls of the specification (section 7) that every login page makes. */
import {
  type AccountPolicy,
  type Brand,
  type EntLoginConfig,
  type IsLoginData,
  UI_CONFIG_TYPES,
  type UiConfigData,
  normalizeLang,
} from '@tessera/shared';
import { changeLangSchema, uiConfigQuerySchema } from '@tessera/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import { accountPolicyOf } from '../accounts/profile.ts';
import { toSessionUser } from '../accounts/service.ts';
import { currentSession } from '../sessions/http.ts';

const tags = ['config'];

export function portalRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/config/entLoginConfig', { schema: { tags, summary: 'Enterprise login config' } }, async (req) =>
      ok<EntLoginConfig>(req.tenant!.loginConfig),
    );

    app.get(
      '/config/ui_config',
      {
        schema: {
          tags,
          summary: `Page theme: a template key, an options object, or null for the default template. type is one of ${UI_CONFIG_TYPES.join(', ')}`,
          querystring: uiConfigQuerySchema,
        },
      },
      async (req) => ok<UiConfigData>(req.tenant!.uiConfig[req.query.type] ?? null),
    );

    app.get(
      '/config/accountPolicy',
      { schema: { tags, summary: "The enterprise's password policy and profile fields" } },
      async (req) => ok<AccountPolicy>(accountPolicyOf(req.tenant!)),
    );

    app.post('/config/getIdaasBrand', { schema: { tags, summary: 'Company brand' } }, async (req) =>
      ok<Brand>(req.tenant!.brand),
    );

    app.post(
      '/config/getPublicKey',
      { schema: { tags, summary: 'PEM public key for client encryption' } },
      async (req) => ok(await services.crypto.publicKey(req.tenant!.id)),
    );

    app.get(
      '/config/isLogin',
      { schema: { tags, summary: 'Whether this browser is signed in here' } },
      async (req) => {
        const session = await currentSession(services, req);
        const user = session && (await services.accounts.findById(req.tenant!.id, session.user_id));
        if (!session || !user || user.status !== 'active') {
          throw new AppError('AUTH.COMMON.0027', {}, {
            isLogin: false,
            user: null,
            sessionId: null,
          } satisfies IsLoginData);
        }
        return ok<IsLoginData>({
          isLogin: true,
          user: toSessionUser(user, req.tenant!.code),
          sessionId: session.public_id,
        });
      },
    );

    app.get(
      '/config/changeLang',
      { schema: { tags, summary: 'Remember the chosen language', querystring: changeLangSchema } },
      async (req, reply) => {
        const lang = normalizeLang(req.query.locale);
        if (!lang || !req.tenant!.loginConfig.languageList.includes(lang)) {
          throw new AppError('COMMON.0400', { field: 'locale' });
        }
        reply.setCookie('lang', lang, { path: '/', sameSite: 'lax', maxAge: 365 * 86400 });
        return ok({ lang });
      },
    );
  };
}
