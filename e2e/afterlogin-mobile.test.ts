/**
 * The post-login flow on the mobile app (docs/flows.md): an expired or expiring password, new
 * agreement versions, profile fields at registration and after login, binding a mobile number.
 * One user per test; tenant settings a test turns on are turned off again at its end.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Lang, httpRequest, useE2E } from './support/harness.ts';

const e2e = useE2E();

const LOGIN = {
  zh: { username: '用户名', password: '密码', submit: '登录' },
  en: { username: 'Username', password: 'Password', submit: 'Log in' },
};

const cli = (...args: string[]) => e2e.server.cli(...args);

let token: string | undefined;
async function admin(path: string, body: unknown) {
  token ??= (await cli('admin', 'token', 'demo')).trim();
  const res = await httpRequest(e2e.url(`/api/v1/admin/${path}`), {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.json<{ code: string }>().code).toBe('0');
}

async function outboxCode(recipient: string): Promise<string> {
  const line = (await cli('outbox', 'demo', '--limit', '50'))
    .split('\n')
    .find((l) => l.split('\t')[3] === recipient);
  if (!line) throw new Error(`no outbox message to ${recipient}`);
  return /\b(\d{6})\b/.exec(line.split('\t')[5]!)![1]!;
}

async function signIn(page: Page, username: string, password: string, lang: Lang = 'zh') {
  const text = LOGIN[lang];
  await page.goto(e2e.url('/mobile/authentication/login'));
  await page.locator('[data-template="mobile_login_1"]').waitFor();
  await page.getByLabel(text.username, { exact: true }).fill(username);
  await page.getByLabel(text.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: text.submit, exact: true }).click();
}

/** The message under a field (the policy tips above it may say the same). */
const fieldError = (page: Page, text: string) =>
  page.locator('.adm-form-item-feedback-error', { hasText: text });

describe('post-login flow on mobile', () => {
  it('changes an expired password, signs in with it, and changes it again from the account page', async () => {
    await admin('loginConfig', { enablePwdUpdate: true });
    await cli('user', 'create', 'demo', 'erin', '--password', 'Erin@123456', '--mobile', '+8613700000001');
    await cli('user', 'expire-password', 'demo', 'erin');
    const page = await e2e.newMobilePage('zh');
    await signIn(page, 'erin', 'Erin@123456');
    await page.waitForURL(/\/mobile\/authentication\/mustChangePwd\/erin\/0\?flowId=/);
    await expect.poll(() => page.title()).toBe('修改密码');
    await page.getByText('您的密码已过期，请修改密码后继续。').waitFor();
    await page.getByText('至少包含数字、小写字母、大写字母、特殊字符中的 3 种').waitFor();
    await expect(page.getByRole('button', { name: '暂不修改' }).count()).resolves.toBe(0);

    await page.getByLabel('新密码', { exact: true }).fill('abcdefgh');
    await page.getByLabel('确认密码', { exact: true }).fill('abcdefgh');
    await page.getByRole('button', { name: '确认修改' }).click();
    await fieldError(page, '至少包含数字、小写字母、大写字母、特殊字符中的 3 种').waitFor();
    await e2e.screenshot(page, 'afterlogin-mobile-expired');
    await page.getByLabel('新密码', { exact: true }).fill('Erin@654321');
    await page.getByLabel('确认密码', { exact: true }).fill('Erin@654321');
    await page.getByRole('button', { name: '确认修改' }).click();
    await page.waitForURL(/\/mobile\/authentication\/user$/);
    await page.getByText('当前账号：erin').waitFor();
    await e2e.screenshot(page, 'afterlogin-mobile-user');

    const again = await e2e.newMobilePage('zh');
    await signIn(again, 'erin', 'Erin@654321');
    await again.waitForURL(/\/mobile\/authentication\/user$/);
    await again.getByRole('link', { name: '修改密码' }).click();
    await again.waitForURL(/\/mustChangePwd\/erin\/1$/);
    await again.getByLabel('当前密码', { exact: true }).fill('Erin@654321');
    await again.getByLabel('新密码', { exact: true }).fill('Erin@654321');
    await again.getByLabel('确认密码', { exact: true }).fill('Erin@654321');
    await again.getByRole('button', { name: '确认修改' }).click();
    await fieldError(again, '新密码不能与旧密码相同').waitFor();
    await again.getByLabel('新密码', { exact: true }).fill('Erin@777777');
    await again.getByLabel('确认密码', { exact: true }).fill('Erin@777777');
    await e2e.screenshot(again, 'afterlogin-mobile-own-change');
    await again.getByRole('button', { name: '确认修改' }).click();
    await again.getByText('密码已修改').waitFor();
    await again.waitForURL(/\/mobile\/authentication\/user$/);
    expect(e2e.pageErrors(page)).toEqual([]);
    expect(e2e.pageErrors(again)).toEqual([]);
  });

  it('offers to skip a password that expires soon, in English', async () => {
    await admin('passwordPolicy', { maxAgeDays: 90 });
    try {
      await cli('user', 'create', 'demo', 'ivan', '--password', 'Ivan@123456', '--mobile', '+8613700000002');
      await cli('user', 'expire-password', 'demo', 'ivan', '--in-days', '3');
      const page = await e2e.newMobilePage('en');
      await signIn(page, 'ivan', 'Ivan@123456', 'en');
      await page.waitForURL(/\/mustChangePwd\/ivan\/1\?flowId=/);
      await page.getByText('Your password expires in 3 days. Change it now.').waitFor();
      await e2e.screenshot(page, 'afterlogin-mobile-expiring-en');
      await page.getByRole('button', { name: 'Skip for now' }).click();
      await page.getByText('Signed in as ivan').waitFor();
      expect(e2e.pageErrors(page)).toEqual([]);
    } finally {
      await admin('passwordPolicy', { maxAgeDays: 0 });
    }
  });

  it('completes the profile and binds a mobile number after sign-in', async () => {
    await admin('accountPolicy', {
      profileFields: [
        {
          key: 'dept',
          label: { zh: '部门', en: 'Department' },
          type: 'select',
          required: true,
          options: [
            { value: 'rd', label: { zh: '研发', en: 'R&D' } },
            { value: 'sales', label: { zh: '销售', en: 'Sales' } },
          ],
        },
        {
          key: 'hired',
          label: { zh: '入职日期', en: 'Hired on' },
          type: 'date',
          minDate: '2000-01-01',
          maxDate: '2030-12-31',
        },
      ],
      afterLogin: { completeProfile: true, bindMobile: true },
    });
    try {
      await cli('user', 'create', 'demo', 'hank', '--password', 'Hank@123456', '--email', 'hank@example.com');
      const page = await e2e.newMobilePage('zh');
      await signIn(page, 'hank', 'Hank@123456');
      await page.waitForURL(/\/afterlogin\?flowId=/);
      await page.getByRole('heading', { name: '完善个人信息' }).waitFor();
      await page.getByRole('button', { name: '保存并继续' }).click();
      await fieldError(page, '部门不能为空').waitFor();
      await page.getByLabel('入职日期', { exact: true }).fill('1999-12-31');
      await page.getByRole('button', { name: '保存并继续' }).click();
      await fieldError(page, '日期应在 2000-01-01 至 2030-12-31 之间').waitFor();
      await page.getByLabel('入职日期', { exact: true }).fill('2020-03-01');
      await page.getByRole('radio', { name: '研发' }).check();
      await e2e.screenshot(page, 'afterlogin-mobile-profile');
      await page.getByRole('button', { name: '保存并继续' }).click();

      await page.getByRole('heading', { name: '绑定手机号' }).waitFor();
      await page.getByLabel('手机号', { exact: true }).fill('13900000001');
      // To the area list and back: the step and the typed number are still there.
      await page.getByRole('button', { name: '区号 +86' }).click();
      await page.waitForURL(/\/selectArea$/);
      await page.locator('[data-code="+86"]').click();
      await page.waitForURL(/\/afterlogin\?flowId=/);
      await expect.poll(() => page.getByLabel('手机号', { exact: true }).inputValue()).toBe('13900000001');
      await page.getByRole('button', { name: '获取验证码' }).click();
      await page.getByText('验证码已发送').waitFor();
      await page.getByLabel('验证码', { exact: true }).fill(await outboxCode('+8613900000001'));
      await e2e.screenshot(page, 'afterlogin-mobile-bind');
      await page.getByRole('button', { name: '绑定并继续' }).click();
      await page.waitForURL(/\/mobile\/authentication\/user$/);
      await page.getByText('+8613900000001').waitFor();

      expect(e2e.pageErrors(page)).toEqual([]);

      // A flow that is gone (expired, started in another browser) offers a new sign-in.
      const other = await e2e.newMobilePage('zh');
      await other.goto(e2e.url(`/mobile/authentication/afterlogin?flowId=${'x'.repeat(43)}`));
      await other.getByText('请重新登录后继续').waitFor();
      await e2e.screenshot(other, 'afterlogin-mobile-lost');
      await other.getByRole('button', { name: '重新登录' }).click();
      await other.waitForURL(/\/mobile\/authentication\/login$/);
    } finally {
      await admin('accountPolicy', {
        profileFields: [],
        afterLogin: { completeProfile: false, bindMobile: false },
      });
    }
  });

  it('asks to sign each new agreement version; declining signs out', async () => {
    const publish = (version: string) =>
      cli(
        'agreement',
        'publish',
        'demo',
        'privacy',
        '--title',
        '隐私政策',
        '--title-en',
        'Privacy policy',
        '--content',
        `第 ${version} 版。\n\n我们只收集提供服务所必需的信息。\n\n您可以随时查询、更正或删除您的个人信息。`,
        '--content-en',
        `Version ${version}.\n\nWe collect only what the service needs.`,
      );
    await publish('1');
    await cli('user', 'create', 'demo', 'fay', '--password', 'Fay@123456', '--mobile', '+8613700000003');
    const page = await e2e.newMobilePage('zh');
    await signIn(page, 'fay', 'Fay@123456');
    await page.waitForURL(/\/afterlogin\?flowId=/);
    await page.getByRole('heading', { name: '隐私政策' }).waitFor();
    await page.getByText('版本 1').waitFor();
    await page.getByText('我们只收集提供服务所必需的信息。').waitFor();
    await e2e.screenshot(page, 'afterlogin-mobile-agreement');
    await page.getByRole('button', { name: '同意', exact: true }).click();
    await page.waitForURL(/\/mobile\/authentication\/user$/);
    await page.getByText('当前账号：fay').waitFor();

    await publish('2');
    const next = await e2e.newMobilePage('zh');
    await signIn(next, 'fay', 'Fay@123456');
    await next.getByText('版本 2').waitFor();
    await next.getByRole('button', { name: '不同意' }).click();
    await next.waitForURL(/\/mobile\/authentication\/login$/);
    await next.goto(e2e.url('/mobile/authentication/user'));
    await next.waitForURL(/\/mobile\/authentication\/login$/);
    expect(e2e.pageErrors(page)).toEqual([]);
    expect(e2e.pageErrors(next)).toEqual([]);
  });

  it('registers with profile fields and the agreements, then signs in without further steps', async () => {
    await admin('loginConfig', { enableRegister: true });
    await admin('accountPolicy', {
      profileFields: [
        {
          key: 'degree',
          label: { zh: '学历', en: 'Degree' },
          type: 'select',
          required: true,
          onRegister: true,
          options: [
            { value: 'bachelor', label: { zh: '本科', en: 'Bachelor' } },
            { value: 'master', label: { zh: '硕士', en: 'Master' } },
          ],
        },
        {
          key: 'years',
          label: { zh: '工作年限', en: 'Years' },
          type: 'number',
          min: 0,
          max: 50,
          onRegister: true,
        },
        { key: 'note', label: { zh: '备注', en: 'Note' }, type: 'text' },
      ],
    });
    const page = await e2e.newMobilePage('zh');
    await page.goto(e2e.url('/mobile/authentication/registerflow'));
    await page.getByLabel('手机号', { exact: true }).fill('13600000009');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('验证码已发送').waitFor();
    await page.getByLabel('验证码', { exact: true }).fill(await outboxCode('+8613600000009'));
    await page.getByLabel('用户名', { exact: true }).fill('gina');
    await page.getByLabel('密码', { exact: true }).fill('Gina@123456');
    await page.getByLabel('确认密码', { exact: true }).fill('Gina@123456');
    // Only the fields shown at registration; the hints say the rule before anything is typed.
    await expect(page.getByLabel('备注').count()).resolves.toBe(0);
    await page.getByText('单选').waitFor();
    await page.getByText('数值应在 0 到 50 之间').waitFor();
    await page.getByRole('radio', { name: '硕士' }).check();
    await page.getByLabel('工作年限', { exact: true }).fill('60');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await fieldError(page, '数值应在 0 到 50 之间').waitFor();
    await page.getByLabel('工作年限', { exact: true }).fill('6');
    expect(await page.getByRole('link', { name: /隐私政策/ }).getAttribute('href')).toBe(
      '/mobile/authentication/agreement/privacy',
    );
    await e2e.screenshot(page, 'afterlogin-mobile-register');
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await page.waitForURL(/\/login$/);

    // The agreement signed at registration is not asked for again.
    await signIn(page, 'gina', 'Gina@123456');
    await page.waitForURL(/\/mobile\/authentication\/user$/);
    await page.getByText('当前账号：gina').waitFor();

    await page.goto(e2e.url('/mobile/authentication/agreement/privacy'));
    await page.getByRole('heading', { name: '隐私政策', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('协议');
    await e2e.screenshot(page, 'afterlogin-mobile-agreement-page');
    await page.goto(e2e.url('/mobile/authentication/agreement/none'));
    await page.getByText('协议不存在或尚未发布').waitFor();
    expect(e2e.pageErrors(page)).toEqual([]);
  });
});
