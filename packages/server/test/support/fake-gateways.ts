/**
 * Local stand-ins for the Aliyun and Tencent Cloud SMS and voice gateways, on 127.0.0.1 at a free port.
 *
 * Each checks requests the way its cloud documents it: signature, freshness, replay (Aliyun's nonce),
 * required parameters, approved sign names and templates, and answers with the cloud's own success and
 * error bodies. The signature checks are written here again from the documentation and import nothing
 * from the adapters, so a signing mistake in an adapter fails against the fake instead of agreeing with
 * itself. Every accepted message is recorded in `received` for tests to read.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGateway<T> {
  /** Base URL, e.g. http://127.0.0.1:40123; point settings.endpoint and settings.voiceEndpoint at it. */
  url: string;
  received: T[];
  close(): Promise<void>;
}

interface Incoming {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

interface Reply {
  status: number;
  body: object;
}

/** An HTTP server on a free local port that hands each whole request to `handle`. */
async function serve<T>(received: T[], handle: (req: Incoming) => Reply): Promise<FakeGateway<T>> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const incoming = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://fake.invalid'),
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      const { status, body } = handle(incoming);
      res.writeHead(status, { 'Content-Type': 'application/json;charset=utf-8' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url: `http://127.0.0.1:${port}`, received, close };
}

// ---------------------------------------------------------------------------------------------------------
// Aliyun: dysmsapi SendSms and dyvmsapi SingleCallByTts, RPC signature v1 (help.aliyun.com, "签名机制")
// ---------------------------------------------------------------------------------------------------------

/** What the fake Aliyun account has approved; anything else is refused as the real one would. */
export const ALIYUN_APPROVED = {
  signName: 'Tessera',
  templateCode: 'SMS_100000001',
  voiceTtsCode: 'TTS_100000001',
  calledShowNumber: '057100000001',
} as const;

export interface AliyunReceived {
  action: 'SendSms' | 'SingleCallByTts';
  /** PhoneNumbers or CalledNumber, exactly as sent. */
  phone: string;
  /** TemplateCode or TtsCode. */
  template: string;
  /** TemplateParam or TtsParam, parsed. */
  params: Record<string, string>;
  signName?: string;
  showNumber?: string;
}

type Params = Record<string, string>;

/** Aliyun answers 15 minutes either side of its clock. */
const ALIYUN_CLOCK_SKEW_MS = 15 * 60_000;
const ALIYUN_COMMON = [
  'AccessKeyId',
  'Action',
  'Signature',
  'SignatureMethod',
  'SignatureNonce',
  'SignatureVersion',
  'Timestamp',
  'Version',
];

/** The documented encoding, byte by byte: A-Z a-z 0-9 - _ . ~ stay, every other UTF-8 byte becomes %XY. */
function popEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += /^[A-Za-z0-9\-_.~]$/.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** StringToSign = METHOD & %2F & encode(sorted "name=value" pairs joined by &), Signature excluded. */
function aliyunStringToSign(method: string, params: Params): string {
  const pairs = Object.keys(params)
    .filter((name) => name !== 'Signature')
    .sort()
    .map((name) => `${popEncode(name)}=${popEncode(params[name]!)}`);
  return `${method}&${popEncode('/')}&${popEncode(pairs.join('&'))}`;
}

function aliyunError(status: number, code: string, message: string): Reply {
  return {
    status,
    body: {
      RequestId: randomUUID().toUpperCase(),
      HostId: 'dysmsapi.aliyuncs.com',
      Code: code,
      Message: message,
    },
  };
}

/** Business refusals come back with HTTP 200 and the isv code in the body. */
const aliyunRefusal = (code: string, message: string) => aliyunError(200, code, message);

/** Query parameters, plus form fields when the call is a POST. */
function aliyunParams(req: Incoming): Params {
  const params: Params = Object.fromEntries(req.url.searchParams);
  if (req.method === 'POST')
    Object.assign(params, Object.fromEntries(new URLSearchParams(req.body.toString('utf8'))));
  return params;
}

function checkAliyunAuth(
  req: Incoming,
  p: Params,
  keys: { accessKeyId: string; accessKeySecret: string },
  nonces: Set<string>,
): Reply | undefined {
  const missing = ALIYUN_COMMON.find((name) => !p[name]);
  if (missing) return aliyunError(400, `Missing${missing}`, `${missing} is mandatory for this action.`);
  if (p.SignatureMethod !== 'HMAC-SHA1' || p.SignatureVersion !== '1.0') {
    return aliyunError(
      400,
      'IncompleteSignature',
      'The request signature does not conform to Aliyun standards.',
    );
  }
  if (p.AccessKeyId !== keys.accessKeyId) {
    return aliyunError(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(p.Timestamp!)) {
    return aliyunError(
      400,
      'InvalidTimeStamp.Format',
      'Specified time stamp or date header is not in ISO8601 format.',
    );
  }
  if (Math.abs(Date.now() - Date.parse(p.Timestamp!)) > ALIYUN_CLOCK_SKEW_MS) {
    return aliyunError(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date header is expired.');
  }
  const stringToSign = aliyunStringToSign(req.method, p);
  const expected = createHmac('sha1', `${keys.accessKeySecret}&`)
    .update(stringToSign, 'utf8')
    .digest('base64');
  if (p.Signature !== expected) {
    // The real gateway echoes its string to sign; kept so the adapters are tested on keeping it out of logs.
    const message = `Specified signature is not matched with our calculation. server string to sign is:${stringToSign}`;
    return aliyunError(400, 'SignatureDoesNotMatch', message);
  }
  // Only a correctly signed request uses its nonce up, as on the real gateway.
  if (nonces.has(p.SignatureNonce!)) {
    return aliyunError(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
  }
  nonces.add(p.SignatureNonce!);
  return undefined;
}

/** A template parameter: a JSON object of string values, with the template's ${code}. */
function aliyunTemplateParam(raw: string | undefined): Record<string, string> | Reply {
  let value: unknown;
  try {
    value = JSON.parse(raw ?? '');
  } catch {
    return aliyunRefusal('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
  }
  const entries = typeof value === 'object' && value !== null ? Object.entries(value) : [];
  if (entries.length === 0 || entries.some(([, v]) => typeof v !== 'string')) {
    return aliyunRefusal('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
  }
  const params = Object.fromEntries(entries) as Record<string, string>;
  if (!params.code) return aliyunRefusal('isv.TEMPLATE_MISSING_PARAMETERS', '模板缺少变量');
  return params;
}

const isReply = (v: object): v is Reply => 'status' in v && 'body' in v;

function aliyunSendSms(p: Params, received: AliyunReceived[]): Reply {
  // Mainland numbers without a prefix, others as country code + number; never a '+'.
  if (!/^\d{5,20}$/.test(p.PhoneNumbers ?? ''))
    return aliyunRefusal('isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
  if (p.SignName !== ALIYUN_APPROVED.signName) {
    return aliyunRefusal('isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名');
  }
  if (p.TemplateCode !== ALIYUN_APPROVED.templateCode) {
    return aliyunRefusal('isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板');
  }
  const params = aliyunTemplateParam(p.TemplateParam);
  if (isReply(params)) return params;
  received.push({
    action: 'SendSms',
    phone: p.PhoneNumbers!,
    template: p.TemplateCode,
    params,
    signName: p.SignName,
  });
  const ok = { Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0`, RequestId: randomUUID().toUpperCase() };
  return { status: 200, body: ok };
}

function aliyunSingleCallByTts(p: Params, received: AliyunReceived[]): Reply {
  // Voice calls reach mainland China only: an 11-digit mobile number without prefix.
  if (!/^1[3-9]\d{9}$/.test(p.CalledNumber ?? ''))
    return aliyunRefusal('isv.MOBILE_NUMBER_ILLEGAL', '号码格式非法');
  if (p.CalledShowNumber !== undefined && p.CalledShowNumber !== ALIYUN_APPROVED.calledShowNumber) {
    return aliyunRefusal('isv.DISPLAY_NUMBER_ILLEGAL', '号显不合法');
  }
  if (p.TtsCode !== ALIYUN_APPROVED.voiceTtsCode)
    return aliyunRefusal('isv.TTS_TEMPLATE_ILLEGAL', 'TTS模板不合法');
  const params = aliyunTemplateParam(p.TtsParam);
  if (isReply(params)) return params;
  const call = { phone: p.CalledNumber!, template: p.TtsCode, params, showNumber: p.CalledShowNumber };
  received.push({ action: 'SingleCallByTts', ...call });
  const ok = { Code: 'OK', Message: 'OK', CallId: `${Date.now()}^0`, RequestId: randomUUID().toUpperCase() };
  return { status: 200, body: ok };
}

/** Serves SendSms and SingleCallByTts on one address, as if dysmsapi and dyvmsapi shared a host. */
export async function startFakeAliyun(keys: {
  accessKeyId: string;
  accessKeySecret: string;
}): Promise<FakeGateway<AliyunReceived>> {
  const received: AliyunReceived[] = [];
  const nonces = new Set<string>();
  return serve(received, (req) => {
    const p = aliyunParams(req);
    const refused = checkAliyunAuth(req, p, keys, nonces);
    if (refused) return refused;
    if (p.Version !== '2017-05-25')
      return aliyunError(400, 'InvalidVersion', 'Specified parameter Version is not valid.');
    if (p.Action === 'SendSms') return aliyunSendSms(p, received);
    if (p.Action === 'SingleCallByTts') return aliyunSingleCallByTts(p, received);
    return aliyunError(
      404,
      'InvalidAction.NotFound',
      'Specified api is not found, please check your url and method.',
    );
  });
}

// ---------------------------------------------------------------------------------------------------------
// Tencent Cloud: sms SendSms 2021-01-11 and vms SendTtsVoice 2020-09-02, TC3-HMAC-SHA256 (signature v3)
// ---------------------------------------------------------------------------------------------------------

/** What the fake Tencent account has approved; anything else is refused as the real one would. */
export const TENCENT_APPROVED = {
  smsSdkAppId: '1400000001',
  signName: 'Tessera',
  templateId: '100001',
  voiceSdkAppId: '1400000002',
  voiceTemplateId: '200001',
} as const;

export interface TencentReceived {
  action: 'SendSms' | 'SendTtsVoice';
  /** One entry of PhoneNumberSet, or CalledNumber: E.164 with '+'. */
  phone: string;
  template: string;
  /** TemplateParamSet. */
  params: string[];
  /** SmsSdkAppId or VoiceSdkAppid. */
  appId: string;
  region: string;
  signName?: string;
  playTimes?: number;
}

/** Tencent Cloud refuses a timestamp more than 5 minutes off its clock (AuthFailure.SignatureExpire). */
const TENCENT_CLOCK_SKEW_S = 5 * 60;
const TENCENT_API: Record<string, { service: string; version: string }> = {
  SendSms: { service: 'sms', version: '2021-01-11' },
  SendTtsVoice: { service: 'vms', version: '2020-09-02' },
};
const AUTHORIZATION =
  /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/;

/** Every API 3.0 answer is HTTP 200; an error is a Response.Error next to the RequestId. */
function tencentError(code: string, message: string): Reply {
  return {
    status: 200,
    body: { Response: { Error: { Code: code, Message: message }, RequestId: randomUUID() } },
  };
}

function tencentOk(fields: object): Reply {
  return { status: 200, body: { Response: { ...fields, RequestId: randomUUID() } } };
}

const header = (req: Incoming, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/** CanonicalRequest of the documentation: signed headers by lower-case name, values trimmed and lower-cased. */
function tencentCanonicalRequest(req: Incoming, signedHeaders: string[]): string {
  const headers = signedHeaders
    .map((name) => `${name}:${(header(req, name) ?? '').trim().toLowerCase()}\n`)
    .join('');
  const payloadHash = createHash('sha256').update(req.body).digest('hex');
  return `${req.method}\n${req.url.pathname}\n${req.url.search.slice(1)}\n${headers}\n${signedHeaders.join(';')}\n${payloadHash}`;
}

function tencentSignature(secretKey: string, date: string, service: string, stringToSign: string): string {
  const kDate = createHmac('sha256', `TC3${secretKey}`).update(date).digest();
  const kService = createHmac('sha256', kDate).update(service).digest();
  const kSigning = createHmac('sha256', kService).update('tc3_request').digest();
  return createHmac('sha256', kSigning).update(stringToSign).digest('hex');
}

function checkTencentHeaders(req: Incoming): Reply | undefined {
  if (req.method !== 'POST' || !header(req, 'content-type')?.startsWith('application/json')) {
    return tencentError('UnsupportedOperation', 'This fake serves POST application/json only.');
  }
  for (const name of ['X-TC-Action', 'X-TC-Version', 'X-TC-Timestamp', 'X-TC-Region', 'Authorization']) {
    if (!header(req, name.toLowerCase())) {
      return tencentError('MissingParameter', `The request is missing a required parameter \`${name}\`.`);
    }
  }
  const action = header(req, 'x-tc-action')!;
  const api = TENCENT_API[action];
  if (!api) return tencentError('InvalidAction', `The requested action \`${action}\` does not exist.`);
  const version = header(req, 'x-tc-version');
  if (version !== api.version) {
    return tencentError(
      'NoSuchVersion',
      `The requested version \`${version}\` of service \`${api.service}\` does not exist.`,
    );
  }
  return undefined;
}

interface Tc3Credential {
  secretId: string;
  date: string;
  service: string;
  signedHeaders: string[];
  signature: string;
}

/** The parts of the Authorization header, or the gateway's refusal of its shape. */
function parseTencentAuthorization(req: Incoming): Tc3Credential | Reply {
  const match = AUTHORIZATION.exec(header(req, 'authorization')!);
  if (!match) return tencentError('AuthFailure.InvalidAuthorization', 'Authorization header format error.');
  const [, secretId, date, service, signed, signature] = match as unknown as string[];
  return {
    secretId: secretId!,
    date: date!,
    service: service!,
    signedHeaders: signed!.split(';'),
    signature: signature!,
  };
}

/** Who signed, and when: the SecretId, the 5-minute window, and a scope that fits the timestamp and action. */
function checkTencentCredential(req: Incoming, cred: Tc3Credential, secretId: string): Reply | undefined {
  if (cred.secretId !== secretId) {
    const message = 'The SecretId is not found, please ensure that your SecretId is correct.';
    return tencentError('AuthFailure.SecretIdNotFound', message);
  }
  const timestamp = Number(header(req, 'x-tc-timestamp'));
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > TENCENT_CLOCK_SKEW_S) {
    const message = `Signature expired. Timestamp: ${header(req, 'x-tc-timestamp')}.`;
    return tencentError('AuthFailure.SignatureExpire', message);
  }
  const scopeDate = new Date(timestamp * 1000).toISOString().slice(0, 10);
  const service = TENCENT_API[header(req, 'x-tc-action')!]!.service;
  const signsEnough = cred.signedHeaders.includes('content-type') && cred.signedHeaders.includes('host');
  if (!signsEnough || cred.date !== scopeDate || cred.service !== service) {
    const message = 'Credential scope or SignedHeaders do not match the request.';
    return tencentError('AuthFailure.InvalidAuthorization', message);
  }
  return undefined;
}

function checkTencentAuth(req: Incoming, keys: { secretId: string; secretKey: string }): Reply | undefined {
  const cred = parseTencentAuthorization(req);
  if (isReply(cred)) return cred;
  const refused = checkTencentCredential(req, cred, keys.secretId);
  if (refused) return refused;
  const hashedRequest = createHash('sha256')
    .update(tencentCanonicalRequest(req, cred.signedHeaders))
    .digest('hex');
  const scope = `${cred.date}/${cred.service}/tc3_request`;
  const stringToSign = `TC3-HMAC-SHA256\n${header(req, 'x-tc-timestamp')}\n${scope}\n${hashedRequest}`;
  if (cred.signature !== tencentSignature(keys.secretKey, cred.date, cred.service, stringToSign)) {
    const message =
      'The provided credentials could not be validated. Please check your signature is correct.';
    return tencentError('AuthFailure.SignatureFailure', message);
  }
  return undefined;
}

type Body = Record<string, unknown>;

const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((s) => typeof s === 'string');

const TEMPLATE_UNAPPROVED =
  'template is not approved or request content does not match the approved template content';

/** One entry of SendStatusSet: each number is accepted or refused on its own, billed only when accepted. */
function smsStatus(phone: string, body: Body, region: string, received: TencentReceived[]) {
  const status = (Code: string, Message: string) => {
    const sent = Code === 'Ok';
    const IsoCode = sent && phone.startsWith('+86') ? 'CN' : '';
    const SerialNo = sent ? `2433:${randomUUID()}` : '';
    return { SerialNo, PhoneNumber: phone, Fee: sent ? 1 : 0, SessionContext: '', Code, Message, IsoCode };
  };
  if (body.TemplateId !== TENCENT_APPROVED.templateId) {
    return status('FailedOperation.TemplateIncorrectOrUnapproved', TEMPLATE_UNAPPROVED);
  }
  if (!/^\+[1-9]\d{6,14}$/.test(phone)) {
    return status('InvalidParameterValue.IncorrectPhoneNumber', 'incorrect phone number');
  }
  const params = body.TemplateParamSet as string[];
  const [appId, signName] = [String(body.SmsSdkAppId), String(body.SignName)];
  received.push({ action: 'SendSms', phone, template: body.TemplateId, params, appId, region, signName });
  return status('Ok', 'send success');
}

function tencentSendSms(body: Body, region: string, received: TencentReceived[]): Reply {
  if (body.SmsSdkAppId !== TENCENT_APPROVED.smsSdkAppId) {
    return tencentError('UnauthorizedOperation.SmsSdkAppIdVerifyFail', 'SmsSdkAppId verify failed.');
  }
  if (body.SignName !== TENCENT_APPROVED.signName) {
    return tencentError(
      'FailedOperation.SignatureIncorrectOrUnapproved',
      'signature is not approved or signature is incorrect',
    );
  }
  if (!isStringArray(body.PhoneNumberSet) || body.PhoneNumberSet.length === 0) {
    return tencentError('MissingParameter.EmptyPhoneNumberSet', 'PhoneNumberSet is empty.');
  }
  if (!isStringArray(body.TemplateParamSet)) {
    return tencentError(
      'InvalidParameterValue.TemplateParameterFormatError',
      'TemplateParamSet must be strings.',
    );
  }
  return tencentOk({
    SendStatusSet: body.PhoneNumberSet.map((phone) => smsStatus(phone, body, region, received)),
  });
}

function tencentSendTtsVoice(body: Body, region: string, received: TencentReceived[]): Reply {
  if (body.VoiceSdkAppid !== TENCENT_APPROVED.voiceSdkAppId) {
    return tencentError('UnauthorizedOperation.VoiceSdkAppidVerifyFail', 'VoiceSdkAppid verify failed.');
  }
  if (body.TemplateId !== TENCENT_APPROVED.voiceTemplateId) {
    return tencentError('FailedOperation.TemplateIncorrectOrUnapproved', TEMPLATE_UNAPPROVED);
  }
  if (typeof body.CalledNumber !== 'string' || !/^\+861[3-9]\d{9}$/.test(body.CalledNumber)) {
    return tencentError('InvalidParameterValue.CalledNumberVerifyFail', 'CalledNumber verify failed.');
  }
  const playTimes = body.PlayTimes ?? 2;
  if (
    !isStringArray(body.TemplateParamSet) ||
    typeof playTimes !== 'number' ||
    playTimes < 1 ||
    playTimes > 3
  ) {
    return tencentError('FailedOperation.InvalidParameters', 'TemplateParamSet or PlayTimes is invalid.');
  }
  const call = {
    phone: body.CalledNumber,
    template: body.TemplateId,
    params: body.TemplateParamSet,
    appId: body.VoiceSdkAppid,
  };
  received.push({ action: 'SendTtsVoice', ...call, region, playTimes });
  return tencentOk({ SendStatus: { CallId: randomUUID(), SessionContext: '' } });
}

function tencentBody(req: Incoming): Body | undefined {
  try {
    const body: unknown = JSON.parse(req.body.toString('utf8'));
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Body) : undefined;
  } catch {
    return undefined;
  }
}

/** Serves SendSms and SendTtsVoice on one address, as if sms and vms shared a host. */
export async function startFakeTencent(keys: {
  secretId: string;
  secretKey: string;
}): Promise<FakeGateway<TencentReceived>> {
  const received: TencentReceived[] = [];
  return serve(received, (req) => {
    const refused = checkTencentHeaders(req) ?? checkTencentAuth(req, keys);
    if (refused) return refused;
    const body = tencentBody(req);
    if (!body) return tencentError('FailedOperation.JsonParseFail', 'The request body is not a JSON object.');
    const region = header(req, 'x-tc-region')!;
    return header(req, 'x-tc-action') === 'SendSms'
      ? tencentSendSms(body, region, received)
      : tencentSendTtsVoice(body, region, received);
  });
}
