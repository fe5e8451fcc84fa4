/** Builds the Fastify app: plugins, cross-cutting rules, every module's routes, the OpenAPI document. */
import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifySwagger from '@fastify/swagger';
import { API_PREFIX } from '@tessera/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { httpRules } from './http/plugin.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { agreementRoutes } from './modules/agreements/routes.ts';
import { flowRoutes } from './modules/flows/routes.ts';
import { authenticatorRoutes } from './modules/authenticator/routes.ts';
import { fido2Routes } from './modules/fido2/routes.ts';
import { mfaRoutes } from './modules/mfa/routes.ts';
import { otpRoutes } from './modules/otp/routes.ts';
import { qrLoginRoutes } from './modules/qrlogin/routes.ts';
import { applicationApiRoutes, oidcRoutes } from './modules/oidc/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { verificationRoutes } from './modules/verification/routes.ts';
import { captchaRoutes } from './modules/captcha/routes.ts';
import { loginRoutes } from './modules/login/routes.ts';
import { portalRoutes } from './modules/portal/routes.ts';
import { tenancyRoutes } from './modules/tenancy/routes.ts';
import { webRoutes } from './modules/web/routes.ts';
import type { Services } from './services.ts';

export interface AppOptions {
  /** Pino logger options; false for none (tests). */
  logger?: boolean | { level: string };
}

export async function buildApp(services: Services, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: services.config.LOG_LEVEL },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: services.config.TRUST_PROXY,
    bodyLimit: 64 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: 16 * 1024 });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Tessera identity portal API', version: '1' },
      servers: [{ url: '/' }],
      components: { securitySchemes: { adminToken: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await httpRules(app, services);
  // The ephemeral store may hold a Redis connection; it would keep the process alive.
  app.addHook('onClose', () => services.ephemeral.close());

  app.get('/healthz', { schema: { hide: true } }, async () => {
    // Both stores must answer: a login needs the database and the short-lived state alike.
    await services.db.selectFrom('tenants').select('id').limit(1).execute();
    await services.ephemeral.get('healthz');
    return { status: 'ok' };
  });

  await app.register(
    async (api) => {
      await api.register(portalRoutes(services));
      await api.register(loginRoutes(services));
      await api.register(tenancyRoutes(services));
      await api.register(adminRoutes(services));
      await api.register(verificationRoutes(services));
      await api.register(captchaRoutes(services));
      await api.register(accountRoutes(services));
      await api.register(flowRoutes(services));
      await api.register(agreementRoutes(services));
      await api.register(otpRoutes(services));
      await api.register(fido2Routes(services));
      await api.register(mfaRoutes(services));
      await api.register(authenticatorRoutes(services));
      await api.register(qrLoginRoutes(services));
      await api.register(applicationApiRoutes(services));
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_PREFIX },
  );
  await oidcRoutes(app, services);
  await webRoutes(app, services);
  return app;
}
