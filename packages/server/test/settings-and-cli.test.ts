import { hash as bcryptHash } from '@node-rs/bcrypt';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { openMigratedDb } from '../src/db/index.ts';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '..');
const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');

describe('settings', () => {
  it('has defaults for a quick start', () => {
    const c = loadConfig({ INIT_CWD: '/x' });
    expect(c).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      BASE_DOMAIN: 'localhost',
      DEFAULT_TENANT: 'demo',
      LOG_LEVEL: 'info',
    });
    expect(c.databaseUrl).toMatch(/^sqlite:.*data\/portal\.db$/);
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid setting PORT: expected an integer between 0 and 65535 \(got "abc"\)$/],
    [{ PORT: '70000' }, /^Invalid setting PORT/],
    [{ LOG_LEVEL: 'loud' }, /^Invalid setting LOG_LEVEL/],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid setting DATABASE_URL: expected sqlite:<file> or postgres/],
    [{ BASE_DOMAIN: 'bad domain' }, /^Invalid setting BASE_DOMAIN/],
    [{ DEFAULT_TENANT: 'Not_OK' }, /^Invalid setting DEFAULT_TENANT/],
    [{ TRUST_PROXY: 'maybe' }, /^Invalid setting TRUST_PROXY/],
  ])('refuses %o with one clear line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('stops the server at start on a bad value, printing one line', async () => {
    const err = await run(tsx, ['src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, PORT: 'eighty' },
    }).catch((e) => e);
    expect(err.code).toBe(1);
    expect(err.stderr.trim().split('\n')).toEqual([
      'Invalid setting PORT: expected an integer between 0 and 65535 (got "eighty")',
    ]);
  });
});

describe('the secret key settings', () => {
  const key = Buffer.alloc(32, 7).toString('base64');
  it.each([
    ['SECRET_KEY', 'too-short-a-key'],
    ['SECRET_KEY', Buffer.alloc(16, 7).toString('base64')],
    ['SECRET_KEY', `${key.slice(0, -2)}!=`],
    ['SECRET_KEY_PREVIOUS', Buffer.alloc(33, 7).toString('base64')],
  ])('refuses %s=%s with one line that does not echo the value', (name, value) => {
    const attempt = () => loadConfig({ SECRET_KEY: key, [name]: value });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      new RegExp(
        `^Invalid setting ${name}: expected 32 random bytes in base64.* \\(got ${value.length} characters\\)$`,
      ),
    );
  });

  it('accepts a key in base64 or base64url, with or without padding', () => {
    const url = Buffer.alloc(32, 251).toString('base64url');
    expect(loadConfig({ SECRET_KEY: key, SECRET_KEY_PREVIOUS: url }).SECRET_KEY_PREVIOUS).toBe(url);
  });

  it('asks for SECRET_KEY with PostgreSQL, and not with SQLite', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@db/tessera' })).toThrow(
      /^SECRET_KEY is required with PostgreSQL: every process must seal and open secrets with the same key$/,
    );
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/tessera', SECRET_KEY: key }).SECRET_KEY).toBe(key);
    expect(loadConfig({ INIT_CWD: '/x' }).SECRET_KEY).toBeUndefined();
  });

  it('stops the server at start on PostgreSQL without SECRET_KEY, printing one line', async () => {
    const err = await run(tsx, ['src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: 'postgres://u@127.0.0.1:1/tessera', SECRET_KEY: '' },
    }).catch((e) => e);
    expect(err.code).toBe(1);
    expect(err.stderr.trim().split('\n')).toEqual([
      'SECRET_KEY is required with PostgreSQL: every process must seal and open secrets with the same key',
    ]);
  });
});

describe('admin command line', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-cli-'));
  const env = { ...process.env, DATABASE_URL: `sqlite:${path.join(dir, 'portal.db')}` };
  const cli = async (...args: string[]) =>
    (await run(tsx, ['src/cli.ts', ...args], { cwd: serverDir, env })).stdout;
  const fails = async (...args: string[]) => {
    const err = await run(tsx, ['src/cli.ts', ...args], { cwd: serverDir, env }).catch((e) => e);
    return { code: err.code as number, stderr: String(err.stderr) };
  };
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('creates and lists tenants and users, disables and re-enables, sets passwords', async () => {
    expect(await cli('tenant', 'create', 'acme', '--name', 'Acme Corp')).toContain('Created tenant acme');
    const tenants = await cli('tenant', 'list');
    expect(tenants).toMatch(/^acme\tactive\tAcme Corp$/m);
    expect(tenants).toMatch(/^demo\tactive\t/m);
    expect(
      await cli(
        'user',
        'create',
        'acme',
        'alice',
        '--password',
        'Alice@123456',
        '--email',
        'alice@acme.test',
      ),
    ).toContain('Created user alice in acme');
    expect(await cli('user', 'list', 'acme')).toMatch(/^alice\tactive\talice\talice@acme\.test\t$/m);
    expect(await cli('user', 'disable', 'acme', 'alice')).toContain('is disabled');
    expect(await cli('user', 'list', 'acme')).toMatch(/^alice\tdisabled/m);
    expect(await cli('user', 'enable', 'acme', 'alice')).toContain('is active');
    expect(await cli('user', 'set-password', 'acme', 'alice', '--password', 'New@123456')).toContain(
      'changed',
    );
    expect(await cli('user', 'list', 'demo')).toMatch(/^demo\tactive\t演示用户/m);
  }, 120_000);

  it('imports users with passwords or hashes from another system, all or none', async () => {
    const file = path.join(dir, 'users.jsonl');
    const bcrypt = await bcryptHash('Old@123456', { cost: 4 });
    const lines = [
      { username: 'imp1', password: 'Imp@123456', email: 'imp1@acme.test' },
      { username: 'imp2', passwordHash: bcrypt, mobile: '13800000099' },
      { username: 'imp3', passwordHash: 'md5$abc' },
    ];
    fs.writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n\n'));
    expect(await fails('user', 'import', 'acme', file)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Line 5: Unsupported password hash'),
    });
    expect(await cli('user', 'list', 'acme')).not.toMatch(/^imp1\t/m);

    fs.writeFileSync(
      file,
      lines
        .slice(0, 2)
        .map((l) => JSON.stringify(l))
        .join('\n') + '\n',
    );
    expect(await cli('user', 'import', 'acme', file)).toContain('Imported 2 users into acme');
    const listed = await cli('user', 'list', 'acme');
    expect(listed).toMatch(/^imp1\tactive\timp1\timp1@acme\.test\t$/m);
    expect(listed).toMatch(/^imp2\tactive\timp2\t\t\+8613800000099$/m);

    expect(await cli('user', 'create', 'acme', 'imp4', '--password-hash', bcrypt)).toContain(
      'Created user imp4 in acme',
    );
    fs.writeFileSync(file, '{"username":"imp5","password":"x","passwordHash":"y"}\nnot json\n');
    expect(await fails('user', 'import', 'acme', file)).toMatchObject({
      stderr: expect.stringContaining('give password or passwordHash'),
    });
    fs.writeFileSync(file, 'not json\n');
    expect(await fails('user', 'import', 'acme', file)).toMatchObject({
      stderr: expect.stringContaining('Line 1: not JSON'),
    });
  }, 120_000);

  it('sets, shows and resets page themes, and changes the login config', async () => {
    expect(await cli('theme', 'templates', 'PC_LOGIN')).toMatch(
      /^PC_LOGIN\tpc_login_1\tcentered\tClassic centred\t\(default\)$/m,
    );
    expect(
      await cli(
        'theme',
        'set',
        'acme',
        'pc_login',
        '--template',
        'pc_login_5',
        '--option',
        'mainColor=#FF6600',
        'headerDisplay=false',
      ),
    ).toContain(
      'PC_LOGIN of acme is now {"template":"pc_login_5","mainColor":"#FF6600","headerDisplay":false}',
    );
    expect(await cli('theme', 'show', 'acme')).toMatch(/^PC_LOGIN\t\{"template":"pc_login_5"/m);
    expect(await cli('theme', 'reset', 'acme', 'PC_LOGIN')).toContain('back on the default template');
    expect(await cli('theme', 'show', 'acme')).toMatch(/^PC_LOGIN\tnull$/m);
    const config = JSON.parse(
      await cli('config', 'acme', 'enableRegister=true', 'languageList=["en"]', 'headerTitle=Acme SSO'),
    );
    expect(config).toMatchObject({ enableRegister: true, languageList: ['en'], headerTitle: 'Acme SSO' });
    expect(await cli('admin', 'token', 'acme')).toMatch(/^tsa_[\w-]{43}\n$/);
  }, 120_000);

  it('publishes agreement versions and expires passwords', async () => {
    expect(
      await cli(
        'agreement',
        'publish',
        'demo',
        'user',
        '--title',
        '用户协议',
        '--title-en',
        'User agreement',
        '--content',
        '一',
        '--content-en',
        'One',
      ),
    ).toMatch(/^Published user version 1 \(/);
    expect(
      await cli(
        'agreement',
        'publish',
        'demo',
        'user',
        '--title',
        '用户协议',
        '--title-en',
        'User agreement',
        '--content',
        '二',
        '--content-en',
        'Two',
      ),
    ).toMatch(/^Published user version 2 \(/);
    expect(await cli('agreement', 'list', 'demo')).toMatch(/^user\tv2\t[\w-]+\t用户协议\tUser agreement$/m);
    expect(
      (await fails('agreement', 'publish', 'demo', 'user', '--title', 'x', '--title-en', 'x')).stderr,
    ).toContain('Give the text in both languages');
    expect(await cli('user', 'expire-password', 'demo', 'demo')).toContain(
      'must change the password at the next login',
    );
    expect((await fails('user', 'expire-password', 'demo', 'demo', '--in-days', '3')).stderr).toContain(
      'The tenant has no passwordPolicy.maxAgeDays',
    );
    const db = await openMigratedDb(`sqlite:${path.join(dir, 'portal.db')}`);
    try {
      const row = await db
        .selectFrom('users')
        .select('must_change_password')
        .where('username', '=', 'demo')
        .executeTakeFirstOrThrow();
      expect(row.must_change_password).toBe(1);
    } finally {
      await db.destroy();
    }
  }, 120_000);

  it('registers, lists and disables applications, adds accounts, and rotates signing keys', async () => {
    const created = await cli(
      'app',
      'create',
      'demo',
      'CRM',
      '--client-id',
      'crm',
      '--redirect-uri',
      'https://crm.example/cb',
    );
    expect(created).toMatch(/^client_id\tcrm\nclient_secret\t[\w-]{32}\n$/);
    expect(
      await cli('app', 'create', 'demo', 'Wiki', '--public', '--redirect-uri', 'https://wiki.example/cb'),
    ).not.toContain('client_secret');
    expect(
      (await fails('app', 'create', 'demo', 'Bad', '--redirect-uri', 'javascript:alert(1)')).stderr,
    ).toMatch(/Invalid value redirectUris\.0/);
    expect(
      await cli('app', 'account', 'demo', 'crm', 'finance', '--kind', 'shared', '--user', 'demo:member'),
    ).toContain('Added account finance');
    expect(await cli('app', 'disable', 'demo', 'crm')).toContain('is disabled');
    const listed = await cli('app', 'list', 'demo');
    expect(listed).toMatch(/^crm\tdisabled\tconfidential\tCRM\thttps:\/\/crm\.example\/cb$/m);
    expect(listed).toMatch(/^example-app\tactive\tpublic\t/m);
    expect(await cli('tenant', 'rotate-signing-key', 'demo')).toMatch(/^New signing key [\w-]+ of demo/);
  }, 120_000);

  it('keeps sender settings with secrets hidden, and lists the outbox', async () => {
    const shown = await cli(
      'settings',
      'acme',
      'sms={"provider":"tencent","secretId":"id","secretKey":"top-secret","smsSdkAppId":"1400","signName":"Acme","templateId":"12"}',
      'captchaAfterFailures=3',
    );
    expect(shown).toContain('"provider": "tencent"');
    expect(shown).toContain('"captchaAfterFailures": 3');
    expect(shown).not.toContain('top-secret');
    const db = await openMigratedDb(env.DATABASE_URL);
    const acme = await db
      .selectFrom('tenants')
      .select('id')
      .where('code', '=', 'acme')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('outbox')
      .values({
        tenant_id: acme.id,
        channel: 'sms',
        recipient: '+8613900000000',
        purpose: 'LOGIN',
        subject: 's',
        body: 'code 123456',
        created_at: Date.now(),
      })
      .execute();
    await db.destroy();
    expect(await cli('outbox', 'acme')).toMatch(/\tacme\tsms\t\+8613900000000\tLOGIN\tcode 123456$/m);
    expect(await cli('outbox', 'demo')).toBe('');
  }, 120_000);

  it('explains what is wrong and exits non-zero', async () => {
    expect(await fails('theme', 'set', 'acme', 'PC_LOGIN', '--option', 'mainColor=red')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('The value of option mainColor is not valid (THEME.0003)'),
    });
    expect(await fails('theme', 'set', 'acme', 'PC_LOGIN', '--template', 'nope')).toMatchObject({
      stderr: expect.stringContaining('There is no template nope'),
    });
    expect(await fails('theme', 'set', 'acme', 'HOME', '--template', 'x')).toMatchObject({
      stderr: expect.stringContaining('Unknown page "HOME"'),
    });
    expect(await fails('settings', 'acme', 'sms={"provider":"aliyun"}')).toMatchObject({
      stderr: expect.stringContaining('Invalid setting sms.accessKeyId'),
    });
    expect(await fails('config', 'acme', 'headerBgColor=blue')).toMatchObject({
      stderr: expect.stringContaining('Invalid login setting headerBgColor'),
    });
    expect(await fails('tenant', 'create', 'Bad_Code', '--name', 'x')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Invalid tenant code'),
    });
    expect(await fails('tenant', 'create', 'demo', '--name', 'again')).toMatchObject({
      stderr: expect.stringContaining('already exists'),
    });
    expect(await fails('user', 'create', 'nowhere', 'x', '--password', 'p')).toMatchObject({
      stderr: expect.stringContaining('No tenant "nowhere"'),
    });
    expect(await fails('user', 'disable', 'demo', 'ghost')).toMatchObject({
      stderr: expect.stringContaining('No user "ghost"'),
    });
    expect(await fails('user', 'create', 'demo', 'x')).toMatchObject({
      stderr: expect.stringContaining('Give --password or --password-hash'),
    });
  }, 120_000);
});
