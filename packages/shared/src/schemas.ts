/**
 * zod schemas of the calls' input, used by the server (validation and the OpenAPI document).
 * A separate entry (`@tessera/shared/schemas`) so that the browser bundles never carry zod.
 */
import { z } from 'zod';
import { LIMITS, UI_CONFIG_TYPES } from './api.ts';

/** Form body of POST /login/form (and the AD / LDAP variants later). */
export const loginFormSchema = z.object({
  username: z.string().min(1).max(LIMITS.username),
  password: z.string().min(1).max(LIMITS.encrypted),
  redirect_to: z.string().max(2048).optional(),
});
export type LoginFormInput = z.infer<typeof loginFormSchema>;

export const changeLangSchema = z.object({ locale: z.string().min(1).max(16) });
export const setDomainSchema = z.object({ domain: z.string().min(1).max(LIMITS.domain) });
export const uiConfigQuerySchema = z.object({ type: z.enum(UI_CONFIG_TYPES) });
export const logoutParamsSchema = z.object({ Id: z.string().min(1).max(64) });
