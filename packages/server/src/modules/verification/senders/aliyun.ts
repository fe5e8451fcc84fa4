/**
 * Verification codes through Aliyun: SMS with dysmsapi SendSms, voice calls with dyvmsapi SingleCallByTts.
 * Both are RPC APIs signed with signature v1 (HMAC-SHA1 over the sorted, percent-encoded query), sent as GET.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { SendError, type AliyunSettings, type OutgoingMessage, type Sender } from './types.ts';

/** What tests replace: the network, the clock, the nonce, and how long to wait for an answer. */
export interface AliyunDeps {
  fetch?: typeof fetch;
  now?: () => Date;
  nonce?: () => string;
  /** Milliseconds before a silent gateway counts as failed; 10 s by default. */
  timeoutMs?: number;
}

const PROVIDER = 'aliyun';
const API_VERSION = '2017-05-25';
const SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com';
const VOICE_ENDPOINT = 'https://dyvmsapi.aliyuncs.com';
const TIMEOUT_MS = 10_000;

type Params = Record<string, string>;

/**
 * RFC 3986 encoding as the signature rule defines it: only A-Z a-z 0-9 - _ . ~ stay literal, space is %20.
 * encodeURIComponent also leaves !'()* alone, so those are escaped here.
 */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Parameters sorted by name, names and values percent-encoded, joined with '&'. */
export function canonicalQuery(params: Params): string {
  return Object.keys(params)
    .sort()
    .map((name) => `${percentEncode(name)}=${percentEncode(params[name]!)}`)
    .join('&');
}

/** Signature v1: base64(HMAC-SHA1(secret + '&', METHOD + '&%2F&' + percentEncode(canonical query))). */
export function rpcSignature(method: 'GET' | 'POST', params: Params, accessKeySecret: string): string {
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64');
}

/** ISO 8601 in UTC to the second, the only Timestamp form the gateway accepts. */
export function rpcTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Mainland numbers go without +86; international ones as country code and number without '+'. */
export function aliyunPhoneNumber(e164: string): string {
  if (e164.startsWith('+86')) return e164.slice(3);
  return e164.replace(/^\+/, '');
}

export class AliyunSender implements Sender {
  constructor(
    private readonly settings: AliyunSettings,
    private readonly deps: AliyunDeps = {},
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    if (message.channel === 'sms')
      return this.call(this.settings.endpoint ?? SMS_ENDPOINT, this.sms(message));
    if (message.channel === 'voice') {
      return this.call(this.settings.voiceEndpoint ?? VOICE_ENDPOINT, this.voice(message));
    }
    throw new SendError(`aliyun cannot send over ${message.channel}`, PROVIDER);
  }

  private sms(m: OutgoingMessage): Params {
    return {
      Action: 'SendSms',
      PhoneNumbers: aliyunPhoneNumber(m.recipient),
      SignName: this.settings.signName,
      TemplateCode: this.settings.templateCode,
      TemplateParam: JSON.stringify({ code: m.code }),
    };
  }

  private voice(m: OutgoingMessage): Params {
    const { voiceTtsCode, calledShowNumber } = this.settings;
    if (!voiceTtsCode) throw new SendError('aliyun voice is not configured (voiceTtsCode)', PROVIDER);
    // Aliyun voice notifications call mainland China numbers only; say so rather than let the call fail opaquely.
    if (!m.recipient.startsWith('+86'))
      throw new SendError('aliyun voice calls mainland China only', PROVIDER);
    return {
      Action: 'SingleCallByTts',
      CalledNumber: aliyunPhoneNumber(m.recipient),
      // Without a show number the call goes out in Aliyun's public mode, from its shared number pool.
      ...(calledShowNumber ? { CalledShowNumber: calledShowNumber } : {}),
      TtsCode: voiceTtsCode,
      TtsParam: JSON.stringify({ code: m.code }),
    };
  }

  /** The common parameters every RPC call carries besides its own. */
  private common(): Params {
    return {
      AccessKeyId: this.settings.accessKeyId,
      Format: 'JSON',
      RegionId: 'cn-hangzhou',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: (this.deps.nonce ?? randomUUID)(),
      SignatureVersion: '1.0',
      Timestamp: rpcTimestamp((this.deps.now ?? (() => new Date()))()),
      Version: API_VERSION,
    };
  }

  private async call(endpoint: string, action: Params): Promise<void> {
    const params = { ...this.common(), ...action };
    const signature = rpcSignature('GET', params, this.settings.accessKeySecret);
    const url = `${endpoint.replace(/\/+$/, '')}/?${canonicalQuery({ ...params, Signature: signature })}`;
    const { status, body } = await this.fetchJson(url);
    if (status >= 200 && status < 300 && body.Code === 'OK') return;
    const reason = body.Message ? cleanMessage(body.Message) : `HTTP ${status}`;
    throw new SendError(`aliyun ${action.Action} refused: ${reason}`, PROVIDER, body.Code);
  }

  private async fetchJson(url: string): Promise<{ status: number; body: AliyunReply }> {
    const timeoutMs = this.deps.timeoutMs ?? TIMEOUT_MS;
    try {
      const res = await (this.deps.fetch ?? fetch)(url, { signal: AbortSignal.timeout(timeoutMs) });
      const text = await res.text();
      return { status: res.status, body: parseReply(text) };
    } catch (err) {
      throw networkError(err, timeoutMs);
    }
  }
}

interface AliyunReply {
  Code?: string;
  Message?: string;
}

function parseReply(text: string): AliyunReply {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null ? (body as AliyunReply) : {};
  } catch {
    return {};
  }
}

/**
 * SignatureDoesNotMatch echoes the server's string to sign, which holds the code we tried to send; the log
 * does not need it. Long messages are cut for the same reason.
 */
function cleanMessage(message: string): string {
  return message
    .split(/server string to sign/i)[0]!
    .trim()
    .slice(0, 200);
}

/** A timeout, a refused connection or a DNS failure; the URL is left out because its query holds the code. */
function networkError(err: unknown, timeoutMs: number): SendError {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') {
    return new SendError(`aliyun did not answer within ${timeoutMs} ms`, PROVIDER);
  }
  const reason = e.cause?.code ?? e.cause?.message ?? e.message ?? 'network failure';
  return new SendError(`aliyun unreachable: ${reason}`, PROVIDER);
}
