/**
 * The tenant admin API the template gallery uses (`/api/v1/admin/themes`), with the admin token
 * kept in session storage for the tab. A wrong token (ADMIN.0001) is answered to the caller,
 * which asks for the token again, instead of being shown as a pop-up.
 */
import type { Template, UiConfigData, UiConfigType } from '@tessera/shared';
import { type ApiResult, request } from './api.ts';
import { session } from './storage.ts';

export const ADMIN_TOKEN_KEY = 'adminToken';
export const BAD_TOKEN = 'ADMIN.0001';

export interface AdminThemes {
  pages: Partial<Record<UiConfigType, UiConfigData>>;
  templates: Template[];
}

export const adminToken = {
  get: () => session.get(ADMIN_TOKEN_KEY),
  set: (token: string) => session.set(ADMIN_TOKEN_KEY, token),
  clear: () => session.remove(ADMIN_TOKEN_KEY),
};

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export function fetchThemes(token: string): Promise<ApiResult<AdminThemes>> {
  return request<AdminThemes>('/admin/themes', { headers: auth(token), quietCodes: [BAD_TOKEN] });
}

/** Sets a page's template, keeping the given option overrides. */
export function setPageTemplate(
  token: string,
  type: UiConfigType,
  template: string,
  options: Record<string, unknown>,
): Promise<ApiResult<unknown>> {
  return request(`/admin/themes/${type}`, {
    method: 'PUT',
    json: { template, options },
    headers: auth(token),
    quietCodes: [BAD_TOKEN],
  });
}

/** Back to the page's default template, without overrides. */
export function resetPageTheme(token: string, type: UiConfigType): Promise<ApiResult<unknown>> {
  return request(`/admin/themes/${type}`, {
    method: 'DELETE',
    headers: auth(token),
    quietCodes: [BAD_TOKEN],
  });
}
