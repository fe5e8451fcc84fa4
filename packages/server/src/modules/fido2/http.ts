/** The WebAuthn relying party of a request: the tenant's host name and the page's origin. */
import type { FastifyRequest } from 'fastify';
import type { RelyingParty } from './service.ts';

export function relyingParty(req: FastifyRequest): RelyingParty {
  return { id: req.hostname, origin: `${req.protocol}://${req.host}` };
}
