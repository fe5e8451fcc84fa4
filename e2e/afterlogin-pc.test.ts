/**
 * The post-login flow on PC (docs/flows.md), clicked through as a person does it: an expired and an
 * expiring password, the signed-in user's own change, new agreement versions, the profile and the
 * mobile number a tenant asks for. Each journey has its own user; agreements and profile settings
 * live on tenants of their own so that they ask nothing of the other journeys' users.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { httpRequest, useE2E } from './support/harness.ts';

/** Agreements are published here; its login page has a theme of its own, which the steps follow. */
const TERMS = { tenant: 'terms', username: 'tina', password: 'Tina@123456' };
/** The profile and mobile steps are switched on here. */
const PEOPLE = { tenant: 'people', username: 'paul', password: 'Paul@123456' };

const e2e = useE2E({
  cli: [
    ['tenant', 'create', TERMS.tenant, '--name', 'Terms Corp'],
    ['theme', 'set', TERMS.tenant, 'PC_LOGIN', '--template', 'pc_login_2', '--option', 'mainColor=#E4572E'],
    ['config', TERMS.tenant, 'enableRegister=true'],
    ['user', 'create', TERMS.tenant, TERMS.username, '--password', TERMS.password],
    ['tenant', 'create', PEOPLE.tenant, '--name', 'People Corp'],
    ['config', PEOPLE.tenant, 'enableRegister=true'],
    ['user', 'create', PEOPLE.tenant, PEOPLE.username, '--password', PEOPLE.password],
  ],
});

const ZH = { user: '用户名', password: '密码', submit: '登录' };
const EN = { user: 'Username', password: 'Password', submit: 'Log in' };

async function signIn(
  page: Page,
  who: { username: string; password: string; tenant?: string },
  lang: 'zh' | 'en',
) {
  const labels = lang === 'zh' ? ZH : EN;
  await page.goto(e2e.url('/pc/authentication/login', who.tenant));
  await page.locator('[data-template]').waitFor();
  await page.getByLabel(labels.user, { exact: true }).fill(who.username);
  await page.getByLabel(labels.password, { exact: true }).fill(who.password);
  await page.getByRole('button', { name: labels.submit, exact: true }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: '退出登录' }).click();
  await page.getByText('您已安全退出').waitFor();
}

async function admin(tenant: string, method: string, path: string, body: unknown) {
  const token = (await e2e.server.cli('admin', 'token', tenant)).trim();
  const res = await httpRequest(e2e.url(`/api/v1/admin/${path}`, tenant), {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.json<{ code: string }>().code).toBe('0');
}

async function outboxCode(tenant: string, recipient: string): Promise<string> {
  const line = (await e2e.server.cli('outbox', tenant, '--limit', '50'))
    .split('\n')
    .find((l) => l.split('\t')[3] === recipient);
  if (!line) throw new Error(`no outbox message to ${recipient}`);
  return /\b(\d{6})\b/.exec(line.split('\t')[5]!)![1]!;
}

/** A form item's error, not the tips and hints shown under the field anyway. */
const fieldError = (page: Page, text: string) =>
  page.locator('.ant-form-item-explain-error', { hasText: text });

async function publish(version: string) {
  await e2e.server.cli(
    'agreement',
    'publish',
    TERMS.tenant,
    'user',
    '--title',
    '用户协议',
    '--title-en',
    'User agreement',
    '--content',
    `第一条 本协议（第 ${version} 版）约定您使用本服务的权利与义务。\n\n第二条 请妥善保管您的账号和密码。`,
    '--content-en',
    `1. This agreement (version ${version}) sets out your rights and duties.\n\n2. Keep your password safe.`,
  );
}

describe('PC post-login flow', () => {
  it('makes a user with an expired password change it before the session starts', async () => {
    const who = { username: 'expired1', password: 'Expired@123' };
    await e2e.server.cli('user', 'create', 'demo', who.username, '--password', who.password);
    await e2e.server.cli('user', 'expire-password', 'demo', who.username);
    const page = await e2e.newPcPage('zh');
    await signIn(page, who, 'zh');
    await page.waitForURL(/\/mustChangePwd\/expired1\/0\?flowId=/);
    await page.getByText('您的密码已过期，请修改密码后继续。').waitFor();
    await expect.poll(() => page.title()).toBe('修改密码');
    expect(await page.getByRole('button', { name: '暂不修改' }).count()).toBe(0);
    // No session yet: the account page is not open.
    const probe = await page.request.get(e2e.url('/api/v1/config/isLogin'));
    expect((await probe.json()) as { data: { isLogin: boolean } }).toMatchObject({
      data: { isLogin: false },
    });

    await page.getByLabel('新密码', { exact: true }).fill('abcdefgh');
    await page.getByLabel('确认密码', { exact: true }).fill('abcdefgh');
    await page.getByRole('button', { name: '确认修改' }).click();
    await fieldError(page, '至少包含数字、小写字母、大写字母、特殊字符中的 3 种').waitFor();
    await page.getByLabel('新密码', { exact: true }).fill('Changed@456');
    await page.getByLabel('确认密码', { exact: true }).fill('Changed@457');
    await fieldError(page, '两次输入的密码不一致').waitFor();
    await e2e.screenshot(page, 'afterlogin-pc-expired');
    await page.getByLabel('确认密码', { exact: true }).fill('Changed@456');
    await page.getByRole('button', { name: '确认修改' }).click();
    await page.waitForURL(/\/pc\/authentication\/user$/);
    await page.getByText('当前账号：expired1').waitFor();

    await signOut(page);
    await signIn(page, { ...who, password: 'Changed@456' }, 'zh');
    await page.waitForURL(/\/pc\/authentication\/user$/);
    await page.getByText('当前账号：expired1').waitFor();
    expect(e2e.pageErrors(page)).toEqual([]);
  });

  it('lets a user skip the change of a password that expires soon', async () => {
    const who = { username: 'expiring1', password: 'Expiring@123' };
    await admin('demo', 'PATCH', 'passwordPolicy', { maxAgeDays: 90 });
    await e2e.server.cli('user', 'create', 'demo', who.username, '--password', who.password);
    await e2e.server.cli('user', 'expire-password', 'demo', who.username, '--in-days', '3');
    const page = await e2e.newPcPage('en');
    await signIn(page, who, 'en');
    await page.waitForURL(/\/mustChangePwd\/expiring1\/1\?flowId=/);
    await page.getByText(/Your password expires in [23] days\./).waitFor();
    await e2e.screenshot(page, 'afterlogin-pc-expiring-en');
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.waitForURL(/\/pc\/authentication\/user$/);
    await page.getByText('Signed in as expiring1').waitFor();
    await admin('demo', 'PATCH', 'passwordPolicy', { maxAgeDays: 0 });
  });

  it("changes a signed-in user's own password from the account page", async () => {
    const who = { username: 'own1', password: 'OwnPass@123' };
    await e2e.server.cli('user', 'create', 'demo', who.username, '--password', who.password);
    const page = await e2e.newPcPage('zh');
    await signIn(page, who, 'zh');
    await page.waitForURL(/\/user$/);
    await page.getByRole('link', { name: '修改密码' }).waitFor();
    await e2e.screenshot(page, 'afterlogin-pc-user');
    await page.getByRole('link', { name: '修改密码' }).click();
    await page.waitForURL(/\/mustChangePwd\/own1\/1$/);
    await page.getByLabel('原密码', { exact: true }).fill('Wrong@12345');
    await page.getByLabel('新密码', { exact: true }).fill('OwnPass@456');
    await page.getByLabel('确认密码', { exact: true }).fill('OwnPass@456');
    await page.getByRole('button', { name: '确认修改' }).click();
    await page.getByText('原密码错误').waitFor();
    await page.getByLabel('原密码', { exact: true }).fill(who.password);
    await page.getByLabel('新密码', { exact: true }).fill(who.password);
    await fieldError(page, '新密码不能与旧密码相同').waitFor();
    await page.getByLabel('新密码', { exact: true }).fill('OwnPass@456');
    await e2e.screenshot(page, 'afterlogin-pc-own-change');
    await page.getByRole('button', { name: '确认修改' }).click();
    await page.getByText('密码已修改').waitFor();
    await page.waitForURL(/\/user$/);

    await signOut(page);
    await signIn(page, { ...who, password: 'OwnPass@456' }, 'zh');
    await page.getByText('当前账号：own1').waitFor();
  });

  it('asks for each new agreement version; declining signs the user out', async () => {
    await publish('1');
    const page = await e2e.newPcPage('zh');
    await signIn(page, TERMS, 'zh');
    await page.waitForURL(/\/afterlogin\?flowId=/);
    await page.getByRole('heading', { name: '协议更新' }).waitFor();
    await page.getByRole('region', { name: '用户协议' }).getByText('本协议（第 1 版）').waitFor();
    await page.getByText('版本 1').waitFor();
    await e2e.screenshot(page, 'afterlogin-pc-agreement');
    await page.getByRole('button', { name: '同意', exact: true }).click();
    await page.waitForURL(/\/user$/);
    await page.getByText('当前账号：tina').waitFor();
    await signOut(page);

    // The portal's own page of the agreement, linked from the registration form.
    await page.goto(e2e.url('/pc/authentication/registerflow', TERMS.tenant));
    const link = page.getByRole('link', { name: '用户协议' });
    expect(await link.getAttribute('href')).toBe('/pc/authentication/agreement/user');
    expect(await link.getAttribute('target')).toBe('_blank');
    await page.goto(e2e.url('/pc/authentication/agreement/user', TERMS.tenant));
    await page.getByRole('heading', { name: '用户协议' }).waitFor();
    await page.getByText('第二条 请妥善保管您的账号和密码。').waitFor();
    await e2e.screenshot(page, 'afterlogin-pc-agreement-page');
    await page.goto(e2e.url('/pc/authentication/agreement/privacy', TERMS.tenant));
    await page.getByText('协议不存在').waitFor();

    await publish('2');
    await signIn(page, TERMS, 'zh');
    await page.waitForURL(/\/afterlogin\?flowId=/);
    await page.getByText('版本 2').waitFor();
    await page.getByRole('button', { name: '不同意' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByText('您未同意协议，已退出登录。').waitFor();
    await e2e.screenshot(page, 'afterlogin-pc-agreement-declined');
    await page.goto(e2e.url('/pc/authentication/user', TERMS.tenant));
    await page.waitForURL(/\/login$/);
  });

  it('registers with the current agreements, so the first login asks for none', async () => {
    await publish('3');
    const page = await e2e.newPcPage('zh');
    await page.goto(e2e.url('/pc/authentication/registerflow', TERMS.tenant));
    await page.getByLabel('手机号', { exact: true }).fill('13600000031');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('验证码已发送').waitFor();
    await page.getByLabel('验证码', { exact: true }).fill(await outboxCode(TERMS.tenant, '+8613600000031'));
    await page.getByLabel('用户名', { exact: true }).fill('tom');
    await page.getByLabel('密码', { exact: true }).fill('Tom@1234567');
    await page.getByLabel('确认密码', { exact: true }).fill('Tom@1234567');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await page.waitForURL(/\/login$/);
    await signIn(page, { tenant: TERMS.tenant, username: 'tom', password: 'Tom@1234567' }, 'zh');
    await page.waitForURL(/\/user$/);
    await page.getByText('当前账号：tom').waitFor();
  });

  it('asks for the missing profile fields with their hints, then binds a mobile number', async () => {
    await admin(PEOPLE.tenant, 'PATCH', 'accountPolicy', {
      afterLogin: { completeProfile: true, bindMobile: true },
      profileFields: [
        {
          key: 'realName',
          label: { zh: '真实姓名', en: 'Real name' },
          type: 'text',
          required: true,
          onRegister: true,
          minLength: 2,
          maxLength: 20,
        },
        {
          key: 'birthday',
          label: { zh: '出生日期', en: 'Date of birth' },
          type: 'date',
          required: true,
          minAge: 16,
        },
        {
          key: 'department',
          label: { zh: '部门', en: 'Department' },
          type: 'select',
          required: true,
          options: [
            { value: 'rd', label: { zh: '研发部', en: 'R&D' } },
            { value: 'sales', label: { zh: '销售部', en: 'Sales' } },
          ],
        },
        {
          key: 'employeeNo',
          label: { zh: '工号', en: 'Employee number' },
          type: 'number',
          min: 1,
          max: 99999,
        },
      ],
    });
    const page = await e2e.newPcPage('zh');
    await signIn(page, PEOPLE, 'zh');
    await page.waitForURL(/\/afterlogin\?flowId=/);
    await page.getByRole('heading', { name: '完善个人信息' }).waitFor();
    await page.getByText('长度应为 2-20 个字符').waitFor();
    await page.getByText('需年满 16 周岁').waitFor();
    await page.getByText('数值应在 1 到 99999 之间').waitFor();

    await page.getByLabel('真实姓名').fill('王');
    await fieldError(page, '长度应为 2-20 个字符').waitFor();
    await page.getByLabel('真实姓名').fill('王小明');
    const tooYoung = `${new Date().getFullYear() - 10}-06-01`;
    await page.getByLabel('出生日期').fill(tooYoung);
    await fieldError(page, '未达到法定就业年龄（16 周岁）').waitFor();
    await page.getByLabel('工号').fill('123456');
    await fieldError(page, '数值应在 1 到 99999 之间').waitFor();
    await e2e.screenshot(page, 'afterlogin-pc-profile-errors');
    await page.getByLabel('出生日期').fill('1990-06-01');
    await page.getByLabel('工号').fill('1024');
    await page.getByLabel('部门').click();
    await page.locator('.ant-select-item-option[title="研发部"]').click();
    await page.getByRole('button', { name: '保存并继续' }).click();

    await page.getByRole('heading', { name: '绑定手机号' }).waitFor();
    await page.getByLabel('手机号', { exact: true }).fill('13700000077');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /秒后重新获取/ }).waitFor();
    await page.getByLabel('验证码', { exact: true }).fill(await outboxCode(PEOPLE.tenant, '+8613700000077'));
    await e2e.screenshot(page, 'afterlogin-pc-bind-mobile');
    await page.getByRole('button', { name: '绑定并继续' }).click();
    await page.waitForURL(/\/user$/);
    await page.getByText('当前账号：paul').waitFor();
    await page.getByText('+8613700000077').waitFor();

    // The registration form shows the fields marked for it.
    await signOut(page);
    await page.goto(e2e.url('/pc/authentication/registerflow', PEOPLE.tenant));
    await page.getByLabel('真实姓名').waitFor();
    expect(await page.getByLabel('出生日期').count()).toBe(0);
    await e2e.screenshot(page, 'afterlogin-pc-register-profile');
  });

  it('offers a new sign-in when the flow is gone', async () => {
    const page = await e2e.newPcPage('zh');
    // Well-formed (43 base64url characters) but unknown, as an expired flow's id is.
    await page.goto(e2e.url(`/pc/authentication/afterlogin?flowId=${'A'.repeat(43)}`));
    await page.getByText('登录验证已失效').waitFor();
    await page.getByText('当前流程已失效，请重新登录').waitFor();
    await e2e.screenshot(page, 'afterlogin-pc-lost');
    await page.getByRole('link', { name: '重新登录' }).click();
    await page.waitForURL(/\/login$/);
  });
});
