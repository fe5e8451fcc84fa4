/** POST /login/form, /login/sms, /login/email and sign-out. */
import {
  emailLoginSchema,
  isEnableCaptchaQuerySchema,
  loginFormSchema,
  logoutParamsSchema,
  smsLoginSchema,
} from '@tessera/shared/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import type { User } from '../accounts/service.ts';
import type { Operation } from '../audit/service.ts';
import { answer, flowBinding, flowClient, safeRedirectTo } from '../flows/http.ts';
import { clearSessionCookie, currentSession } from '../sessions/http.ts';
import { type CodeTarget, normalizeRecipient } from '../verification/service.ts';
import type { ClientInfo } from './service.ts';

const operationOf = (target: CodeTarget): Operation =>
  target.channel === 'email' ? 'LOGIN_EMAIL' : 'LOGIN_SMS';

export function clientInfo(req: FastifyRequest): ClientInfo {
  const device = req.headers.devicefingerprint;
  return {
    ip: req.ip,
    device: typeof device === 'string' ? device : '',
    userAgent: req.headers['user-agent'] ?? '',
  };
}

/** A successful first factor goes on to the post-login flow, which answers the next step. */
async function signedIn(
  services: Services,
  req: FastifyRequest,
  reply: FastifyReply,
  operation: Operation,
  login: () => Promise<User>,
  redirectTo?: string,
) {
  const user = await login();
  const progress = await services.afterAuth.start(req.tenant!, user, {
    client: flowClient(req),
    operation,
    redirectTo: safeRedirectTo(redirectTo),
    binding: () => flowBinding(req, reply),
  });
  return answer(services, req, reply, progress);
}

export function loginRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/config/isEnableCaptcha',
      {
        schema: {
          tags: ['captcha'],
          summary:
            'Whether the next login of this account (username, email or +<area code><mobile>) must pass the slider',
          querystring: isEnableCaptchaQuerySchema,
        },
      },
      async (req) =>
        ok({
          enabled: await services.captchaPolicy.required(req.tenant!, req.query.loginName ?? '', req.ip),
        }),
    );

    app.post(
      '/login/sms',
      {
        schema: {
          tags: ['login'],
          summary: 'Login with the LOGIN code sent by SMS or voice call to this mobile number',
          consumes: ['application/x-www-form-urlencoded'],
          body: smsLoginSchema,
        },
      },
      async (req, reply) => {
        const tenant = req.tenant!;
        const target = normalizeRecipient(tenant, 'sms', req.body.mobile, req.body.areaCode);
        await services.captchaPolicy.enforce(tenant, target.recipient, req.ip, req.body.captchaToken);
        return signedIn(services, req, reply, operationOf(target), () =>
          services.login.codeLogin(tenant, target, req.body.code, clientInfo(req)),
        );
      },
    );

    app.post(
      '/login/email',
      {
        schema: {
          tags: ['login'],
          summary: 'Login with the LOGIN code sent to this email address',
          consumes: ['application/x-www-form-urlencoded'],
          body: emailLoginSchema,
        },
      },
      async (req, reply) => {
        const tenant = req.tenant!;
        const target = normalizeRecipient(tenant, 'email', req.body.email);
        await services.captchaPolicy.enforce(tenant, target.recipient, req.ip, req.body.captchaToken);
        return signedIn(services, req, reply, operationOf(target), () =>
          services.login.codeLogin(tenant, target, req.body.code, clientInfo(req)),
        );
      },
    );

    app.post(
      '/login/form',
      {
        schema: {
          tags: ['login'],
          summary: 'Password login. password is RSA-OAEP(SHA-256) of "value|timestampMillis", base64',
          consumes: ['application/x-www-form-urlencoded'],
          body: loginFormSchema,
        },
      },
      async (req, reply) => {
        const { username, password, captchaToken, redirect_to } = req.body;
        if (username !== username.trim()) throw new AppError('COMMON.0400', { field: 'username' });
        await services.captchaPolicy.enforce(req.tenant!, username, req.ip, captchaToken);
        return signedIn(
          services,
          req,
          reply,
          'LOGIN_FORM',
          () => services.login.passwordLogin(req.tenant!, { username, password }, clientInfo(req)),
          redirect_to,
        );
      },
    );

    app.post(
      '/logout/:Id',
      {
        schema: { tags: ['login'], summary: 'Sign out of this browser session', params: logoutParamsSchema },
      },
      async (req, reply) => {
        const session = await currentSession(services, req);
        clearSessionCookie(reply);
        if (session) {
          const user = await services.accounts.findById(req.tenant!.id, session.user_id);
          await services.db.transaction().execute(async (trx) => {
            await trx.deleteFrom('sessions').where('id_hash', '=', session.id_hash).execute();
            await services.audit.record(
              {
                tenantId: req.tenant!.id,
                userId: session.user_id,
                username: user?.username ?? '',
                operation: 'LOGOUT',
                result: 'success',
                code: '0',
                detail: { id: req.params.Id },
                ...clientInfo(req),
              },
              trx,
            );
          });
          // The applications signed in through this session are told (back-channel logout).
          await services.oidc
            .logoutEverywhere(req.tenant!, `${req.protocol}://${req.host}`, session.user_id)
            .catch((err: unknown) => req.log.warn({ err }, 'back-channel logout failed'));
        }
        return ok(null);
      },
    );
  };
}
