/**
 * The OpenID Connect provider at /oidc (oidc-provider, per tenant), and the interaction pages
 * where the portal takes over: sign in through the login pages, run ENTER_APPLICATION, then hand
 * the result back to the provider.
 */
import { type ApplicationInfo, flowPagePath, shouldUseMobile } from '@tessera/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { errorPage } from '../../http/plugin.ts';
import type { Services } from '../../services.ts';
import { flowBinding, flowClient } from '../flows/http.ts';
import { currentSession } from '../sessions/http.ts';
import { OIDC_PREFIX } from './provider.ts';

const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;
const appPrefix = (req: FastifyRequest) =>
  shouldUseMobile(req.headers['user-agent'] ?? '') ? '/mobile/authentication' : '/pc/authentication';

/** The provider's own endpoints and the interaction pages, outside /api (no body parsing here). */
export async function oidcRoutes(app: FastifyInstance, services: Services) {
  await app.register(
    async (oidc) => {
      // oidc-provider reads the raw request body itself.
      oidc.removeAllContentTypeParsers();
      oidc.addContentTypeParser('*', (_req, _payload, done) => done(null));

      oidc.get('/interaction/:uid', { schema: { hide: true } }, (req, reply) =>
        interaction(services, req as FastifyRequest<{ Params: { uid: string } }>, reply),
      );
      oidc.get('/interaction/:uid/complete', { schema: { hide: true } }, (req, reply) =>
        complete(services, req as FastifyRequest<{ Params: { uid: string } }>, reply),
      );

      const forward = async (req: FastifyRequest, reply: FastifyReply) => {
        const provider = await services.oidc.get(req.tenant!, originOf(req));
        reply.hijack();
        const raw = req.raw as typeof req.raw & { originalUrl?: string };
        raw.originalUrl = req.url;
        raw.url = req.url.slice(OIDC_PREFIX.length) || '/';
        await provider.callback()(raw, reply.raw);
      };
      oidc.all('/', { schema: { hide: true } }, forward);
      oidc.all('/*', { schema: { hide: true } }, forward);
    },
    { prefix: OIDC_PREFIX },
  );
}

/** GET /config/authentication?client_id=: what the login page shows of the application. */
export function applicationApiRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/config/authentication',
      {
        schema: {
          tags: ['applications'],
          summary: 'The application a login signs in to: name and logo',
          querystring: z.object({ client_id: z.string().min(1).max(128) }),
        },
      },
      async (req) => {
        const found = await services.applications.find(req.tenant!.id, req.query.client_id);
        if (!found || found.status !== 'active') throw new AppError('APP.0001');
        return ok<ApplicationInfo>(services.applications.info(found, req.lang));
      },
    );
  };
}

type InteractionRequest = FastifyRequest<{ Params: { uid: string } }>;

/** Loads the provider's interaction of this browser, or answers the error page. */
async function details(services: Services, req: InteractionRequest, reply: FastifyReply) {
  const provider = await services.oidc.get(req.tenant!, originOf(req));
  const found = await provider.interactionDetails(req.raw, reply.raw).catch(() => undefined);
  if (!found || found.uid !== req.params.uid) {
    errorPage(reply, 'FLOW.0001', req.lang, 400);
    return undefined;
  }
  return { provider, interaction: found };
}

/** Not signed in: the login page, back here after. Signed in: ENTER_APPLICATION. */
async function interaction(services: Services, req: InteractionRequest, reply: FastifyReply) {
  const tenant = req.tenant!;
  const loaded = await details(services, req, reply);
  if (!loaded) return reply;
  const clientId = String(loaded.interaction.params.client_id ?? '');
  const application = await services.applications.find(tenant.id, clientId);
  if (!application || application.status !== 'active') return errorPage(reply, 'APP.0001', req.lang, 400);
  const here = `${OIDC_PREFIX}/interaction/${req.params.uid}`;
  const session = await currentSession(services, req);
  const user = session && (await services.accounts.findById(tenant.id, session.user_id));
  if (!user || user.status !== 'active') {
    const query = new URLSearchParams({ client_id: clientId, redirect_to: here });
    return reply.redirect(`${appPrefix(req)}/login?${query}`, 303);
  }
  const progress = await services.afterAuth.enterApplication(tenant, user, {
    app: application,
    interaction: req.params.uid,
    client: flowClient(req),
    binding: () => flowBinding(req, reply),
  });
  if (progress.flow) return reply.redirect(`${appPrefix(req)}${flowPagePath(progress.flow)}`, 303);
  return reply.redirect(progress.done ? progress.redirect : here, 303);
}

/** ENTER_APPLICATION is done: the provider gets the signed-in user and a grant of the scopes asked. */
async function complete(services: Services, req: InteractionRequest, reply: FastifyReply) {
  const tenant = req.tenant!;
  const loaded = await details(services, req, reply);
  if (!loaded) return reply;
  const { provider, interaction: found } = loaded;
  const session = await currentSession(services, req);
  const entered = await services.afterAuth.applicationEntered(tenant, req.params.uid);
  if (!session || entered !== session.user_id) {
    return reply.redirect(`${OIDC_PREFIX}/interaction/${req.params.uid}`, 303);
  }
  const clientId = String(found.params.client_id);
  const grant = found.grantId
    ? ((await provider.Grant.find(found.grantId)) ?? new provider.Grant({ accountId: entered, clientId }))
    : new provider.Grant({ accountId: entered, clientId });
  grant.addOIDCScope(String(found.params.scope ?? 'openid'));
  const grantId = await grant.save();
  reply.hijack();
  await provider.interactionFinished(
    req.raw,
    reply.raw,
    { login: { accountId: entered, remember: true }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}
