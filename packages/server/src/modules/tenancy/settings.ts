/** Server-side tenant settings: how codes are sent and worded, and login policies. */
import {
  CHARACTER_CLASSES,
  type CharacterClass,
  CODE_PURPOSES,
  type CodePurpose,
  type Lang,
  type PasswordPolicy,
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

/** What an admin may set in the server-side settings, checked before anything is stored. */
export const tenantSettingsSchema = z
  .object({
    sms: phoneSender,
    email: emailSender,
    messages: z.partialRecord(z.enum(['zh', 'en']), texts),
    unregisteredPolicy: z.enum(['register', 'contact_admin']),
    captchaAfterFailures: z.number().int().min(0).max(100),
    passwordPolicy: passwordPolicySchema,
  })
  .partial()
  .strict();
