/**
 * The request client of specification section 7 and the error rules of section 8, in one place
 * so every page behaves the same. Calls never throw: they answer an ApiResult, and the user has
 * already been told about a failure (through the injected `notify`) when the caller sees it.
 */
import { API_PREFIX, type Envelope, OK, REQUEST_TIMEOUT_MS, formatMessage } from '@tessera/shared';
import { deviceFingerprint } from './fingerprint.ts';
import { currentLang, t } from './i18n.ts';
import { type AppKind, followRedirect } from './redirect.ts';
import { SESSION_KEYS, session } from './storage.ts';

export type ApiResult<T> =
  | { ok: true; code: string; message: string; data: T; redirected: boolean }
  | { ok: false; code: string; message: string; data: unknown; redirected: boolean; status: number };

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | undefined>;
  /** Form-encoded for /login/* (as the specification says), JSON for everything else. */
  body?: Record<string, string | number | boolean | undefined>;
  /** A JSON body of any shape (nested objects), sent as it is. */
  json?: unknown;
  /** Extra headers (the admin API's Authorization). */
  headers?: Record<string, string>;
  /** Codes this call expects and handles itself, so no message is shown for them. */
  quietCodes?: readonly string[];
  /** Show nothing at all; the caller logs (the public-key fetch, section 7). */
  silent?: boolean;
}

interface ApiSetup {
  app: AppKind;
  /** PC shows antd message.error, mobile antd-mobile Toast.show. */
  notify: (message: string) => void;
}

let setup: ApiSetup = { app: 'pc', notify: (message) => console.error(message) };

export function configureApi(next: ApiSetup): void {
  setup = next;
}

/** Parallel calls failing for one reason (the network is down) say so once, not three times. */
let lastNotice = { message: '', at: 0 };
function notifyOnce(message: string): void {
  const now = Date.now();
  if (message === lastNotice.message && now - lastNotice.at < 1500) return;
  lastNotice = { message, at: now };
  setup.notify(message);
}

/** "Not signed in" and "session expired" are normal on a login page (section 8). */
const QUIET_ON_LOGIN_PAGE = ['AUTH.COMMON.0027', 'AUTH.COMMON.0028'];

function onLoginPage(): boolean {
  return /\/authentication\/login\/?$/.test(window.location.pathname);
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, value);
  const qs = params.toString();
  return `${API_PREFIX}${path}${qs ? `?${qs}` : ''}`;
}

function encodeBody(path: string, body: NonNullable<RequestOptions['body']>): { type: string; text: string } {
  const entries = Object.entries(body).filter(
    (e): e is [string, string | number | boolean] => e[1] !== undefined,
  );
  if (path.startsWith('/login/')) {
    return {
      type: 'application/x-www-form-urlencoded',
      text: new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString(),
    };
  }
  return { type: 'application/json', text: JSON.stringify(Object.fromEntries(entries)) };
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && 'code' in value;
}

/** The message of a failed HTTP status (section 8). */
function httpErrorMessage(status: number, code: string, env: Envelope | null): string {
  if (status === 461) return t('login_fail_461');
  if (code === 'IMS.00030') return formatMessage('IMS.00030', currentLang());
  if (status === 404 || code === 'COMMON.0404') return '404';
  // 400 names the field at fault in its message; other statuses carry the server's message too.
  return env?.message || t('errors.server');
}

export async function request<T = unknown>(
  path: string,
  options: RequestOptions = {},
): Promise<ApiResult<T>> {
  const {
    method = options.body || options.json !== undefined ? 'POST' : 'GET',
    query,
    body,
    json,
    quietCodes = [],
    silent = false,
  } = options;
  const headers: Record<string, string> = {
    ...options.headers,
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    deviceFingerprint: deviceFingerprint(),
    // Server messages come back in the language the page shows.
    'Accept-Language': currentLang(),
  };
  let payload: string | undefined;
  if (body) {
    const encoded = encodeBody(path, body);
    headers['Content-Type'] = encoded.type;
    payload = encoded.text;
  } else if (json !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(json);
  }

  const fail = (status: number, code: string, message: string, data: unknown = null): ApiResult<T> => {
    const quiet =
      silent || quietCodes.includes(code) || (onLoginPage() && QUIET_ON_LOGIN_PAGE.includes(code));
    if (!quiet) notifyOnce(message);
    return { ok: false, status, code, message, data, redirected: false };
  };

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: payload,
      credentials: 'include',
      signal: controller.signal,
    });
  } catch {
    clearTimeout(timer);
    return controller.signal.aborted
      ? fail(0, 'CLIENT.TIMEOUT', t('errors.timeout'))
      : fail(0, 'CLIENT.NETWORK', t('errors.network'));
  }
  let env: Envelope | null = null;
  try {
    const parsed: unknown = await response.json();
    if (isEnvelope(parsed)) env = parsed;
  } catch {
    /* not JSON (a proxy error page, an empty body): handled as a failure below */
  } finally {
    clearTimeout(timer);
  }

  if (env?.hitInfo) session.set(SESSION_KEYS.hitInfo, env.hitInfo);
  if (env?.title) session.set(SESSION_KEYS.title, env.title);
  const redirected = followRedirect(env?.redirect, setup.app);

  if (!response.ok) {
    const code = String(env?.code ?? `HTTP.${response.status}`).replaceAll('-', '.');
    const result = fail(response.status, code, httpErrorMessage(response.status, code, env), env?.data);
    return { ...result, redirected };
  }
  if (!env) return fail(response.status, 'CLIENT.BAD_RESPONSE', t('errors.server'));
  const code = String(env.code);
  if (code !== OK) {
    const message =
      code === 'IMS.00030' ? formatMessage('IMS.00030', currentLang()) : env.message || t('errors.server');
    return { ...fail(response.status, code, message, env.data), redirected };
  }
  return { ok: true, code, message: env.message, data: env.data as T, redirected };
}
