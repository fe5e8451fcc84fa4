/**
 * Secrets at rest (modules/secrets): the AES-256-GCM box, where its key comes from, the rows each
 * feature writes (read behind the services: none may hold a secret in plain), the features still
 * working over them, and `cli secrets reseal` for old plain rows and key rotation.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openMigratedDb } from '../src/db/index.ts';
import { sqlAdapter } from '../src/modules/oidc/adapter.ts';
import { SecretBox, keyIdOf } from '../src/modules/secrets/box.ts';
import { secretBoxFor } from '../src/modules/secrets/keys.ts';
import { resealAll } from '../src/modules/secrets/reseal.ts';
import { createServices } from '../src/services.ts';
import {
  DEMO_HOST,
  DIALECTS,
  type TestServer,
  encrypt,
  ephemeralEntries,
  login,
  post,
  publicKey,
  startTestServer,
} from './harness.ts';
import {
  ALIYUN_APPROVED,
  type AliyunReceived,
  type FakeGateway,
  startFakeAliyun,
} from './support/fake-gateways.ts';
import { type TestSmtp, startSmtp } from './support/smtp.ts';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '..');
const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');

const newKey = () => randomBytes(32);
const SEALED = /^sealed:v1:[0-9a-f]{8}:[\w-]{16}:[\w-]+$/;

describe('the secret box', () => {
  const key = newKey();
  const box = new SecretBox(key);

  it('seals under a named key with a fresh IV each time, and opens', () => {
    const sealed = box.seal('pässword ✓', 'applications.client_secret');
    expect(sealed).toMatch(SEALED);
    expect(sealed.split(':')[2]).toBe(createHash('sha256').update(key).digest('hex').slice(0, 8));
    expect(box.keyId).toBe(keyIdOf(key));
    expect(box.seal('pässword ✓', 'applications.client_secret')).not.toBe(sealed);
    expect(box.open(sealed, 'applications.client_secret')).toBe('pässword ✓');
    expect(box.open(box.seal('', 'x'), 'x')).toBe('');
  });

  it('refuses a value altered by one byte', () => {
    const sealed = box.seal('top-secret', 'otp_credentials.secret');
    const parts = sealed.split(':');
    const body = Buffer.from(parts[4]!, 'base64url');
    body.writeUInt8(body.readUInt8(0) ^ 1, 0);
    const tampered = [...parts.slice(0, 4), body.toString('base64url')].join(':');
    expect(() => box.open(tampered, 'otp_credentials.secret')).toThrow(`key ${box.keyId}`);
    expect(() => box.open(tampered, 'otp_credentials.secret')).not.toThrow(/top-secret/);
  });

  it('refuses a value sealed under another key, naming that key', () => {
    const other = new SecretBox(newKey());
    const sealed = other.seal('top-secret', 'tenant_keys.private_pem');
    expect(() => box.open(sealed, 'tenant_keys.private_pem')).toThrow(
      new RegExp(`sealed under key ${other.keyId}, which is neither SECRET_KEY nor SECRET_KEY_PREVIOUS`),
    );
  });

  it('does not open a value moved to another column', () => {
    const sealed = box.seal('top-secret', 'applications.client_secret');
    expect(() => box.open(sealed, 'otp_credentials.secret')).toThrow(/fails its check/);
  });

  it('gives back values stored before sealing as they are', () => {
    expect(box.open('legacy-plain', 'applications.client_secret')).toBe('legacy-plain');
  });

  it('opens with the previous key during a rotation, and seals only with the current one', () => {
    const old = new SecretBox(key);
    const rotated = new SecretBox(newKey(), [key]);
    const sealed = old.seal('top-secret', 'oidc_keys.material');
    expect(rotated.open(sealed, 'oidc_keys.material')).toBe('top-secret');
    expect(rotated.isCurrent(sealed)).toBe(false);
    const resealed = rotated.reseal(sealed, 'oidc_keys.material');
    expect(resealed.split(':')[2]).toBe(rotated.keyId);
    expect(rotated.isCurrent(resealed)).toBe(true);
    expect(() => old.open(resealed, 'oidc_keys.material')).toThrow(rotated.keyId);
  });
});

describe('where the key comes from', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-key-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('makes a key file beside a SQLite database once, readable by its owner only', () => {
    const config = loadConfig({ DATABASE_URL: `sqlite:${path.join(dir, 'db', 'portal.db')}` });
    const first = secretBoxFor(config);
    const file = path.join(dir, 'db', 'secret.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const text = fs.readFileSync(file, 'utf8').trim();
    expect(Buffer.from(text, 'base64')).toHaveLength(32);
    expect(first.keyId).toBe(keyIdOf(Buffer.from(text, 'base64')));
    expect(secretBoxFor(config).keyId).toBe(first.keyId);
    expect(fs.readdirSync(path.join(dir, 'db'))).toEqual(['secret.key']);
  });

  it('takes SECRET_KEY over the key file, and SECRET_KEY_PREVIOUS for opening only', () => {
    const [current, previous] = [newKey(), newKey()];
    const box = secretBoxFor(
      loadConfig({
        DATABASE_URL: `sqlite:${path.join(dir, 'other', 'portal.db')}`,
        SECRET_KEY: current.toString('base64'),
        SECRET_KEY_PREVIOUS: previous.toString('base64url'),
      }),
    );
    expect(box.keyId).toBe(keyIdOf(current));
    expect(box.open(new SecretBox(previous).seal('x', 'p'), 'p')).toBe('x');
    expect(fs.existsSync(path.join(dir, 'other', 'secret.key'))).toBe(false);
  });
});

/** The TOTP code of a key now, or `offset` periods on. */
const codeOf = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offset * 30_000,
  });

describe.each(DIALECTS)('secrets at rest over $name', ({ name, available }) => {
  let s: TestServer;
  let demoId: string;
  let smtp: TestSmtp;
  let aliyun: FakeGateway<AliyunReceived>;
  const aliyunKeys = { accessKeyId: 'LTAI-secrets-test', accessKeySecret: 'aliyun-top-secret' };
  beforeAll(async () => {
    if (!available) return;
    s = await startTestServer(name, 'secrets');
    demoId = (await s.services.tenancy.getByCode('demo'))!.id;
    smtp = await startSmtp({ user: 'mailer', pass: 'smtp-top-secret' });
    aliyun = await startFakeAliyun(aliyunKeys);
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
    await aliyun?.close();
  });

  const db = () => s.services.db;
  const json = (url: string, body: unknown, cookie = '') =>
    post(s.app, `/api/v1${url}`, { 'content-type': 'application/json', cookie }, JSON.stringify(body));
  const form = (url: string, fields: Record<string, string>) =>
    post(
      s.app,
      `/api/v1${url}`,
      { 'content-type': 'application/x-www-form-urlencoded' },
      new URLSearchParams(fields).toString(),
    );
  const tokenRequest = (clientId: string, secret: string) =>
    s.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: {
        host: DEMO_HOST,
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
      },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'no-such-code',
        redirect_uri: 'https://crm.example/cb',
        code_verifier: 'v'.repeat(43),
      }).toString(),
    });
  const settingsRow = async () =>
    JSON.parse(
      (await db().selectFrom('tenants').select('settings').where('id', '=', demoId).executeTakeFirstOrThrow())
        .settings,
    );

  it.skipIf(!available)(
    'keeps client secrets sealed, and the client authenticates with its secret',
    async () => {
      const app = await s.services.applications.create(demoId, {
        name: 'CRM',
        redirectUris: ['https://crm.example/cb'],
      });
      const secret = app.client_secret!;
      const row = await db()
        .selectFrom('applications')
        .select('client_secret')
        .where('client_id', '=', app.client_id)
        .executeTakeFirstOrThrow();
      expect(row.client_secret).toMatch(SEALED);
      expect(row.client_secret).not.toContain(secret);
      expect((await s.services.applications.find(demoId, app.client_id))!.client_secret).toBe(secret);
      // client_secret_basic: the right secret gets past client authentication to the (bogus) code.
      expect((await tokenRequest(app.client_id, secret)).json().error).toBe('invalid_grant');
      expect((await tokenRequest(app.client_id, `${secret}x`)).json().error).toBe('invalid_client');
    },
  );

  it.skipIf(!available)('keeps OTP seeds sealed, and an OTP login works', async () => {
    await s.services.accounts.create(demoId, { username: 'otpuser', password: 'Otp@123456' });
    const pem = await publicKey(s.app);
    const signIn = await form('/login/form', { username: 'otpuser', password: encrypt(pem, 'Otp@123456') });
    const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const key = (await json('/config/generateOTPKey', {}, cookie)).json().data;
    // The key offered and not yet bound is sealed in the ephemeral store as well.
    const [pending] = await ephemeralEntries(s, 'otp-pending:*');
    expect(pending!.v).toMatch(SEALED);
    expect(pending!.v).not.toContain(key.secret);
    expect((await json('/otp/bind', { code: codeOf(key.secret) }, cookie)).json().code).toBe('0');
    const user = (await s.services.accounts.findByUsername(demoId, 'otpuser'))!;
    const row = await db()
      .selectFrom('otp_credentials')
      .select('secret')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.secret).toMatch(SEALED);
    expect(row.secret).not.toContain(key.secret);
    const otpLogin = await form('/login/otp', { username: 'otpuser', code: codeOf(key.secret, 1) });
    expect(otpLogin.json()).toMatchObject({ code: '0', data: { user: { username: 'otpuser' } } });
    // A key offered under a secret key since rotated out is as good as expired: no server fault.
    const elsewhere = new SecretBox(newKey()).seal(key.secret, 'otp-pending');
    await s.services.ephemeral.set(`otp-pending:${demoId}:${user.id}`, elsewhere, 60_000);
    expect((await json('/otp/bind', { code: codeOf(key.secret) }, cookie)).json().code).toBe('OTP.0002');
  });

  it.skipIf(!available)('keeps sender secrets sealed in the settings, and the senders use them', async () => {
    await s.services.tenancy.updateSettings(demoId, {
      sms: {
        provider: 'aliyun',
        ...aliyunKeys,
        signName: ALIYUN_APPROVED.signName,
        templateCode: ALIYUN_APPROVED.templateCode,
        endpoint: aliyun.url,
      },
      email: {
        provider: 'smtp',
        host: '127.0.0.1',
        port: smtp.port,
        secure: false,
        user: 'mailer',
        pass: 'smtp-top-secret',
        from: 'Tessera <no-reply@demo.test>',
      },
    });
    // A later change of another field leaves them sealed and whole.
    await s.services.tenancy.updateSettings(demoId, { captchaAfterFailures: 3 });
    const stored = await settingsRow();
    expect(stored.sms.accessKeySecret).toMatch(SEALED);
    expect(stored.email.pass).toMatch(SEALED);
    expect(stored.sms.accessKeyId).toBe(aliyunKeys.accessKeyId);
    const raw = JSON.stringify(stored);
    expect(raw).not.toContain('aliyun-top-secret');
    expect(raw).not.toContain('smtp-top-secret');
    const { settings } = (await s.services.tenancy.getByCode('demo'))!;
    expect(settings.sms).toMatchObject({ accessKeySecret: 'aliyun-top-secret' });
    expect(settings.email).toMatchObject({ pass: 'smtp-top-secret' });

    // The fake Aliyun checks the signature made with the secret; the SMTP server checks the login.
    const send = (channel: string, recipient: string) =>
      json('/code/send', { purpose: 'LOGIN', channel, recipient });
    expect((await send('sms', '13800000000')).json().code).toBe('0');
    expect(aliyun.received).toMatchObject([{ action: 'SendSms', phone: '13800000000' }]);
    expect((await send('email', 'demo@example.com')).json().code).toBe('0');
    expect((await smtp.next('demo@example.com')).subject).toBeTruthy();
    await s.services.tenancy.updateSettings(demoId, {
      sms: { provider: 'outbox' },
      email: { provider: 'outbox' },
    });
  });

  it.skipIf(!available)(
    'keeps private keys and OpenID Connect keys sealed, and they still work',
    async () => {
      expect((await login(s.app, 'demo', 'Demo@123456')).json().code).toBe('0');
      const jwks = await s.app.inject({ method: 'GET', url: '/oidc/jwks', headers: { host: DEMO_HOST } });
      expect(jwks.json().keys).toHaveLength(1);
      const keys = await db().selectFrom('tenant_keys').select('private_pem').execute();
      const oidc = await db().selectFrom('oidc_keys').select(['use', 'material']).execute();
      expect(oidc.map((k) => k.use).sort()).toEqual(['cookie', 'sig']);
      for (const value of [...keys.map((k) => k.private_pem), ...oidc.map((k) => k.material)]) {
        expect(value).toMatch(SEALED);
        expect(value).not.toMatch(/PRIVATE KEY|"d":/);
      }
    },
  );

  it.skipIf(!available)('reseals plain rows from before, and moves everything to a new key', async () => {
    // Rows as an older version wrote them: in plain.
    const acme = (await s.services.tenancy.getByCode('acme'))!;
    const keyRow = await db()
      .selectFrom('tenant_keys')
      .select(['id', 'private_pem'])
      .where('tenant_id', '=', acme.id)
      .executeTakeFirstOrThrow();
    const plainPem = s.services.secrets.open(keyRow.private_pem, 'tenant_keys.private_pem');
    await db()
      .updateTable('tenant_keys')
      .set({ private_pem: plainPem })
      .where('id', '=', keyRow.id)
      .execute();
    const app = await s.services.applications.create(demoId, {
      name: 'Old',
      redirectUris: ['https://old.example/cb'],
    });
    await db()
      .updateTable('applications')
      .set({ client_secret: 'old-plain-secret' })
      .where('client_id', '=', app.client_id)
      .execute();
    await db()
      .updateTable('tenants')
      .set({
        settings: JSON.stringify({
          sms: {
            provider: 'tencent',
            secretId: 'id',
            secretKey: 'tencent-plain',
            smsSdkAppId: '1',
            signName: 'A',
            templateId: '2',
          },
        }),
      })
      .where('id', '=', acme.id)
      .execute();
    // The plain rows still work before the reseal.
    expect((await s.services.applications.find(demoId, app.client_id))!.client_secret).toBe(
      'old-plain-secret',
    );

    const counts = await resealAll(db(), s.services.secrets);
    expect(counts).toEqual({
      senderSecrets: 1,
      clientSecrets: 1,
      otpSeeds: 0,
      tenantKeys: 1,
      oidcKeys: 0,
      oidcRecords: 0,
    });
    expect(await resealAll(db(), s.services.secrets)).toEqual({
      senderSecrets: 0,
      clientSecrets: 0,
      otpSeeds: 0,
      tenantKeys: 0,
      oidcKeys: 0,
      oidcRecords: 0,
    });
    const appRow = await db()
      .selectFrom('applications')
      .select('client_secret')
      .where('client_id', '=', app.client_id)
      .executeTakeFirstOrThrow();
    expect(appRow.client_secret).toMatch(SEALED);
    expect((await tokenRequest(app.client_id, 'old-plain-secret')).json().error).toBe('invalid_grant');
    expect((await s.services.tenancy.getByCode('acme'))!.settings.sms).toMatchObject({
      secretKey: 'tencent-plain',
    });
    expect((await login(s.app, 'alice', 'Alice@123456', 'acme.localhost:8080')).json().code).toBe('0');

    // A session of the OpenID Connect provider, sealed under the current key.
    await new (sqlAdapter(db(), s.services.secrets))('Session').upsert('session-1', { accountId: 'a1' }, 600);

    // Rotation: a process with the new key and the old one as previous reseals; then the old one can go.
    const oldKey = s.services.config.SECRET_KEY ?? keyFileOf(s);
    const fresh = newKey().toString('base64');
    const rotating = await servicesWith({ SECRET_KEY: fresh, SECRET_KEY_PREVIOUS: oldKey });
    try {
      // Both tenants' key pairs, demo's signing key and cookie secret, the OTP seed, CRM and Old, acme's SMS.
      const records = await rotating.db.selectFrom('oidc_payloads').select('id').execute();
      expect(records.length).toBeGreaterThan(0);
      expect(await resealAll(rotating.db, rotating.secrets)).toEqual({
        senderSecrets: 1,
        clientSecrets: 2,
        otpSeeds: 1,
        tenantKeys: 2,
        oidcKeys: 2,
        oidcRecords: records.length,
      });
    } finally {
      await rotating.db.destroy();
    }
    const after = await servicesWith({ SECRET_KEY: fresh });
    try {
      const newId = after.secrets.keyId;
      const sealedValues = [
        ...(await after.db.selectFrom('tenant_keys').select('private_pem as v').execute()),
        ...(await after.db.selectFrom('oidc_keys').select('material as v').execute()),
        ...(await after.db.selectFrom('otp_credentials').select('secret as v').execute()),
      ].map((r) => r.v);
      for (const v of sealedValues) expect(v.split(':')[2]).toBe(newId);
      expect((await after.applications.find(demoId, app.client_id))!.client_secret).toBe('old-plain-secret');
      expect((await after.tenancy.getByCode('acme'))!.settings.sms).toMatchObject({
        secretKey: 'tencent-plain',
      });
      const pem = await after.crypto.publicKey(demoId);
      expect(await after.crypto.decrypt(demoId, encrypt(pem, 'still-works'))).toBe('still-works');
      const sessions = new (sqlAdapter(after.db, after.secrets))('Session');
      expect(await sessions.find('session-1')).toMatchObject({ accountId: 'a1' });
      // A process without the key a record was sealed under finds nothing, rather than failing.
      const stranger = new (sqlAdapter(after.db, new SecretBox(newKey())))('Session');
      expect(await stranger.find('session-1')).toBeUndefined();
    } finally {
      await after.db.destroy();
    }
  });

  /** Services of another process over the same database, with other key settings. */
  async function servicesWith(env: Record<string, string>) {
    const config = loadConfig({ DATABASE_URL: s.services.config.databaseUrl, LOG_LEVEL: 'silent', ...env });
    return createServices(await openMigratedDb(config.databaseUrl), config);
  }
});

/** The key a SQLite test server took from the file beside its database. */
function keyFileOf(s: TestServer): string {
  const file = s.services.config.databaseUrl.slice('sqlite:'.length);
  return fs.readFileSync(path.join(path.dirname(file), 'secret.key'), 'utf8').trim();
}

describe('cli secrets reseal', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-reseal-'));
  const dbUrl = `sqlite:${path.join(dir, 'portal.db')}`;
  const cli = async (env: Record<string, string>, ...args: string[]) =>
    (
      await run(tsx, ['src/cli.ts', ...args], {
        cwd: serverDir,
        env: { ...process.env, DATABASE_URL: dbUrl, SECRET_KEY: '', SECRET_KEY_PREVIOUS: '', ...env },
      })
    ).stdout;
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('seals a plain row from before, and rotates from SECRET_KEY_PREVIOUS', async () => {
    const created = await cli(
      {},
      'app',
      'create',
      'demo',
      'CRM',
      '--client-id',
      'crm',
      '--redirect-uri',
      'https://crm.example/cb',
    );
    const secret = /client_secret\t(\S+)/.exec(created)![1]!;
    const fileKey = fs.readFileSync(path.join(dir, 'secret.key'), 'utf8').trim();
    const db = await openMigratedDb(dbUrl);
    const secretRow = () =>
      db
        .selectFrom('applications')
        .select('client_secret')
        .where('client_id', '=', 'crm')
        .executeTakeFirstOrThrow();
    try {
      await db
        .updateTable('applications')
        .set({ client_secret: secret })
        .where('client_id', '=', 'crm')
        .execute();
      const first = await cli({}, 'secrets', 'reseal');
      expect(first).toContain(`Resealed under key ${keyIdOf(Buffer.from(fileKey, 'base64'))}:`);
      expect(first).toMatch(/^clientSecrets\t1$/m);
      expect(first).toMatch(/^tenantKeys\t0$/m);
      expect((await secretRow()).client_secret).toMatch(SEALED);

      const fresh = newKey();
      const rotated = await cli(
        { SECRET_KEY: fresh.toString('base64'), SECRET_KEY_PREVIOUS: fileKey },
        'secrets',
        'reseal',
      );
      expect(rotated).toMatch(/^clientSecrets\t1$/m);
      expect(rotated).toMatch(/^tenantKeys\t1$/m);
      expect((await secretRow()).client_secret!.split(':')[2]).toBe(keyIdOf(fresh));
      expect(await cli({ SECRET_KEY: fresh.toString('base64') }, 'app', 'list', 'demo')).toMatch(
        /^crm\tactive\tconfidential\t/m,
      );
    } finally {
      await db.destroy();
    }
  }, 120_000);
});
