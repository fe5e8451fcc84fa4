/**
 * The Aliyun and Tencent Cloud adapters against local fakes that check signatures the documented way
 * (support/fake-gateways.ts), plus fixed vectors: the clouds' own documented examples, and one request per
 * cloud whose signature was worked out by hand from the documentation (and with openssl, outside this code).
 */
import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AliyunSender, percentEncode, rpcSignature } from '../src/modules/verification/senders/aliyun.ts';
import { TencentSender, tc3Authorization } from '../src/modules/verification/senders/tencent.ts';
import {
  SendError,
  type AliyunSettings,
  type OutgoingMessage,
  type TencentSettings,
} from '../src/modules/verification/senders/types.ts';
import {
  ALIYUN_APPROVED,
  TENCENT_APPROVED,
  startFakeAliyun,
  startFakeTencent,
  type AliyunReceived,
  type FakeGateway,
  type TencentReceived,
} from './support/fake-gateways.ts';

const message = (
  channel: 'sms' | 'voice',
  recipient = '+8613800000000',
  code = '042917',
): OutgoingMessage => ({
  tenantId: 'tenant-1',
  channel,
  recipient,
  purpose: 'LOGIN',
  lang: 'zh',
  code,
  text: `Your code is ${code}`,
  subject: '',
});

/** Awaits a send that must fail and returns its SendError. */
async function refusal(sending: Promise<void>): Promise<SendError> {
  const err = await sending.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SendError);
  return err as SendError;
}

/** A URL where nothing listens: a port that was free a moment ago. */
async function closedPortUrl(): Promise<string> {
  const server = http.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** A server that takes requests and never answers. */
async function silentServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(() => undefined).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url: `http://127.0.0.1:${port}`, close };
}

/** A fetch that records the request and answers with `reply`, for the fixed vectors. */
function capturingFetch(reply: object) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(input), init });
    return new Response(JSON.stringify(reply), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as typeof fetch;
  return { calls, fetch: fetchFn };
}

const FIXED_NOW = () => new Date('2025-01-02T03:04:05.678Z');
const MINUTES_AGO = (minutes: number) => () => new Date(Date.now() - minutes * 60_000);

describe('AliyunSender', () => {
  const keys = { accessKeyId: 'LTAI5tTesseraTestKey', accessKeySecret: 'tessera-test-secret' };
  let fake: FakeGateway<AliyunReceived>;
  let settings: AliyunSettings;
  beforeAll(async () => {
    fake = await startFakeAliyun(keys);
    settings = {
      provider: 'aliyun',
      ...keys,
      signName: ALIYUN_APPROVED.signName,
      templateCode: ALIYUN_APPROVED.templateCode,
      voiceTtsCode: ALIYUN_APPROVED.voiceTtsCode,
      calledShowNumber: ALIYUN_APPROVED.calledShowNumber,
      endpoint: fake.url,
      voiceEndpoint: fake.url,
    };
  });
  afterAll(async () => fake?.close());
  const last = () => fake.received.at(-1);

  it('percent-encodes as RFC 3986, beyond what encodeURIComponent escapes', () => {
    expect(percentEncode("a!b'c(d)e*f g~-_.")).toBe('a%21b%27c%28d%29e%2Af%20g~-_.');
    expect(percentEncode('/=&+认')).toBe('%2F%3D%26%2B%E8%AE%A4');
  });

  it('reproduces the signatures of the examples in Aliyun documentation', () => {
    // The RPC signature page (ECS DescribeRegions, secret "testsecret").
    const describeRegions = {
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Timestamp: '2016-02-23T12:46:24Z',
      Version: '2014-05-26',
    };
    expect(rpcSignature('GET', describeRegions, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
    // The SMS HTTP protocol page (SendSms with a Chinese sign name, secret "testSecret").
    const sendSms = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(rpcSignature('GET', sendSms, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('sends a fixed SendSms whose signature matches the one worked out by hand', async () => {
    const capture = capturingFetch({ Code: 'OK', Message: 'OK' });
    const deps = {
      fetch: capture.fetch,
      now: FIXED_NOW,
      nonce: () => 'b8c2c7d4-5d0e-4a5f-9a51-2f3c1d7e0a11',
    };
    const sender = new AliyunSender({ ...settings, signName: 'Tessera 认证', endpoint: undefined }, deps);
    await sender.send(message('sms'));

    // Sorted parameters, each name and value percent-encoded (space %20, UTF-8 bytes), then the whole
    // canonical query percent-encoded once more behind "GET&%2F&".
    const stringToSign =
      'GET&%2F&AccessKeyId%3DLTAI5tTesseraTestKey%26Action%3DSendSms%26Format%3DJSON' +
      '%26PhoneNumbers%3D13800000000%26RegionId%3Dcn-hangzhou' +
      '%26SignName%3DTessera%2520%25E8%25AE%25A4%25E8%25AF%2581%26SignatureMethod%3DHMAC-SHA1' +
      '%26SignatureNonce%3Db8c2c7d4-5d0e-4a5f-9a51-2f3c1d7e0a11%26SignatureVersion%3D1.0' +
      '%26TemplateCode%3DSMS_100000001%26TemplateParam%3D%257B%2522code%2522%253A%2522042917%2522%257D' +
      '%26Timestamp%3D2025-01-02T03%253A04%253A05Z%26Version%3D2017-05-25';
    const signature = createHmac('sha1', 'tessera-test-secret&').update(stringToSign).digest('base64');
    expect(signature).toBe('5NcOiAMSRHB0rATwubelK4eRF60='); // openssl dgst -sha1 -hmac 'tessera-test-secret&'

    expect(capture.calls).toHaveLength(1);
    const url = new URL(capture.calls[0]!.url);
    expect(url.origin + url.pathname).toBe('https://dysmsapi.aliyuncs.com/');
    expect(capture.calls[0]!.init?.method ?? 'GET').toBe('GET');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      AccessKeyId: 'LTAI5tTesseraTestKey',
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: '13800000000',
      RegionId: 'cn-hangzhou',
      SignName: 'Tessera 认证',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: 'b8c2c7d4-5d0e-4a5f-9a51-2f3c1d7e0a11',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_100000001',
      TemplateParam: '{"code":"042917"}',
      Timestamp: '2025-01-02T03:04:05Z',
      Version: '2017-05-25',
      Signature: signature,
    });
    // On the wire the space is %20 and '+', '/', '=' of the signature are escaped.
    expect(url.search).toContain('SignName=Tessera%20%E8%AE%A4%E8%AF%81');
    expect(url.search).toContain(`Signature=${encodeURIComponent(signature)}`);
  });

  it('delivers an SMS code that the gateway accepts', async () => {
    await new AliyunSender(settings).send(message('sms', '+8613800000000', '381024'));
    expect(last()).toEqual({
      action: 'SendSms',
      phone: '13800000000',
      template: ALIYUN_APPROVED.templateCode,
      params: { code: '381024' },
      signName: ALIYUN_APPROVED.signName,
    });
  });

  it('sends international numbers with the country code and no plus sign', async () => {
    await new AliyunSender(settings).send(message('sms', '+85261234567', '555123'));
    expect(last()).toMatchObject({ phone: '85261234567', params: { code: '555123' } });
  });

  it('places a voice call that the gateway accepts', async () => {
    await new AliyunSender(settings).send(message('voice', '+8613900000000', '707070'));
    expect(last()).toEqual({
      action: 'SingleCallByTts',
      phone: '13900000000',
      template: ALIYUN_APPROVED.voiceTtsCode,
      params: { code: '707070' },
      showNumber: ALIYUN_APPROVED.calledShowNumber,
    });
  });

  it.each(['sms', 'voice'] as const)(
    'is refused with a wrong secret (%s), without leaking it',
    async (channel) => {
      const count = fake.received.length;
      const sender = new AliyunSender({ ...settings, accessKeySecret: 'not-the-secret' });
      const err = await refusal(sender.send(message(channel, '+8613800000000', '246810')));
      expect(err.provider).toBe('aliyun');
      expect(err.providerCode).toBe('SignatureDoesNotMatch');
      // The gateway's message echoes the string to sign, which holds the code; none of it reaches the log.
      expect(err.message).not.toContain('not-the-secret');
      expect(err.message).not.toContain('246810');
      expect(fake.received.length).toBe(count);
    },
  );

  it('surfaces an unknown SMS template as the gateway code', async () => {
    const sender = new AliyunSender({ ...settings, templateCode: 'SMS_404' });
    const err = await refusal(sender.send(message('sms')));
    expect(err.providerCode).toBe('isv.SMS_TEMPLATE_ILLEGAL');
  });

  it('surfaces an unknown voice template as the gateway code', async () => {
    const sender = new AliyunSender({ ...settings, voiceTtsCode: 'TTS_404' });
    const err = await refusal(sender.send(message('voice')));
    expect(err.providerCode).toBe('isv.TTS_TEMPLATE_ILLEGAL');
  });

  it('is refused when its clock is off by more than 15 minutes', async () => {
    const err = await refusal(new AliyunSender(settings, { now: MINUTES_AGO(20) }).send(message('sms')));
    expect(err.providerCode).toBe('InvalidTimeStamp.Expired');
  });

  it('cannot replay a nonce', async () => {
    const sender = new AliyunSender(settings, { nonce: () => 'same-nonce-twice' });
    await sender.send(message('sms'));
    const err = await refusal(sender.send(message('sms')));
    expect(err.providerCode).toBe('SignatureNonceUsed');
  });

  it('refuses voice without its settings or to numbers outside mainland China', async () => {
    const count = fake.received.length;
    const unset = new AliyunSender({ ...settings, voiceTtsCode: undefined });
    expect((await refusal(unset.send(message('voice')))).message).toMatch(/voiceTtsCode/);
    await refusal(new AliyunSender(settings).send(message('voice', '+85261234567')));
    expect(fake.received.length).toBe(count);
  });

  it.each(['sms', 'voice'] as const)(
    'fails with SendError when the gateway is unreachable (%s)',
    async (channel) => {
      const url = await closedPortUrl();
      const sender = new AliyunSender({ ...settings, endpoint: url, voiceEndpoint: url });
      const err = await refusal(sender.send(message(channel)));
      expect(err.provider).toBe('aliyun');
      expect(err.message).toMatch(/unreachable/);
    },
  );

  it('gives up on a gateway that does not answer', async () => {
    const silent = await silentServer();
    try {
      const sender = new AliyunSender({ ...settings, endpoint: silent.url }, { timeoutMs: 200 });
      expect((await refusal(sender.send(message('sms')))).message).toMatch(/did not answer/);
    } finally {
      await silent.close();
    }
  });
});

describe('TencentSender', () => {
  const keys = { secretId: 'AKIDTesseraTestSecretId', secretKey: 'tessera-test-key' };
  let fake: FakeGateway<TencentReceived>;
  let settings: TencentSettings;
  beforeAll(async () => {
    fake = await startFakeTencent(keys);
    settings = {
      provider: 'tencent',
      ...keys,
      ...TENCENT_APPROVED,
      endpoint: fake.url,
      voiceEndpoint: fake.url,
    };
  });
  afterAll(async () => fake?.close());
  const last = () => fake.received.at(-1);

  it('reproduces the signature of the example in Tencent Cloud documentation', () => {
    // Signature v3 page: CVM DescribeInstances, signed headers content-type;host. The keys are the
    // documentation's own masked strings, asterisks included.
    const authorization = tc3Authorization({
      secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******',
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3*******',
      service: 'cvm',
      timestamp: 1551113065,
      headers: { 'content-type': 'application/json; charset=utf-8', host: 'cvm.tencentcloudapi.com' },
      payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
    });
    expect(authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******/2019-02-25/cvm/tc3_request, ' +
        'SignedHeaders=content-type;host, ' +
        'Signature=2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c',
    );
  });

  it('sends a fixed SendSms whose Authorization matches the one worked out by hand', async () => {
    const capture = capturingFetch({
      Response: { SendStatusSet: [{ Code: 'Ok', Message: 'send success' }] },
    });
    const sender = new TencentSender(
      { ...settings, endpoint: undefined },
      { fetch: capture.fetch, now: FIXED_NOW },
    );
    await sender.send(message('sms'));

    const body =
      '{"PhoneNumberSet":["+8613800000000"],"SmsSdkAppId":"1400000001","SignName":"Tessera",' +
      '"TemplateId":"100001","TemplateParamSet":["042917"]}';
    const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
    const canonicalRequest =
      'POST\n/\n\n' +
      'content-type:application/json; charset=utf-8\nhost:sms.tencentcloudapi.com\nx-tc-action:sendsms\n\n' +
      `content-type;host;x-tc-action\n${sha256(body)}`;
    const stringToSign = `TC3-HMAC-SHA256\n1735787045\n2025-01-02/sms/tc3_request\n${sha256(canonicalRequest)}`;
    const kDate = createHmac('sha256', 'TC3tessera-test-key').update('2025-01-02').digest();
    const kService = createHmac('sha256', kDate).update('sms').digest();
    const kSigning = createHmac('sha256', kService).update('tc3_request').digest();
    const signature = createHmac('sha256', kSigning).update(stringToSign).digest('hex');
    // The same chain computed with openssl dgst -sha256 -mac HMAC.
    expect(signature).toBe('114c2bab59afff8587b0e7e5daff961bb0b0c5c0d2e4d562d41afb79a3b522e9');

    expect(capture.calls).toHaveLength(1);
    const { url, init } = capture.calls[0]!;
    expect(url).toBe('https://sms.tencentcloudapi.com/');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(body);
    expect(init?.headers).toEqual({
      Authorization:
        'TC3-HMAC-SHA256 Credential=AKIDTesseraTestSecretId/2025-01-02/sms/tc3_request, ' +
        `SignedHeaders=content-type;host;x-tc-action, Signature=${signature}`,
      'Content-Type': 'application/json; charset=utf-8',
      Host: 'sms.tencentcloudapi.com',
      'X-TC-Action': 'SendSms',
      'X-TC-Version': '2021-01-11',
      'X-TC-Timestamp': '1735787045',
      'X-TC-Region': 'ap-guangzhou',
    });
  });

  it('delivers an SMS code that the gateway accepts', async () => {
    await new TencentSender(settings).send(message('sms', '+8613800000000', '381024'));
    expect(last()).toEqual({
      action: 'SendSms',
      phone: '+8613800000000',
      template: TENCENT_APPROVED.templateId,
      params: ['381024'],
      appId: TENCENT_APPROVED.smsSdkAppId,
      region: 'ap-guangzhou',
      signName: TENCENT_APPROVED.signName,
    });
  });

  it('places a voice call that the gateway accepts', async () => {
    await new TencentSender({ ...settings, region: 'ap-beijing' }).send(
      message('voice', '+8613900000000', '707070'),
    );
    expect(last()).toEqual({
      action: 'SendTtsVoice',
      phone: '+8613900000000',
      template: TENCENT_APPROVED.voiceTemplateId,
      params: ['707070'],
      appId: TENCENT_APPROVED.voiceSdkAppId,
      region: 'ap-beijing',
      playTimes: 2,
    });
  });

  it.each(['sms', 'voice'] as const)(
    'is refused with a wrong secret key (%s), without leaking it',
    async (channel) => {
      const count = fake.received.length;
      const sender = new TencentSender({ ...settings, secretKey: 'not-the-key' });
      const err = await refusal(sender.send(message(channel)));
      expect(err.provider).toBe('tencent');
      expect(err.providerCode).toBe('AuthFailure.SignatureFailure');
      expect(err.message).not.toContain('not-the-key');
      expect(fake.received.length).toBe(count);
    },
  );

  it('surfaces an unknown SMS template, reported in the send status, as the gateway code', async () => {
    const sender = new TencentSender({ ...settings, templateId: '404' });
    const err = await refusal(sender.send(message('sms')));
    expect(err.providerCode).toBe('FailedOperation.TemplateIncorrectOrUnapproved');
  });

  it('surfaces an unapproved sign name, reported as Response.Error, as the gateway code', async () => {
    const sender = new TencentSender({ ...settings, signName: 'Somebody else' });
    const err = await refusal(sender.send(message('sms')));
    expect(err.providerCode).toBe('FailedOperation.SignatureIncorrectOrUnapproved');
  });

  it('surfaces an unknown voice template as the gateway code', async () => {
    const sender = new TencentSender({ ...settings, voiceTemplateId: '404' });
    const err = await refusal(sender.send(message('voice')));
    expect(err.providerCode).toBe('FailedOperation.TemplateIncorrectOrUnapproved');
  });

  it('is refused when its clock is off by more than 5 minutes', async () => {
    const err = await refusal(new TencentSender(settings, { now: MINUTES_AGO(6) }).send(message('sms')));
    expect(err.providerCode).toBe('AuthFailure.SignatureExpire');
  });

  it('refuses voice without its settings or to numbers outside mainland China', async () => {
    const count = fake.received.length;
    const unset = new TencentSender({ ...settings, voiceTemplateId: undefined });
    expect((await refusal(unset.send(message('voice')))).message).toMatch(/voiceTemplateId/);
    await refusal(new TencentSender(settings).send(message('voice', '+85261234567')));
    expect(fake.received.length).toBe(count);
  });

  it.each(['sms', 'voice'] as const)(
    'fails with SendError when the gateway is unreachable (%s)',
    async (channel) => {
      const url = await closedPortUrl();
      const sender = new TencentSender({ ...settings, endpoint: url, voiceEndpoint: url });
      const err = await refusal(sender.send(message(channel)));
      expect(err.provider).toBe('tencent');
      expect(err.message).toMatch(/unreachable/);
    },
  );

  it('gives up on a gateway that does not answer', async () => {
    const silent = await silentServer();
    try {
      const sender = new TencentSender({ ...settings, endpoint: silent.url }, { timeoutMs: 200 });
      expect((await refusal(sender.send(message('sms')))).message).toMatch(/did not answer/);
    } finally {
      await silent.close();
    }
  });
});
