/**
 * zod schemas of the calls' input, used by the server (validation and the OpenAPI document).
 * A separate entry (`@tessera/shared/schemas`) so that the browser bundles never carry zod.
 */
import { z } from 'zod';
import { LIMITS, UI_CONFIG_TYPES } from './api.ts';
import { LANGS } from './lang.ts';
import { isColor } from './themes.ts';
import { CODE_CHANNELS, CODE_PURPOSES } from './verification.ts';
import { SECOND_FACTORS } from './factors.ts';

/** Form body of POST /login/form (and the AD / LDAP variants later). */
export const loginFormSchema = z.object({
  username: z.string().min(1).max(LIMITS.username),
  password: z.string().min(1).max(LIMITS.encrypted),
  redirect_to: z.string().max(2048).optional(),
  captchaToken: z.string().max(128).optional(),
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

/** POST /code/send: a code for one purpose, by SMS, voice call or email. */
export const sendCodeSchema = z.object({
  purpose: z.enum(CODE_PURPOSES),
  channel: z.enum(CODE_CHANNELS),
  recipient: z.string().min(1).max(254),
  areaCode: z
    .string()
    .regex(/^\+\d{1,4}$/)
    .optional(),
  captchaToken: z.string().max(128).optional(),
});

/** POST /login/sms (mobile + areaCode + code) and POST /login/email (email + code), form-encoded. */
export const smsLoginSchema = z.object({
  mobile: z.string().min(1).max(20),
  areaCode: z
    .string()
    .regex(/^\+\d{1,4}$/)
    .optional(),
  code: z.string().min(1).max(12),
  captchaToken: z.string().max(128).optional(),
});
export const emailLoginSchema = z.object({
  email: z.string().min(1).max(254),
  code: z.string().min(1).max(12),
  captchaToken: z.string().max(128).optional(),
});

/** POST /geetest/verify: where the piece was dropped, and the drag that took it there. */
export const captchaVerifySchema = z.object({
  id: z.string().min(1).max(64),
  x: z.number().min(0).max(1000),
  duration: z.number().int().min(0).max(600_000),
  track: z
    .array(
      z.tuple([
        z.number().min(-100).max(1000),
        z.number().min(-100).max(1000),
        z.number().int().min(0).max(600_000),
      ]),
    )
    .max(2000),
});
export const getCaptchaQuerySchema = z.object({ t: z.string().max(20).optional() });
export const isEnableCaptchaQuerySchema = z.object({ loginName: z.string().max(254).optional() });

/** Values of the tenant's profile fields: short strings under short keys. */
const profileValues = z
  .record(z.string().max(32), z.string().max(200))
  .refine((v) => Object.keys(v).length <= 30, {
    message: 'too many fields',
  });

/** Registration and find-password identify the account by phone or email ('mobile' | 'email', any case). */
const accountTarget = {
  type: z
    .string()
    .toLowerCase()
    .pipe(z.enum(['mobile', 'email'])),
  mobile: z.string().max(20).optional(),
  areaCode: z
    .string()
    .regex(/^\+\d{1,4}$/)
    .optional(),
  email: z.string().max(254).optional(),
};
export const accountCodeSchema = z.object({
  ...accountTarget,
  purpose: z.string().max(32).optional(),
  captchaToken: z.string().max(128).optional(),
});
export const registerSubmitSchema = z.object({
  ...accountTarget,
  code: z.string().min(1).max(12),
  username: z.string().min(1).max(LIMITS.username),
  password: z.string().min(1).max(LIMITS.encrypted),
  agreementIds: z.array(z.string().max(64)).max(20).default([]),
  profile: profileValues.default({}),
});
export const findPasswordVerifySchema = z.object({ ...accountTarget, code: z.string().min(1).max(12) });
export const findPasswordResetSchema = z.object({
  ticket: z.string().min(1).max(128),
  password: z.string().min(1).max(LIMITS.encrypted),
});

/** Flows (docs/flows.md): the id is 32 random bytes in base64url. */
export const flowParamsSchema = z.object({ flowId: z.string().regex(/^[\w-]{43}$/) });
export const flowPasswordSchema = z.object({ password: z.string().min(1).max(LIMITS.encrypted) });
export const flowProfileSchema = z.object({ values: profileValues });
const mobileTarget = {
  mobile: z.string().min(1).max(20),
  areaCode: z
    .string()
    .regex(/^\+\d{1,4}$/)
    .optional(),
};
export const flowMobileCodeSchema = z.object({ ...mobileTarget, voice: z.boolean().optional() });
export const flowMobileSchema = z.object({ ...mobileTarget, code: z.string().min(1).max(12) });
/** The flow a sign or cancel belongs to; absent for a signed-in user. */
export const agreementFlowSchema = z
  .object({
    flowId: z
      .string()
      .regex(/^[\w-]{43}$/)
      .optional(),
  })
  .default({});
export const agreementParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const ownPasswordSchema = z.object({
  oldPassword: z.string().min(1).max(LIMITS.encrypted),
  password: z.string().min(1).max(LIMITS.encrypted),
});

/** Second factors and scan-to-login (docs/factors.md). */
const flowIdField = z
  .string()
  .regex(/^[\w-]{43}$/)
  .optional();
export const otpKeySchema = z.object({ flowId: flowIdField }).default({});
export const otpBindSchema = z.object({ code: z.string().min(1).max(12), flowId: flowIdField });
export const otpResetSchema = z.object({ password: z.string().min(1).max(LIMITS.encrypted) });
export const otpLoginSchema = z.object({
  username: z.string().min(1).max(LIMITS.username),
  code: z.string().min(1).max(12),
  captchaToken: z.string().max(128).optional(),
});
const b64url = z
  .string()
  .max(16384)
  .regex(/^[\w-]*$/);
/** A WebAuthn response as @simplewebauthn/browser sends it: bounded, checked in depth by the library. */
export const fido2ResponseSchema = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.record(
    z.string().max(64),
    z.union([z.string().max(16384), z.number(), z.array(z.string().max(32)).max(10)]),
  ),
  clientExtensionResults: z.record(z.string().max(64), z.unknown()).default({}),
  authenticatorAttachment: z.string().max(32).optional(),
});
export const fido2RegisterSchema = z.object({
  response: fido2ResponseSchema,
  name: z.string().max(64).optional(),
});
export const fido2IdpSchema = z.object({ username: z.string().max(LIMITS.username).optional() }).default({});
export const fido2LoginSchema = z.object({ response: fido2ResponseSchema });
export const fido2KeyParamsSchema = z.object({ id: b64url.min(1).max(1024) });
export const mfaFactorSchema = z.object({ factor: z.enum(SECOND_FACTORS) });
export const mfaVerifySchema = z.object({
  factor: z.enum(SECOND_FACTORS),
  code: z.string().max(12).optional(),
  response: fido2ResponseSchema.optional(),
});
export const approvalParamsSchema = z.object({ id: z.string().regex(/^[\w-]{1,64}$/) });
export const qrTicketParamsSchema = z.object({ ticket: z.string().regex(/^[\w-]{32}$/) });
