/** Reading and writing the session cookie of a request. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../services.ts';
import { AppError } from '../../http/errors.ts';
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

/** The signed-in, active user of this request, or AUTH.COMMON.0027. */
export async function requireSignedIn(services: Services, req: FastifyRequest) {
  const session = await currentSession(services, req);
  const user = session && (await services.accounts.findById(req.tenant!.id, session.user_id));
  if (!session || !user || user.status !== 'active') throw new AppError('AUTH.COMMON.0027');
  return { session, user };
}
