/**
 * Where the browser goes after a response carries `redirect` (specification section 4).
 * Only the server chooses absolute targets; a `redirect_to` that came in through the address bar
 * is accepted only as a same-origin path, so a crafted login link cannot send users elsewhere.
 */
import { CLIENT_REDIRECT } from '@tessera/shared';
import { SESSION_KEYS, session } from './storage.ts';

export type AppKind = 'pc' | 'mobile';

/** '/x/y?z' yes; '//evil.com', '/\evil.com', 'https://evil.com', 'javascript:' no. */
export function isSafeRelativePath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  // Browsers read '\' as '/', and control characters can hide a second slash.
  if (value.includes('\\') || [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) {
    return false;
  }
  try {
    return new URL(value, window.location.origin).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** Keeps the login page's `?redirect_to=` for after the login (flows may span several pages). */
export function rememberRedirectTo(search: string): void {
  const value = new URLSearchParams(search).get('redirect_to');
  if (value && isSafeRelativePath(value)) session.set(SESSION_KEYS.redirectTo, value);
}

export function storedRedirectTo(): string | undefined {
  const value = session.get(SESSION_KEYS.redirectTo);
  return value && isSafeRelativePath(value) ? value : undefined;
}

/** The address a `redirect` value stands for, or null when it is not one we will follow. */
export function resolveRedirect(redirect: string, app: AppKind): string | null {
  if (redirect === CLIENT_REDIRECT) {
    const stored = storedRedirectTo();
    // Used once: a later, unrelated login must not land on an old target.
    session.remove(SESSION_KEYS.redirectTo);
    return stored ?? `/${app}/authentication/user`;
  }
  try {
    const url = new URL(redirect, window.location.origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Sends the browser on; true when it is leaving this page. */
export function followRedirect(redirect: string | undefined, app: AppKind): boolean {
  if (!redirect) return false;
  const target = resolveRedirect(redirect, app);
  if (!target) {
    console.warn('Ignored a redirect that is not http(s):', redirect);
    return false;
  }
  window.location.assign(target);
  return true;
}
