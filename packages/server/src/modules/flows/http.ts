/** The flow cookie, and how a login or a step answers where the user goes next. */
import { CLIENT_REDIRECT, type FlowAnswer } from '@tessera/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.ts';
import type { Services } from '../../services.ts';
import { toSessionUser } from '../accounts/service.ts';
import { clientInfo } from '../login/routes.ts';
import { currentSession, setSessionCookie } from '../sessions/http.ts';
import type { Client, Progress } from './after-auth.ts';
import { FLOW_COOKIE, bindingOf, newBindingSecret } from './store.ts';

export function flowClient(req: FastifyRequest): Client {
  return { ...clientInfo(req), lang: req.lang };
}

/** The binding of this browser's flows; the cookie is made on the first flow. */
export function flowBinding(req: FastifyRequest, reply: FastifyReply): string {
  let secret = req.cookies[FLOW_COOKIE];
  if (!secret || !/^[\w-]{43}$/.test(secret)) {
    secret = newBindingSecret();
    reply.setCookie(FLOW_COOKIE, secret, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: req.protocol === 'https',
    });
  }
  return bindingOf(secret);
}

export function loadFlow(services: Services, req: FastifyRequest, flowId: string) {
  return services.flows.load(req.tenant!.id, flowId, req.cookies[FLOW_COOKIE]);
}

/**
 * The answer of a login or a step: the next step, or the signed-in user with the session cookie
 * (a session this browser had before is replaced) and `redirect`.
 */
export async function answer(
  services: Services,
  req: FastifyRequest,
  reply: FastifyReply,
  progress: Progress,
) {
  if (progress.flow) return ok<FlowAnswer>({ flow: progress.flow });
  if (progress.done) return ok<FlowAnswer>({}, { redirect: progress.redirect });
  const previous = await currentSession(services, req);
  if (previous) await services.sessions.destroy(previous.id_hash);
  setSessionCookie(services, req, reply, progress.secret);
  return ok<FlowAnswer>(
    { user: toSessionUser(progress.user, req.tenant!.code) },
    { redirect: progress.redirect ?? CLIENT_REDIRECT },
  );
}

/** A login's `redirect_to`, kept only when it is a path of this site. */
export function safeRedirectTo(value: string | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return undefined;
  const unsafe = [...value].some((c) => c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  if (unsafe) return undefined;
  return value;
}
