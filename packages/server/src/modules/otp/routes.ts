/** OTP calls (docs/factors.md): the key to bind, binding, status, reset, and login with a code. */
import type { OtpKey, OtpStatus } from '@tessera/shared';
import { otpBindSchema, otpKeySchema, otpLoginSchema, otpResetSchema } from '@tessera/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import { answer, flowBinding, flowClient, loadFlow } from '../flows/http.ts';
import { clientInfo } from '../login/routes.ts';
import { requireSignedIn } from '../sessions/http.ts';

const tags = ['otp'];

export function otpRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const { otp, afterAuth } = services;

    app.post(
      '/config/generateOTPKey',
      {
        schema: {
          tags,
          summary:
            'A new OTP key with its otpauth:// URI, pending 5 minutes (signed in, or flowId of BIND_OTP)',
          body: otpKeySchema,
        },
      },
      async (req) => {
        const tenant = req.tenant!;
        if (req.body.flowId) {
          const record = await loadFlow(services, req, req.body.flowId);
          return ok<OtpKey>(await afterAuth.otpKey(tenant, record, req.lang));
        }
        const { user } = await requireSignedIn(services, req);
        return ok<OtpKey>(await otp.generate(tenant, user));
      },
    );

    app.post(
      '/otp/bind',
      {
        schema: {
          tags,
          summary: 'Activate the pending key with one of its codes (OTP_ACTIVE)',
          body: otpBindSchema,
        },
      },
      async (req, reply) => {
        const tenant = req.tenant!;
        const { code, flowId } = req.body;
        if (flowId) {
          const record = await loadFlow(services, req, flowId);
          return answer(services, req, reply, await afterAuth.bindOtp(tenant, record, code, flowClient(req)));
        }
        const { user } = await requireSignedIn(services, req);
        await otp.bind(tenant, user, code, clientInfo(req));
        return ok(null);
      },
    );

    app.get('/otp/status', { schema: { tags, summary: "The signed-in user's OTP" } }, async (req) => {
      const { user } = await requireSignedIn(services, req);
      return ok<OtpStatus>(await otp.status(user.id));
    });

    app.post(
      '/otp/reset',
      {
        schema: {
          tags,
          summary: "Remove the signed-in user's OTP after the password (encrypted) is confirmed (OTP_REST)",
          body: otpResetSchema,
        },
      },
      async (req) => {
        const tenant = req.tenant!;
        const { user } = await requireSignedIn(services, req);
        const password = await services.crypto.decrypt(tenant.id, req.body.password);
        if (!(await services.accounts.checkPassword(tenant.id, user.username, password)))
          throw new AppError('PWD.0009');
        await otp.reset(tenant, user, clientInfo(req));
        return ok(null);
      },
    );

    app.post(
      '/login/otp',
      {
        schema: {
          tags: ['login'],
          summary: 'Login with the username and the current OTP code',
          consumes: ['application/x-www-form-urlencoded'],
          body: otpLoginSchema,
        },
      },
      async (req, reply) => {
        const tenant = req.tenant!;
        const { username, code, captchaToken } = req.body;
        await services.captchaPolicy.enforce(tenant, username, req.ip, captchaToken);
        const user = await services.login.otpLogin(tenant, { username, code }, clientInfo(req));
        const progress = await afterAuth.start(tenant, user, {
          client: flowClient(req),
          operation: 'LOGIN_OTP',
          binding: () => flowBinding(req, reply),
        });
        return answer(services, req, reply, progress);
      },
    );
  };
}
