/** The post-login flow's calls (docs/flows.md): read the current step, answer it. */
import {
  flowMobileCodeSchema,
  flowMobileSchema,
  flowParamsSchema,
  flowPasswordSchema,
  flowProfileSchema,
} from '@tessera/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import type { Services } from '../../services.ts';
import { normalizeRecipient } from '../verification/service.ts';
import { answer, flowClient, loadFlow } from './http.ts';

const tags = ['flows'];

export function flowRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const { afterAuth } = services;

    app.get(
      '/flow/:flowId',
      { schema: { tags, summary: 'The current step of a flow of this browser', params: flowParamsSchema } },
      async (req) => {
        const record = await loadFlow(services, req, req.params.flowId);
        const user = await afterAuth.userOf(req.tenant!, record);
        return ok(await afterAuth.view(req.tenant!, record, user, req.lang));
      },
    );

    app.post(
      '/flow/:flowId/password',
      {
        schema: {
          tags,
          summary: 'CHANGE_PASSWORD: the new password, encrypted like at login',
          params: flowParamsSchema,
          body: flowPasswordSchema,
        },
      },
      async (req, reply) => {
        const record = await loadFlow(services, req, req.params.flowId);
        const progress = await afterAuth.changePassword(
          req.tenant!,
          record,
          req.body.password,
          flowClient(req),
        );
        return answer(services, req, reply, progress);
      },
    );

    app.post(
      '/flow/:flowId/skip',
      {
        schema: {
          tags,
          summary: 'Skip a skippable step (a password about to expire)',
          params: flowParamsSchema,
        },
      },
      async (req, reply) => {
        const record = await loadFlow(services, req, req.params.flowId);
        return answer(services, req, reply, await afterAuth.skip(req.tenant!, record, flowClient(req)));
      },
    );

    app.post(
      '/flow/:flowId/profile',
      {
        schema: {
          tags,
          summary: "COMPLETE_PROFILE: values of the tenant's profile fields",
          params: flowParamsSchema,
          body: flowProfileSchema,
        },
      },
      async (req, reply) => {
        const record = await loadFlow(services, req, req.params.flowId);
        const progress = await afterAuth.completeProfile(
          req.tenant!,
          record,
          req.body.values,
          flowClient(req),
        );
        return answer(services, req, reply, progress);
      },
    );

    app.post(
      '/flow/:flowId/mobile/sendCode',
      {
        schema: {
          tags,
          summary: 'BIND_MOBILE: send a code (SMS, or voice with voice=true) to the number to bind',
          params: flowParamsSchema,
          body: flowMobileCodeSchema,
        },
      },
      async (req) => {
        const tenant = req.tenant!;
        const record = await loadFlow(services, req, req.params.flowId);
        const channel = req.body.voice ? 'voice' : 'sms';
        const target = normalizeRecipient(tenant, channel, req.body.mobile, req.body.areaCode);
        return ok(await afterAuth.sendMobileCode(tenant, record, target, flowClient(req)));
      },
    );

    app.post(
      '/flow/:flowId/mobile',
      {
        schema: {
          tags,
          summary: 'BIND_MOBILE: the code sent to the number binds it to the account',
          params: flowParamsSchema,
          body: flowMobileSchema,
        },
      },
      async (req, reply) => {
        const tenant = req.tenant!;
        const record = await loadFlow(services, req, req.params.flowId);
        const target = normalizeRecipient(tenant, 'sms', req.body.mobile, req.body.areaCode);
        const progress = await afterAuth.bindMobile(tenant, record, target, req.body.code, flowClient(req));
        return answer(services, req, reply, progress);
      },
    );

    app.post(
      '/flow/:flowId/account',
      {
        schema: {
          tags,
          summary: 'CHOOSE_ACCOUNT: the account of the application to sign in as',
          params: flowParamsSchema,
          body: z.object({ accountId: z.string().min(1).max(64) }),
        },
      },
      async (req, reply) => {
        const record = await loadFlow(services, req, req.params.flowId);
        const progress = await afterAuth.chooseAccount(
          req.tenant!,
          record,
          req.body.accountId,
          flowClient(req),
        );
        return answer(services, req, reply, progress);
      },
    );
  };
}
