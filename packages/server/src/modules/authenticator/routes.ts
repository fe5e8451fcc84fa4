/** The authenticator app on the user's phone (docs/factors.md): bind it, see requests, answer them. */
import type { ApprovalRequest } from '@tessera/shared';
import { approvalParamsSchema } from '@tessera/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import type { Services } from '../../services.ts';
import { clientInfo } from '../login/routes.ts';
import { requireSignedIn } from '../sessions/http.ts';

const tags = ['authenticator'];

export function authenticatorRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const { authenticator } = services;

    app.get(
      '/authenticator/status',
      { schema: { tags, summary: 'Whether the user has a bound phone, and whether it is this one' } },
      async (req) => {
        const { user } = await requireSignedIn(services, req);
        const device = await authenticator.device(user.id);
        return ok({
          bound: !!device,
          thisDevice: !!device && device.device === clientInfo(req).device,
          boundAt: device?.bound_at ?? null,
        });
      },
    );

    app.post(
      '/authenticator/bind',
      { schema: { tags, summary: "Make this phone the user's authenticator" } },
      async (req) => {
        const { user } = await requireSignedIn(services, req);
        await authenticator.bind(req.tenant!, user, clientInfo(req));
        return ok(null);
      },
    );

    app.post(
      '/authenticator/unbind',
      { schema: { tags, summary: 'Stop using a phone as the authenticator' } },
      async (req) => {
        const { user } = await requireSignedIn(services, req);
        await authenticator.unbind(user);
        return ok(null);
      },
    );

    app.get(
      '/authenticator/requests',
      { schema: { tags, summary: 'Login approval requests waiting on this (bound) phone' } },
      async (req) => {
        const { user } = await requireSignedIn(services, req);
        return ok<ApprovalRequest[]>(await authenticator.pending(req.tenant!, user, clientInfo(req).device));
      },
    );

    for (const [action, state] of [
      ['approve', 'approved'],
      ['deny', 'denied'],
    ] as const) {
      app.post(
        `/authenticator/requests/:id/${action}`,
        {
          schema: {
            tags,
            summary: `${action === 'approve' ? 'Approve' : 'Deny'} a login request`,
            params: approvalParamsSchema,
          },
        },
        async (req) => {
          const { user } = await requireSignedIn(services, req);
          await authenticator.decide(req.tenant!, user, clientInfo(req).device, req.params.id, state);
          return ok(null);
        },
      );
    }
  };
}
