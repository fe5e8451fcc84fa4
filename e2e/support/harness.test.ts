/** Checks the harness itself: server with both tenants, Chromium on *.localhost, pages, screenshots. */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACME, httpRequest, useE2E } from './harness.ts';

const e2e = useE2E();

describe('e2e harness', () => {
  it('builds URLs for the default tenant and for acme', () => {
    expect(e2e.url('/pc/authentication/login')).toBe(`http://localhost:${e2e.port}/pc/authentication/login`);
    expect(e2e.url('x', ACME.tenant)).toBe(`http://acme.localhost:${e2e.port}/x`);
  });

  it('started the server with tenant acme made by the CLI', async () => {
    const health = await httpRequest(e2e.url('/healthz'));
    expect(health.status).toBe(200);
    const acme = await httpRequest(e2e.url('/api/v1/config/entLoginConfig', ACME.tenant));
    expect(acme.json<{ code: string }>().code).toBe('0');
  });

  it('opens PC pages in Chromium with the asked language', async () => {
    const page = await e2e.newPcPage('en');
    const res = await page.goto(e2e.url('/healthz', ACME.tenant));
    expect(res?.status()).toBe(200);
    expect(await page.evaluate(() => [navigator.language, innerWidth, innerHeight])).toEqual([
      'en-US',
      1366,
      768,
    ]);
    const zh = await e2e.newPcPage('zh');
    await zh.goto(e2e.url('/healthz'));
    expect(await zh.evaluate(() => navigator.language)).toBe('zh-CN');
  });

  it('opens mobile pages as an iPhone and saves screenshots', async () => {
    const page = await e2e.newMobilePage();
    await page.goto(e2e.url('/healthz'));
    const seen = await page.evaluate(() => ({
      ua: navigator.userAgent,
      width: screen.width,
      touch: navigator.maxTouchPoints > 0,
      lang: navigator.language,
    }));
    expect(seen).toMatchObject({ width: 375, touch: true, lang: 'zh-CN' });
    expect(seen.ua).toMatch(/iPhone.*Safari/);
    const file = await e2e.screenshot(page, 'harness-mobile');
    expect(fs.statSync(file).size).toBeGreaterThan(0);
    expect(e2e.pageErrors(page)).toEqual([]);
  });
});
