/** The SECOND_FACTOR step of the post-login flow (docs/factors.md). */
import { flowParamsSchema, mfaFactorSchema, mfaVerifySchema } from '@tessera/shared/schemas';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import type { Services } from '../../services.ts';
import { relyingParty } from '../fido2/http.ts';
import { answer, flowClient, loadFlow } from '../flows/http.ts';

const tags = ['flows'];

export function mfaRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const { afterAuth } = services;

    app.post(
      '/flow/:flowId/mfa/send',
      {
        schema: {
          tags,
          summary: "SECOND_FACTOR: a code to the account's phone (SMS) or address (EMAIL)",
          params: flowParamsSchema,
          body: mfaFactorSchema,
        },
      },
      async (req) => {
        const record = await loadFlow(services, req, req.params.flowId);
        return ok(await afterAuth.sendFactorCode(req.tenant!, record, req.body.factor, flowClient(req)));
      },
    );

    app.post(
      '/flow/:flowId/mfa/fido2/options',
      {
        schema: {
          tags,
          summary: "SECOND_FACTOR: WebAuthn request options for the user's keys",
          params: flowParamsSchema,
        },
      },
      async (req) => {
        const record = await loadFlow(services, req, req.params.flowId);
        return ok(await afterAuth.fido2Options(req.tenant!, record, relyingParty(req), req.lang));
      },
    );

    app.post(
      '/flow/:flowId/mfa/verify',
      {
        schema: {
          tags,
          summary: 'SECOND_FACTOR: the code (SMS, EMAIL, OTP) or the FIDO2 assertion',
          params: flowParamsSchema,
          body: mfaVerifySchema,
        },
      },
      async (req, reply) => {
        const record = await loadFlow(services, req, req.params.flowId);
        const { factor, code } = req.body;
        const response = req.body.response as unknown as AuthenticationResponseJSON | undefined;
        const progress = await afterAuth.verifyFactor(
          req.tenant!,
          record,
          factor,
          { code, response },
          flowClient(req),
          relyingParty(req),
        );
        return answer(services, req, reply, progress);
      },
    );

    app.post(
      '/flow/:flowId/mfa/push',
      {
        schema: {
          tags,
          summary: "SECOND_FACTOR: ask the user's authenticator phone to approve",
          params: flowParamsSchema,
        },
      },
      async (req) => {
        const record = await loadFlow(services, req, req.params.flowId);
        return ok(await afterAuth.push(req.tenant!, record, flowClient(req)));
      },
    );

    app.get(
      '/flow/:flowId/mfa/push',
      {
        schema: {
          tags,
          summary: "SECOND_FACTOR: the phone's answer so far: { state: 'sent' }, or the flow's next answer",
          params: flowParamsSchema,
        },
      },
      async (req, reply) => {
        const record = await loadFlow(services, req, req.params.flowId);
        const progress = await afterAuth.pushState(req.tenant!, record, flowClient(req));
        return 'state' in progress ? ok(progress) : answer(services, req, reply, progress);
      },
    );
  };
}
