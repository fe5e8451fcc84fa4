/** What every code sender takes, and the settings of each gateway a tenant may choose. */
import type { CodeChannel, CodePurpose, Lang } from '@tessera/shared';

export interface OutgoingMessage {
  tenantId: string;
  channel: CodeChannel;
  /** E.164 phone number ('+8613800000000') for sms and voice, an address for email. */
  recipient: string;
  purpose: CodePurpose;
  lang: Lang;
  code: string;
  /** The whole text in the recipient's language (outbox, email body, log). */
  text: string;
  /** Email subject. */
  subject: string;
}

export interface Sender {
  /** Delivers the message or throws SendError. */
  send(message: OutgoingMessage): Promise<void>;
}

/** A gateway refused or could not be reached; the user sees CODE.0006, the log sees the rest. */
export class SendError extends Error {
  constructor(
    message: string,
    readonly provider: string,
    readonly providerCode?: string,
  ) {
    super(message);
  }
}

/** Aliyun SMS (dysmsapi SendSms) and voice (dyvmsapi SingleCallByTts), RPC signature v1. */
export interface AliyunSettings {
  provider: 'aliyun';
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** SMS template with a ${code} parameter. */
  templateCode: string;
  /** Voice TTS template with a ${code} parameter, and the number the call shows. */
  voiceTtsCode?: string;
  calledShowNumber?: string;
  /** Defaults https://dysmsapi.aliyuncs.com and https://dyvmsapi.aliyuncs.com; tests point them at a local fake. */
  endpoint?: string;
  voiceEndpoint?: string;
}

/** Tencent Cloud SMS (SendSms 2021-01-11) and voice (vms SendTtsVoice 2020-09-02), TC3-HMAC-SHA256. */
export interface TencentSettings {
  provider: 'tencent';
  secretId: string;
  secretKey: string;
  region?: string;
  smsSdkAppId: string;
  signName: string;
  templateId: string;
  voiceSdkAppId?: string;
  voiceTemplateId?: string;
  /** Defaults https://sms.tencentcloudapi.com and https://vms.tencentcloudapi.com. */
  endpoint?: string;
  voiceEndpoint?: string;
}

export interface SmtpSettings {
  provider: 'smtp';
  host: string;
  port: number;
  /** true for implicit TLS (465); otherwise STARTTLS when the server offers it. */
  secure?: boolean;
  user?: string;
  pass?: string;
  from: string;
}

export type PhoneSenderSettings = { provider: 'outbox' } | AliyunSettings | TencentSettings;
export type EmailSenderSettings = { provider: 'outbox' } | SmtpSettings;
