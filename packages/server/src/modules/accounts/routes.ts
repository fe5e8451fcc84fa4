/**
 * Registration and forgotten-password calls of the PC and mobile apps (specification sections 2,
 * 4 and 7). Registration happens only when the tenant enables it; recovery only when find-password
 * is shown (isHideFindPassword 'N').
 */
import {
  accountCodeSchema,
  findPasswordResetSchema,
  findPasswordVerifySchema,
  ownPasswordSchema,
  registerSubmitSchema,
} from '@tessera/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import type { Services } from '../../services.ts';
import { AppError } from '../../http/errors.ts';
import { clientInfo } from '../login/routes.ts';
import { requireSignedIn } from '../sessions/http.ts';
import { passwordState } from './password-change.ts';

const tags = ['account lifecycle'];

export function accountRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const { lifecycle } = services;

    app.post(
      '/register/getNameAndLogo',
      { schema: { tags, summary: "The enterprise's name and logo for the registration page" } },
      async (req) => {
        const { brand, loginConfig } = req.tenant!;
        return ok({
          name: loginConfig.headerTitle || brand.name,
          logo: brand.logo,
          mobileLogo: brand.mobileLogo,
        });
      },
    );

    app.post(
      '/register/sendCode',
      {
        schema: {
          tags,
          summary: 'Send a REGISTER code to a phone or email that no account has',
          body: accountCodeSchema,
        },
      },
      async (req) => {
        const tenant = req.tenant!;
        await services.captchaPolicy.enforceForSending(tenant, req.body.captchaToken);
        const target = lifecycle.target(tenant, req.body);
        return ok(await lifecycle.sendCode(tenant, 'REGISTER', target, { ip: req.ip, lang: req.lang }));
      },
    );

    app.post(
      '/register/submit',
      {
        schema: {
          tags,
          summary:
            'Create the account: phone or email with its code, username, password (encrypted like at login)',
          body: registerSubmitSchema,
        },
      },
      async (req) => {
        const tenant = req.tenant!;
        const { code, username, password, agreementIds, profile } = req.body;
        const user = await lifecycle.register(
          tenant,
          { target: lifecycle.target(tenant, req.body), code, username, password, agreementIds, profile },
          { ...clientInfo(req), lang: req.lang },
        );
        return ok({ username: user.username });
      },
    );

    app.post(
      '/findPassword/sendCode',
      {
        schema: {
          tags,
          summary: "Send a FORGOT_PASSWORD code to an account's phone or email",
          body: accountCodeSchema,
        },
      },
      async (req) => {
        const tenant = req.tenant!;
        await services.captchaPolicy.enforceForSending(tenant, req.body.captchaToken);
        const target = lifecycle.target(tenant, req.body);
        return ok(
          await lifecycle.sendCode(tenant, 'FORGOT_PASSWORD', target, { ip: req.ip, lang: req.lang }),
        );
      },
    );

    app.post(
      '/findPassword/verify',
      {
        schema: {
          tags,
          summary: 'Step 1: check the code; answers a ticket for step 2',
          body: findPasswordVerifySchema,
        },
      },
      async (req) => {
        const tenant = req.tenant!;
        const ticket = await lifecycle.verifyForReset(
          tenant,
          lifecycle.target(tenant, req.body),
          req.body.code,
        );
        return ok({ ticket });
      },
    );

    app.post(
      '/findPassword/reset',
      {
        schema: {
          tags,
          summary: 'Step 2: the new password (encrypted) for the ticket',
          body: findPasswordResetSchema,
        },
      },
      async (req) => {
        await lifecycle.reset(req.tenant!, req.body.ticket, req.body.password, {
          ...clientInfo(req),
          lang: req.lang,
        });
        return ok(null);
      },
    );

    app.post(
      '/account/password',
      {
        schema: {
          tags,
          summary: "The signed-in user's own password change: old and new, both encrypted like at login",
          body: ownPasswordSchema,
        },
      },
      async (req) => {
        const tenant = req.tenant!;
        if (!tenant.loginConfig.enablePwdUpdate) throw new AppError('PWD.0008');
        const { session, user } = await requireSignedIn(services, req);
        const [oldPassword, password] = await Promise.all([
          services.crypto.decrypt(tenant.id, req.body.oldPassword),
          services.crypto.decrypt(tenant.id, req.body.password),
        ]);
        if (!(await services.accounts.checkPassword(tenant.id, user.username, oldPassword)))
          throw new AppError('PWD.0006');
        await services.passwordChange.change(tenant, user, password, {
          lang: req.lang,
          client: clientInfo(req),
          operation: 'UPDATE_PWD',
          enforceInterval: passwordState(tenant, user)?.reason !== 'EXPIRED',
          keepSessionHash: session.id_hash,
        });
        return ok(null);
      },
    );
  };
}
