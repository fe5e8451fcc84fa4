/**
 * zod schemas of the calls' input, used by the server (validation and the OpenAPI document).
 * A separate entry (`@tessera/shared/schemas`) so that the browser bundles never carry zod.
 */
import { z } from 'zod';
import { LIMITS, UI_CONFIG_TYPES } from './api.ts';
import { LANGS } from './lang.ts';
import { isColor } from './themes.ts';

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

/** Admin API: a page's theme is a template key and option overrides (both optional). */
export const themeTypeParamsSchema = z.object({ type: z.enum(UI_CONFIG_TYPES) });
export const setThemeSchema = z.object({
  template: z.string().min(1).max(64).optional(),
  options: z.record(z.string().max(64), z.unknown()).optional(),
});

const colorText = z
  .string()
  .max(64)
  .refine(isColor, 'expected a colour such as #409EFF, rgb(64,158,255) or transparent');
const line = z.string().max(200);
/** Admin API: the enterprise login config fields an admin may set (specification section 3). */
export const loginConfigPatchSchema = z
  .object({
    languageList: z
      .array(z.enum(LANGS as ['zh', 'en']))
      .min(1)
      .max(2),
    defaultLanguage: z.enum(LANGS as ['zh', 'en']),
    enableFindPassword: z.boolean(),
    enablePwdUpdate: z.boolean(),
    enableRegister: z.boolean(),
    enableCaptcha: z.boolean(),
    findPasswordWay: z.array(z.enum(['MOBILE', 'EMAIL', 'DINGTALK'])).max(3),
    headerTitle: line,
    loginPriority: z.array(z.string().max(32)).max(12),
    headerBgColor: colorText,
    preferredAreaCode: z.string().regex(/^\+\d{1,4}$/),
    supportAreaCodeList: z.array(z.string().regex(/^\+\d{1,4}$/)).max(300),
    copyright: line,
    copyrightEn: line,
    recordNo: line,
    recordNoEn: line,
  })
  .partial()
  .strict();
export type LoginConfigPatch = z.infer<typeof loginConfigPatchSchema>;
