/** POST /code/send: a verification code for one purpose, by SMS, voice call or email. */
import { sendCodeSchema } from '@tessera/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import { clientInfo } from '../login/routes.ts';
import { currentSession } from '../sessions/http.ts';
import { normalizeRecipient } from './service.ts';

export function verificationRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/code/send',
      {
        schema: {
          tags: ['verification'],
          summary:
            'Send a verification code (purpose REGISTER, BIND_MOBILE, UPDATE_MOBILE, FORGOT_PASSWORD or LOGIN)',
          body: sendCodeSchema,
        },
      },
      async (req) => {
        const tenant = req.tenant!;
        const { purpose, channel, recipient, areaCode, captchaToken } = req.body;
        if (channel === 'email' ? purpose === 'BIND_MOBILE' || purpose === 'UPDATE_MOBILE' : false) {
          throw new AppError('COMMON.0400', { field: 'channel' });
        }
        // Second-factor codes go only to the account's own phone or address, through its flow.
        if (purpose === 'MFA') throw new AppError('COMMON.0400', { field: 'purpose' });
        const target = normalizeRecipient(tenant, channel, recipient, areaCode);
        // Binding or changing a phone belongs to a signed-in user.
        if (
          (purpose === 'BIND_MOBILE' || purpose === 'UPDATE_MOBILE') &&
          !(await currentSession(services, req))
        ) {
          throw new AppError('AUTH.COMMON.0027');
        }
        if (purpose === 'LOGIN') {
          const user = await services.accounts.findByContact(tenant.id, target);
          if (!user)
            throw new AppError(
              tenant.settings.unregisteredPolicy === 'register' ? 'AUTH.LOGIN.0010' : 'AUTH.LOGIN.0011',
            );
        }
        await services.captchaPolicy.enforceForSending(tenant, captchaToken);
        const answer = await services.verification.send(tenant, purpose, target, {
          ip: req.ip,
          lang: req.lang,
        });
        await services.audit.record({
          tenantId: tenant.id,
          username: target.recipient,
          operation: 'SEND_CODE',
          result: 'success',
          code: '0',
          detail: { purpose, channel },
          ...clientInfo(req),
        });
        return ok(answer);
      },
    );
  };
}
