/**
 * Code logins as a person does them: SMS codes read from the outbox, email codes received by a real
 * SMTP server, the slider dragged in the browser, the resend limit, on PC and on mobile.
 */
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestSmtp, startSmtp } from '../packages/server/test/support/smtp.ts';
import { httpRequest, useE2E } from './support/harness.ts';

const e2e = useE2E();
let smtp: TestSmtp;
let token = '';

/** The server caches tenants this long; settings made with the CLI show after it. */
const CACHE_MS = 5_500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function admin(method: string, path: string, body?: unknown) {
  const res = await httpRequest(e2e.url(`/api/v1/admin${path}`), {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.json<{ code: string }>().code).toBe('0');
}

/** The newest outbox message to this recipient, as `npm run cli -- outbox` lists it. */
async function outboxCode(recipient: string): Promise<string> {
  const lines = (await e2e.server.cli('outbox', 'demo', '--limit', '50')).split('\n');
  const line = lines.find((l) => l.split('\t')[3] === recipient);
  if (!line) throw new Error(`no outbox message to ${recipient}`);
  return /\b(\d{6})\b/.exec(line.split('\t')[5]!)![1]!;
}

/** Clears resend intervals and daily caps, as a new day would. */
function forgetLimits() {
  const db = new Database(e2e.server.databaseUrl.slice('sqlite:'.length));
  db.prepare(
    "DELETE FROM ephemeral WHERE k LIKE 'resend:%' OR k LIKE 'cap:%' OR k LIKE 'fail:%' OR k LIKE 'lock:%'",
  ).run();
  db.close();
}

/** Where the gap of the puzzle is: what a person sees, the test reads from the server's store. */
function gapOf(id: string): number {
  const db = new Database(e2e.server.databaseUrl.slice('sqlite:'.length), { readonly: true });
  const row = db.prepare('SELECT v FROM ephemeral WHERE k = ?').get(`captcha:puzzle:${id}`) as
    { v: string } | undefined;
  db.close();
  if (!row) throw new Error(`no puzzle ${id}`);
  return (JSON.parse(row.v) as { x: number }).x;
}

/** The ids of the puzzles the page loaded, newest last: the one on screen is the newest. */
function watchPuzzles(page: Page): string[] {
  const ids: string[] = [];
  page.on('response', (r) => {
    if (!r.url().includes('/geetest/getCaptcha')) return;
    void r
      .json()
      .then((body: { data?: { id?: string } }) => body.data?.id && ids.push(body.data.id))
      .catch(() => undefined);
  });
  return ids;
}

/**
 * Drags the slider handle like a person: uneven steps, a little wobble, a short pause. With `miss`
 * it drops the piece 60 px beside the gap, on whichever side has room on the track.
 */
async function dragSlider(page: Page, puzzles: string[], miss = false, shot?: string) {
  const slider = page.getByTestId('slider-captcha');
  await slider.waitFor();
  // A person waits until the picture is there before dragging.
  // After a miss the slider shows its failure for a moment, then a new puzzle.
  await expect.poll(() => slider.getAttribute('data-phase'), { timeout: 15_000 }).toBe('ready');
  await sleep(200);
  if (shot) await e2e.screenshot(page, shot);
  const puzzleId = puzzles.at(-1)!;
  const handle = slider.getByTestId('slider-handle');
  const image = slider.locator('img').first();
  const scale = ((await image.boundingBox())!.width || 320) / 320;
  const gap = gapOf(puzzleId);
  const distance = (miss ? (gap > 160 ? gap - 60 : gap + 60) : gap) * scale;
  const box = (await handle.boundingBox())!;
  const x0 = box.x + box.width / 2;
  const y0 = box.y + box.height / 2;
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  const steps = [0.08, 0.2, 0.37, 0.5, 0.66, 0.8, 0.9, 0.96, 0.99, 1];
  for (const [i, f] of steps.entries()) {
    await page.mouse.move(x0 + distance * f, y0 + (i % 3) - 1);
    await sleep(35 + ((i * 17) % 40));
  }
  await sleep(120);
  await page.mouse.up();
}

beforeAll(async () => {
  smtp = await startSmtp();
  token = (await e2e.server.cli('admin', 'token', 'demo')).trim();
  await e2e.server.cli(
    'settings',
    'demo',
    `email={"provider":"smtp","host":"127.0.0.1","port":${smtp.port},"user":"mailer","pass":"mail-secret","from":"Tessera <no-reply@demo.test>"}`,
  );
  await admin('PATCH', '/loginConfig', {
    loginPriority: ['password', 'sms', 'email'],
    supportAreaCodeList: ['+86', '+852', '+1'],
  });
  await sleep(CACHE_MS);
});
afterAll(async () => smtp?.close());
/** A failed slider test must not leave the slider on for the tests after it. */
afterEach(async () => {
  if (token) await admin('PATCH', '/loginConfig', { enableCaptcha: false });
});

describe('PC code login', () => {
  it('signs in with an SMS code read from the outbox, with the resend countdown', async () => {
    forgetLimits();
    const page = await e2e.newPcPage('zh');
    await page.goto(e2e.url('/pc/authentication/login'));
    await page.getByRole('tab', { name: '短信登录' }).click();
    await page.getByLabel('手机号', { exact: true }).fill('13800000000');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText(/\d+ 秒后重新获取/).waitFor();
    await e2e.screenshot(page, 'code-pc-sms');
    await page.getByLabel('验证码', { exact: true }).fill(await outboxCode('+8613800000000'));
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText('当前账号：demo').waitFor();
  });

  it('refuses a second code within the interval with the too-frequent message', async () => {
    const page = await e2e.newPcPage('en');
    await page.goto(e2e.url('/pc/authentication/login'));
    await page.getByRole('tab', { name: 'SMS' }).click();
    await page.getByLabel('Mobile', { exact: true }).fill('13800000000');
    await page.getByRole('button', { name: 'Get code' }).click();
    await page.getByText('The operation is too frequent. Please try again later').waitFor();
    await e2e.screenshot(page, 'code-pc-too-frequent');
  });

  it('signs in with an email code received by the SMTP server', async () => {
    forgetLimits();
    const page = await e2e.newPcPage('en');
    await page.goto(e2e.url('/pc/authentication/login'));
    await page.getByRole('tab', { name: 'Email' }).click();
    await page.getByLabel('Email', { exact: true }).fill('demo@example.com');
    const mail = smtp.next('demo@example.com');
    await page.getByRole('button', { name: 'Get code' }).click();
    const code = /\b(\d{6})\b/.exec((await mail).text ?? '')![1]!;
    await page.getByLabel('Verification code', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByText('Signed in as demo').waitFor();
  });

  it('asks for the slider before sending a code, fails a wrong drag and passes a right one', async () => {
    forgetLimits();
    await admin('PATCH', '/loginConfig', { enableCaptcha: true });
    const page = await e2e.newPcPage('zh');
    const puzzles = watchPuzzles(page);
    await page.goto(e2e.url('/pc/authentication/login'));
    await page.getByRole('tab', { name: '短信登录' }).click();
    await page.getByLabel('手机号', { exact: true }).fill('13800000000');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await dragSlider(page, puzzles, true, 'code-pc-slider');
    await page.getByTestId('slider-captcha').getByText('验证失败').first().waitFor();
    await dragSlider(page, puzzles);
    await page.getByText(/\d+ 秒后重新获取/).waitFor();
    expect(await outboxCode('+8613800000000')).toMatch(/^\d{6}$/);
  });
});

describe('mobile code login', () => {
  it('picks an area code on /selectArea with search, then signs in by SMS', async () => {
    forgetLimits();
    const page = await e2e.newMobilePage('zh');
    await page.goto(e2e.url('/mobile/authentication/login'));
    await page.getByRole('tab', { name: '短信登录' }).click();
    await page.getByLabel('手机号', { exact: true }).fill('13800000000');
    await page.getByRole('button', { name: /区号/ }).click();
    await page.waitForURL(/\/mobile\/authentication\/selectArea/);
    await page.getByPlaceholder('搜索国家或地区').fill('香港');
    await e2e.screenshot(page, 'code-mobile-select-area');
    await page.getByText('中国香港').click();
    await page.waitForURL(/\/login/);
    await page.getByRole('button', { name: /\+852/ }).waitFor();
    // Back to +86, where the demo number lives.
    await page.getByRole('button', { name: /区号/ }).click();
    await page.getByPlaceholder('搜索国家或地区').fill('86');
    await page.getByText('中国大陆').click();
    await page.waitForURL(/\/login/);
    expect(await page.getByLabel('手机号', { exact: true }).inputValue()).toBe('13800000000');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText(/\d+ 秒后重新获取/).waitFor();
    await page.getByLabel('验证码', { exact: true }).fill(await outboxCode('+8613800000000'));
    await e2e.screenshot(page, 'code-mobile-sms');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText('当前账号：demo').waitFor();
  });

  it('signs in with an email code received by the SMTP server', async () => {
    forgetLimits();
    const page = await e2e.newMobilePage('en');
    await page.goto(e2e.url('/mobile/authentication/login'));
    await page.getByRole('tab', { name: 'Email' }).click();
    await page.getByLabel('Email', { exact: true }).fill('demo@example.com');
    smtp.messages.length = 0;
    const mail = smtp.next('demo@example.com');
    await page.getByRole('button', { name: 'Get code' }).click();
    const code = /\b(\d{6})\b/.exec((await mail).text ?? '')![1]!;
    await page.getByLabel('Verification code', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByText('Signed in as demo').waitFor();
  });

  it('drags the slider on the phone before a code is sent', async () => {
    forgetLimits();
    await admin('PATCH', '/loginConfig', { enableCaptcha: true });
    const page = await e2e.newMobilePage('zh');
    const puzzles = watchPuzzles(page);
    await page.goto(e2e.url('/mobile/authentication/login'));
    await page.getByRole('tab', { name: '短信登录' }).click();
    await page.getByLabel('手机号', { exact: true }).fill('13800000000');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await dragSlider(page, puzzles, false, 'code-mobile-slider');
    await page.getByText(/\d+ 秒后重新获取/).waitFor();
    await admin('PATCH', '/loginConfig', { enableCaptcha: false });
  });
});
