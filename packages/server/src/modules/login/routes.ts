/** POST /login/form and sign-out. */
import { CLIENT_REDIRECT, type LoginResult } from '@tessera/shared';
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
import { toSessionUser } from '../accounts/service.ts';
import { clearSessionCookie, currentSession, setSessionCookie } from '../sessions/http.ts';
import { normalizeRecipient } from '../verification/service.ts';
import type { ClientInfo, LoginOutcome } from './service.ts';

export function clientInfo(req: FastifyRequest): ClientInfo {
  const device = req.headers.devicefingerprint;
  return {
    ip: req.ip,
    device: typeof device === 'string' ? device : '',
    userAgent: req.headers['user-agent'] ?? '',
  };
}

/** A new session replaces whatever this browser had before; the answer sends it on. */
async function signedIn(
  services: Services,
  req: FastifyRequest,
  reply: FastifyReply,
  login: () => Promise<LoginOutcome>,
) {
  const previous = await currentSession(services, req);
  const outcome = await login();
  if (previous) await services.sessions.destroy(previous.id_hash);
  setSessionCookie(services, req, reply, outcome.secret);
  return ok<LoginResult>(
    { user: toSessionUser(outcome.user, req.tenant!.code) },
    { redirect: CLIENT_REDIRECT },
  );
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
        return signedIn(services, req, reply, () =>
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
        return signedIn(services, req, reply, () =>
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
        const { username, password, captchaToken } = req.body;
        if (username !== username.trim()) throw new AppError('COMMON.0400', { field: 'username' });
        await services.captchaPolicy.enforce(req.tenant!, username, req.ip, captchaToken);
        return signedIn(services, req, reply, () =>
          services.login.passwordLogin(req.tenant!, { username, password }, clientInfo(req)),
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
        }
        return ok(null);
      },
    );
  };
}
