/** FIDO2 calls (docs/factors.md): bind, list and remove keys; login with one (POST /fido2/idp). */
import type { Fido2Key } from '@tessera/shared';
import {
  fido2IdpSchema,
  fido2KeyParamsSchema,
  fido2LoginSchema,
  fido2RegisterSchema,
} from '@tessera/shared/schemas';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import type { Services } from '../../services.ts';
import { answer, flowBinding, flowClient } from '../flows/http.ts';
import { clientInfo } from '../login/routes.ts';
import { requireSignedIn } from '../sessions/http.ts';
import { relyingParty } from './http.ts';

const tags = ['fido2'];

export function fido2Routes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const { fido2 } = services;

    app.post(
      '/fido2/register/options',
      { schema: { tags, summary: 'WebAuthn creation options to bind a new key to the signed-in user' } },
      async (req) => {
        const { user } = await requireSignedIn(services, req);
        return ok(await fido2.registrationOptions(req.tenant!, user, relyingParty(req)));
      },
    );

    app.post(
      '/fido2/register/verify',
      {
        schema: {
          tags,
          summary: "Store the new key from the browser's attestation (FIDO2_KEY_REGISTER)",
          body: fido2RegisterSchema,
        },
      },
      async (req) => {
        const { user } = await requireSignedIn(services, req);
        const response = req.body.response as unknown as RegistrationResponseJSON;
        return ok<Fido2Key>(
          await fido2.register(
            req.tenant!,
            user,
            response,
            req.body.name ?? '',
            relyingParty(req),
            clientInfo(req),
          ),
        );
      },
    );

    app.get('/fido2/keys', { schema: { tags, summary: "The signed-in user's FIDO2 keys" } }, async (req) => {
      const { user } = await requireSignedIn(services, req);
      return ok<Fido2Key[]>(await fido2.keys(user.id));
    });

    app.delete(
      '/fido2/keys/:id',
      {
        schema: { tags, summary: 'Remove one of your keys (FIDO2_KEY_REMOVE)', params: fido2KeyParamsSchema },
      },
      async (req) => {
        const { user } = await requireSignedIn(services, req);
        await fido2.remove(req.tenant!, user, req.params.id, clientInfo(req));
        return ok(null);
      },
    );

    app.post(
      '/fido2/idp',
      {
        schema: {
          tags,
          summary:
            "WebAuthn request options for a login: the user's keys, or any discoverable key without username",
          body: fido2IdpSchema,
        },
      },
      async (req) => {
        const tenant = req.tenant!;
        const name = req.body.username?.trim();
        // An unknown username gets options for discoverable keys: no hint whether it exists.
        const user = name ? await services.accounts.findByUsername(tenant.id, name) : undefined;
        const withKeys = user && (await fido2.keys(user.id)).length > 0 ? user : undefined;
        return ok(await fido2.authenticationOptions(tenant, relyingParty(req), 'login', withKeys));
      },
    );

    app.post(
      '/login/fido2',
      { schema: { tags: ['login'], summary: 'Login with a FIDO2 assertion', body: fido2LoginSchema } },
      async (req, reply) => {
        const tenant = req.tenant!;
        const response = req.body.response as unknown as AuthenticationResponseJSON;
        const user = await services.login.fido2Login(tenant, response, relyingParty(req), clientInfo(req));
        const progress = await services.afterAuth.start(tenant, user, {
          client: flowClient(req),
          operation: 'LOGIN_FIDO2',
          binding: () => flowBinding(req, reply),
        });
        return answer(services, req, reply, progress);
      },
    );
  };
}
