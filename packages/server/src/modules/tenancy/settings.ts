/** Server-side tenant settings: how codes are sent and worded, and login policies. */
import {
  CHARACTER_CLASSES,
  type CharacterClass,
  CODE_PURPOSES,
  type CodePurpose,
  type Lang,
  MFA_MODES,
  type MfaMode,
  type PasswordPolicy,
  type ProfileField,
  SECOND_FACTORS,
  type SecondFactor,
  type UnregisteredPolicy,
} from '@tessera/shared';
import { z } from 'zod';
import type { EmailSenderSettings, PhoneSenderSettings } from '../verification/senders/types.ts';

export interface TenantSettings {
  /** SMS and voice codes; the outbox when unset. */
  sms?: PhoneSenderSettings;
  /** Email codes; the outbox when unset. */
  email?: EmailSenderSettings;
  /** Message texts per language and purpose, with {code} and {minutes}; defaults when unset. */
  messages?: Partial<Record<Lang, Partial<Record<CodePurpose, string>>>>;
  /** A login code asked for a phone or email that no account has. */
  unregisteredPolicy?: UnregisteredPolicy;
  /** With enableCaptcha: 0 asks the slider always, N after N failures of the account or IP. */
  captchaAfterFailures?: number;
  /** The tenant's password policy; the specification's defaults where unset. */
  passwordPolicy?: Partial<PasswordPolicy>;
  /** Which post-login steps the tenant asks for (expired passwords and new agreements always). */
  afterLogin?: AfterLoginPolicy;
  /** Extra personal information the tenant keeps for its users. */
  profileFields?: ProfileField[];
  /** When a second factor is asked after the first, and which factors count (docs/factors.md). */
  mfa?: { when?: MfaMode; factors?: SecondFactor[] };
  /** QR-code login: in-app browsers (wechat, alipay, dingtalk ...) allowed to confirm a login. */
  qrLogin?: { apps?: string[] };
}

/** The sender fields that hold secrets: sealed at rest (modules/secrets), hidden when shown. */
const SECRET_FIELDS = [
  ['sms', 'accessKeySecret'],
  ['sms', 'secretKey'],
  ['email', 'pass'],
] as const;

/**
 * The settings with each secret field passed through `fn` (seal, open or reseal), given the
 * field's name as its purpose; everything else is kept as is.
 */
export function mapSecretFields(
  settings: TenantSettings,
  fn: (value: string, purpose: string) => string,
): TenantSettings {
  const out: Record<string, unknown> = { ...settings };
  for (const [section, field] of SECRET_FIELDS) {
    const part = out[section] as Record<string, unknown> | undefined;
    const value = part?.[field];
    if (typeof value === 'string')
      out[section] = { ...part, [field]: fn(value, `tenants.settings.${section}.${field}`) };
  }
  return out as TenantSettings;
}

export interface AfterLoginPolicy {
  /** Ask for required profile fields that are still empty. */
  completeProfile?: boolean;
  /** Ask users without a mobile number to bind one. */
  bindMobile?: boolean;
  /** Ask users without OTP to bind an authenticator app. */
  bindOtp?: boolean;
}

const text = z.string().min(1).max(512);
const endpoint = z.url({ protocol: /^https?$/ }).optional();
const phoneSender = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('outbox') }).strict(),
  z
    .object({
      provider: z.literal('aliyun'),
      accessKeyId: text,
      accessKeySecret: text,
      signName: text,
      templateCode: text,
      voiceTtsCode: text.optional(),
      calledShowNumber: text.optional(),
      endpoint,
      voiceEndpoint: endpoint,
    })
    .strict(),
  z
    .object({
      provider: z.literal('tencent'),
      secretId: text,
      secretKey: text,
      region: text.optional(),
      smsSdkAppId: text,
      signName: text,
      templateId: text,
      voiceSdkAppId: text.optional(),
      voiceTemplateId: text.optional(),
      endpoint,
      voiceEndpoint: endpoint,
    })
    .strict(),
]);
const emailSender = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('outbox') }).strict(),
  z
    .object({
      provider: z.literal('smtp'),
      host: text,
      port: z.number().int().min(1).max(65535),
      secure: z.boolean().optional(),
      user: text.optional(),
      pass: text.optional(),
      from: text,
    })
    .strict(),
]);
const texts = z.partialRecord(z.enum(CODE_PURPOSES), z.string().min(1).max(300));

/** The fields of a tenant password policy an admin may set; each is optional. */
export const passwordPolicySchema = z
  .object({
    minLength: z.number().int().min(4).max(64),
    maxLength: z.number().int().min(4).max(128),
    characterList: z
      .array(z.enum(CHARACTER_CLASSES as unknown as [CharacterClass, ...CharacterClass[]]))
      .min(1),
    mustCharacterList: z.array(z.enum(CHARACTER_CLASSES as unknown as [CharacterClass, ...CharacterClass[]])),
    characterDiffCount: z.number().int().min(1).max(4),
    minChangeIntervalDays: z.number().int().min(0).max(365),
    maxAgeDays: z.number().int().min(0).max(3650),
    historyCount: z.number().int().min(0).max(24),
    expireWarnDays: z.number().int().min(0).max(90),
  })
  .partial()
  .strict();

const labels = z.object({ zh: z.string().min(1).max(64), en: z.string().min(1).max(64) }).strict();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

/** One tenant profile field; the ranges must make sense for its type. */
const profileFieldSchema = z
  .object({
    key: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,31}$/),
    label: labels,
    type: z.enum(['text', 'number', 'date', 'select']),
    required: z.boolean().default(false),
    onRegister: z.boolean().default(false),
    minLength: z.number().int().min(0).max(200).optional(),
    maxLength: z.number().int().min(1).max(200).optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    minDate: isoDate.optional(),
    maxDate: isoDate.optional(),
    minAge: z.number().int().min(0).max(100).optional(),
    options: z
      .array(z.object({ value: z.string().min(1).max(64), label: labels }).strict())
      .min(1)
      .max(200)
      .optional(),
  })
  .strict()
  .refine((f) => (f.type === 'select') === (f.options !== undefined), {
    message: 'options are for select fields, and select fields need them',
  })
  .refine((f) => (f.minLength ?? 0) <= (f.maxLength ?? 200), { message: 'minLength > maxLength' })
  .refine((f) => f.min === undefined || f.max === undefined || f.min <= f.max, { message: 'min > max' })
  .refine((f) => !f.minDate || !f.maxDate || f.minDate <= f.maxDate, { message: 'minDate > maxDate' });

export const profileFieldsSchema = z
  .array(profileFieldSchema)
  .max(30)
  .refine((fields) => new Set(fields.map((f) => f.key)).size === fields.length, {
    message: 'field keys must be unique',
  });

export const afterLoginSchema = z
  .object({ completeProfile: z.boolean(), bindMobile: z.boolean(), bindOtp: z.boolean() })
  .partial()
  .strict();

export const mfaSchema = z
  .object({ when: z.enum(MFA_MODES), factors: z.array(z.enum(SECOND_FACTORS)).min(1).max(5) })
  .partial()
  .strict();

/** In-app browsers that may open a QR-code login (see modules/qrlogin). */
export const QR_APPS = ['wechat', 'alipay', 'dingtalk', 'qq', 'weibo', 'feishu', 'wecom'] as const;

/** What an admin may set in the server-side settings, checked before anything is stored. */
export const tenantSettingsSchema = z
  .object({
    sms: phoneSender,
    email: emailSender,
    messages: z.partialRecord(z.enum(['zh', 'en']), texts),
    unregisteredPolicy: z.enum(['register', 'contact_admin']),
    captchaAfterFailures: z.number().int().min(0).max(100),
    passwordPolicy: passwordPolicySchema,
    afterLogin: afterLoginSchema,
    profileFields: profileFieldsSchema,
    mfa: mfaSchema,
    qrLogin: z.object({ apps: z.array(z.enum(QR_APPS)).max(10) }).strict(),
  })
  .partial()
  .strict();
