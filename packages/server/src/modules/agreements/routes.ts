/**
 * The agreement calls of the specification (section 7): read the current versions, sign one, or
 * decline — which ends the post-login flow, or the session of a signed-in user.
 */
import type { FlowAnswer } from '@tessera/shared';
import { agreementFlowSchema, agreementParamsSchema } from '@tessera/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import type { Services } from '../../services.ts';
import { answer, flowClient, loadFlow } from '../flows/http.ts';
import { clearSessionCookie, currentSession, requireSignedIn } from '../sessions/http.ts';
import { toAgreementView } from './service.ts';

const tags = ['agreements'];

export function agreementRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const { agreements, afterAuth } = services;

    app.get(
      '/config/agreement',
      { schema: { tags, summary: "The current version of each of the enterprise's agreements" } },
      async (req) => {
        const current = await agreements.current(req.tenant!.id);
        return ok(current.map((a) => toAgreementView(a, req.lang)));
      },
    );

    app.post(
      '/config/agreement/sign/cancel',
      {
        schema: {
          tags,
          summary: 'Decline: ends the post-login flow (flowId) or signs the user out',
          body: agreementFlowSchema,
        },
      },
      async (req, reply) => {
        const { flowId } = req.body;
        if (flowId) {
          const record = await loadFlow(services, req, flowId);
          await services.flows.end(record.id);
        }
        const session = await currentSession(services, req);
        if (session) await services.sessions.destroy(session.id_hash);
        clearSessionCookie(reply);
        return ok(null);
      },
    );

    app.post(
      '/config/agreement/sign/:id',
      {
        schema: {
          tags,
          summary: 'Sign the current version of an agreement, in the post-login flow (flowId) or signed in',
          params: agreementParamsSchema,
          body: agreementFlowSchema,
        },
      },
      async (req, reply) => {
        const tenant = req.tenant!;
        const { flowId } = req.body;
        if (flowId) {
          const record = await loadFlow(services, req, flowId);
          const progress = await afterAuth.signAgreement(tenant, record, req.params.id, flowClient(req));
          return answer(services, req, reply, progress);
        }
        const { user } = await requireSignedIn(services, req);
        await agreements.sign(tenant.id, user.id, [req.params.id], req.ip);
        return ok<FlowAnswer | null>(null);
      },
    );
  };
}
