/**
 * Verification codes through Tencent Cloud: SMS with SendSms (sms, 2021-01-11), voice calls with
 * SendTtsVoice (vms, 2020-09-02). API 3.0 requests: JSON POST signed with TC3-HMAC-SHA256.
 */
import { createHash, createHmac } from 'node:crypto';
import { SendError, type OutgoingMessage, type Sender, type TencentSettings } from './types.ts';

/** What tests replace: the network, the clock, and how long to wait for an answer. */
export interface TencentDeps {
  fetch?: typeof fetch;
  now?: () => Date;
  /** Unused: TC3 has no nonce. Accepted so both gateway adapters take the same deps. */
  nonce?: () => string;
  /** Milliseconds before a silent gateway counts as failed; 10 s by default. */
  timeoutMs?: number;
}

const PROVIDER = 'tencent';
const TIMEOUT_MS = 10_000;
const CONTENT_TYPE = 'application/json; charset=utf-8';

/** Each action's product: its service name in the credential scope, API version and default endpoint. */
const API = {
  SendSms: { service: 'sms', version: '2021-01-11', endpoint: 'https://sms.tencentcloudapi.com' },
  SendTtsVoice: { service: 'vms', version: '2020-09-02', endpoint: 'https://vms.tencentcloudapi.com' },
} as const;
type Action = keyof typeof API;

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

export interface Tc3Input {
  secretId: string;
  secretKey: string;
  service: string;
  /** Unix seconds, the value of X-TC-Timestamp. */
  timestamp: number;
  /** The headers to sign, by lower-case name; content-type and host at least. */
  headers: Record<string, string>;
  payload: string;
}

/** The Authorization header of a POST to '/' as signature v3 defines it. */
export function tc3Authorization(input: Tc3Input): string {
  const names = Object.keys(input.headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${input.headers[n]!.trim().toLowerCase()}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256Hex(input.payload)].join(
    '\n',
  );
  // The date in the scope is the UTC day of the timestamp, not the local one.
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', input.timestamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const kSigning = hmac(hmac(hmac(`TC3${input.secretKey}`, date), input.service), 'tc3_request');
  const signature = createHmac('sha256', kSigning).update(stringToSign, 'utf8').digest('hex');
  return `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

export class TencentSender implements Sender {
  constructor(
    private readonly settings: TencentSettings,
    private readonly deps: TencentDeps = {},
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    if (message.channel === 'sms') {
      const reply = await this.call('SendSms', this.settings.endpoint, this.sms(message));
      const status = reply.SendStatusSet?.[0];
      // A request can be accepted while the one number in it is refused (bad number, template mismatch).
      if (status?.Code !== 'Ok') {
        throw new SendError(
          `tencent SendSms refused: ${status?.Message ?? 'no send status'}`,
          PROVIDER,
          status?.Code,
        );
      }
      return;
    }
    if (message.channel === 'voice') {
      const reply = await this.call('SendTtsVoice', this.settings.voiceEndpoint, this.voice(message));
      if (!reply.SendStatus)
        throw new SendError('tencent SendTtsVoice answered without SendStatus', PROVIDER);
      return;
    }
    throw new SendError(`tencent cannot send over ${message.channel}`, PROVIDER);
  }

  private sms(m: OutgoingMessage): object {
    const { smsSdkAppId, signName, templateId } = this.settings;
    return {
      PhoneNumberSet: [m.recipient],
      SmsSdkAppId: smsSdkAppId,
      SignName: signName,
      TemplateId: templateId,
      TemplateParamSet: [m.code],
    };
  }

  private voice(m: OutgoingMessage): object {
    const { voiceSdkAppId, voiceTemplateId } = this.settings;
    if (!voiceSdkAppId || !voiceTemplateId) {
      throw new SendError('tencent voice is not configured (voiceSdkAppId, voiceTemplateId)', PROVIDER);
    }
    // Voice messages reach mainland China numbers only; say so rather than let the call fail opaquely.
    if (!m.recipient.startsWith('+86'))
      throw new SendError('tencent voice calls mainland China only', PROVIDER);
    return {
      TemplateId: voiceTemplateId,
      TemplateParamSet: [m.code],
      CalledNumber: m.recipient,
      VoiceSdkAppid: voiceSdkAppId,
      PlayTimes: 2,
    };
  }

  private headers(action: Action, host: string, payload: string): Record<string, string> {
    const timestamp = Math.floor((this.deps.now ?? (() => new Date()))().getTime() / 1000);
    const authorization = tc3Authorization({
      secretId: this.settings.secretId,
      secretKey: this.settings.secretKey,
      service: API[action].service,
      timestamp,
      headers: { 'content-type': CONTENT_TYPE, host, 'x-tc-action': action },
      payload,
    });
    return {
      Authorization: authorization,
      'Content-Type': CONTENT_TYPE,
      Host: host,
      'X-TC-Action': action,
      'X-TC-Version': API[action].version,
      'X-TC-Timestamp': String(timestamp),
      'X-TC-Region': this.settings.region ?? 'ap-guangzhou',
    };
  }

  /** Posts one action and returns its Response, or throws the gateway's error. */
  private async call(action: Action, endpoint: string | undefined, body: object): Promise<TencentResponse> {
    const url = new URL(endpoint ?? API[action].endpoint);
    const payload = JSON.stringify(body);
    // The signed host must be what goes on the wire: host:port when an override names a port.
    const init = { method: 'POST', headers: this.headers(action, url.host, payload), body: payload };
    const { status, reply } = await this.fetchJson(`${url.origin}/`, init);
    const error = reply.Response?.Error;
    if (error) throw new SendError(`tencent ${action} refused: ${error.Message}`, PROVIDER, error.Code);
    if (status < 200 || status >= 300 || !reply.Response) {
      throw new SendError(`tencent ${action} failed: HTTP ${status}`, PROVIDER);
    }
    return reply.Response;
  }

  private async fetchJson(url: string, init: RequestInit): Promise<{ status: number; reply: TencentReply }> {
    const timeoutMs = this.deps.timeoutMs ?? TIMEOUT_MS;
    try {
      const res = await (this.deps.fetch ?? fetch)(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      const text = await res.text();
      return { status: res.status, reply: parseReply(text) };
    } catch (err) {
      throw networkError(err, timeoutMs);
    }
  }
}

interface TencentResponse {
  Error?: { Code: string; Message: string };
  SendStatusSet?: Array<{ Code: string; Message: string }>;
  SendStatus?: { CallId: string };
  RequestId?: string;
}

interface TencentReply {
  Response?: TencentResponse;
}

function parseReply(text: string): TencentReply {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null ? (body as TencentReply) : {};
  } catch {
    return {};
  }
}

/** A timeout, a refused connection or a DNS failure, told apart for the log. */
function networkError(err: unknown, timeoutMs: number): SendError {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') {
    return new SendError(`tencent did not answer within ${timeoutMs} ms`, PROVIDER);
  }
  const reason = e.cause?.code ?? e.cause?.message ?? e.message ?? 'network failure';
  return new SendError(`tencent unreachable: ${reason}`, PROVIDER);
}
