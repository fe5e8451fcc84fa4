/** QR-code login (docs/factors.md): the PC's ticket and its state; the phone's scan and answer. */
import type { QrTicket } from '@tessera/shared';
import { qrTicketParamsSchema } from '@tessera/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import { answer, flowBinding, flowClient } from '../flows/http.ts';
import { clientInfo } from '../login/routes.ts';
import { requireSignedIn } from '../sessions/http.ts';

const tags = ['qr login'];

export function qrLoginRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const { qrLogin } = services;

    app.get(
      '/config/getScanQrCode',
      { schema: { tags, summary: 'A short-lived login ticket for this browser, to show as a QR code' } },
      async (req, reply) => {
        const origin = `${req.protocol}://${req.host}`;
        return ok<QrTicket>(
          await qrLogin.issue(req.tenant!, flowBinding(req, reply), clientInfo(req), origin),
        );
      },
    );

    app.get(
      '/qrcode/:ticket',
      {
        schema: {
          tags,
          summary: "The ticket's state; once confirmed on the phone, this browser is signed in",
          params: qrTicketParamsSchema,
        },
      },
      async (req, reply) => {
        const tenant = req.tenant!;
        const { state, userId } = await qrLogin.poll(tenant, req.params.ticket, flowBinding(req, reply));
        if (state !== 'confirmed') return ok({ state });
        const user = userId && (await services.accounts.findById(tenant.id, userId));
        if (!user || user.status !== 'active') throw new AppError('AUTH.LOGIN.0004');
        const progress = await services.afterAuth.start(tenant, user, {
          client: flowClient(req),
          operation: 'LOGIN_QRCODE',
          binding: () => flowBinding(req, reply),
        });
        const answered = await answer(services, req, reply, progress);
        return { ...answered, data: { ...answered.data, state } };
      },
    );

    app.post(
      '/qrcode/:ticket/scan',
      {
        schema: {
          tags,
          summary: 'The signed-in phone scanned the ticket: who asks to sign in',
          params: qrTicketParamsSchema,
        },
      },
      async (req) => {
        const tenant = req.tenant!;
        // A foreign app is told so before anything else, signed in or not.
        qrLogin.assertApp(tenant, req.headers['user-agent'] ?? '');
        const { user } = await requireSignedIn(services, req);
        return ok(await qrLogin.scan(tenant, req.params.ticket, user, req.headers['user-agent'] ?? ''));
      },
    );

    for (const [action, state] of [
      ['confirm', 'confirmed'],
      ['cancel', 'cancelled'],
    ] as const) {
      app.post(
        `/qrcode/:ticket/${action}`,
        {
          schema: {
            tags,
            summary: `${action === 'confirm' ? 'Confirm' : 'Refuse'} the login on the PC`,
            params: qrTicketParamsSchema,
          },
        },
        async (req) => {
          const { user } = await requireSignedIn(services, req);
          await qrLogin.decide(req.tenant!, req.params.ticket, user, state);
          return ok(null);
        },
      );
    }
  };
}
