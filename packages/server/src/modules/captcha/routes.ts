/** GET /geetest/getCaptcha and POST /geetest/verify: the slider puzzle the login pages show first. */
import { captchaVerifySchema, getCaptchaQuerySchema } from '@tessera/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import type { CaptchaService } from './service.ts';

export function captchaRoutes(services: { captcha: CaptchaService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/geetest/getCaptcha',
      {
        schema: {
          tags: ['captcha'],
          summary: 'A new slider puzzle: background and piece images, and the height of the piece',
          querystring: getCaptchaQuerySchema,
        },
      },
      async (req, reply) => {
        // Each call is a new puzzle; a cached one would already be spent or expired.
        reply.header('cache-control', 'no-store');
        return ok(await services.captcha.create(req.tenant!.id));
      },
    );

    app.post(
      '/geetest/verify',
      {
        schema: {
          tags: ['captcha'],
          summary: 'Checks where the piece was dropped and how it was dragged; answers a one-time token',
          body: captchaVerifySchema,
        },
      },
      async (req) => {
        const token = await services.captcha.verify(req.tenant!.id, req.body);
        return ok({ token });
      },
    );
  };
}
