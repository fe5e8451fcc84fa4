/** Reading and writing the session cookie of a request. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../services.ts';
import { SESSION_COOKIE, type Session } from './service.ts';

export function currentSession(services: Services, req: FastifyRequest): Promise<Session | undefined> {
  return services.sessions.read(req.tenant!.id, req.cookies[SESSION_COOKIE]);
}

export function setSessionCookie(
  services: Services,
  req: FastifyRequest,
  reply: FastifyReply,
  secret: string,
) {
  reply.setCookie(SESSION_COOKIE, secret, services.sessions.cookieOptions(req.protocol === 'https'));
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
