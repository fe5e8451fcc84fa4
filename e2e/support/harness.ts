/**
 * End-to-end harness: the real server (see server.ts) plus Chromium through playwright-core.
 *
 *   import { useE2E } from './support/harness.ts';
 *   const e2e = useE2E(); // registers beforeAll/afterAll of this file
 *   it('logs in', async () => {
 *     const page = await e2e.newPcPage('en');
 *     await page.goto(e2e.url('/pc/authentication/login', 'acme'));
 *     await e2e.screenshot(page, 'pc-login-acme');
 *   });
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser, mobileContextOptions, pcContextOptions, type Lang } from './browser.ts';
import { repoRoot, startServer, type RunningServer, type StartServerOptions } from './server.ts';

export * from './browser.ts';
export { expireEphemeral } from './store.ts';
export {
  ACME,
  DEMO,
  httpRequest,
  type HttpResponse,
  type RunningServer,
  type StartServerOptions,
} from './server.ts';

export const ARTIFACTS_DIR = path.join(repoRoot, 'e2e', 'artifacts');

export interface E2E {
  readonly server: RunningServer;
  readonly browser: Browser;
  readonly port: number;
  /** `http://localhost:PORT/path`, or `http://<tenant>.localhost:PORT/path`. */
  url(pathname?: string, tenant?: string): string;
  /** A new page in a new browser context (own cookies): 1366x768, locale zh-CN or en-US. */
  newPcPage(lang?: Lang): Promise<Page>;
  /** A new page in a new context: 375x812, iPhone Safari user agent, isMobile, hasTouch. */
  newMobilePage(lang?: Lang): Promise<Page>;
  /** Saves a full-page screenshot to e2e/artifacts/<name>.png and answers the path. */
  screenshot(page: Page, name: string): Promise<string>;
  /** Uncaught errors and console.error messages of the page since it was made. */
  pageErrors(page: Page): string[];
  /** Screenshots and prints every open page (called by useE2E after a failed test). */
  describeFailure(testName: string): Promise<void>;
  /** Stops everything (idempotent). */
  stop(): Promise<void>;
}

class Harness implements E2E {
  private readonly contexts = new Set<BrowserContext>();
  private readonly errorsByPage = new WeakMap<Page, string[]>();
  private stopped: Promise<void> | undefined;

  constructor(
    readonly server: RunningServer,
    readonly browser: Browser,
  ) {}

  get port() {
    return this.server.port;
  }

  url(pathname?: string, tenant?: string) {
    return this.server.url(pathname, tenant);
  }

  private async newPage(options: BrowserContextOptions): Promise<Page> {
    const context = await this.browser.newContext(options);
    this.contexts.add(context);
    context.once('close', () => this.contexts.delete(context));
    const page = await context.newPage();
    const errors: string[] = [];
    this.errorsByPage.set(page, errors);
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console.error: ${m.text()}`);
    });
    return page;
  }

  newPcPage(lang: Lang = 'zh') {
    return this.newPage(pcContextOptions(lang));
  }

  newMobilePage(lang: Lang = 'zh') {
    return this.newPage(mobileContextOptions(lang));
  }

  async screenshot(page: Page, name: string) {
    if (!/^[\w.-]+$/.test(name)) throw new Error(`screenshot name must be [A-Za-z0-9_.-]+: ${name}`);
    await fsp.mkdir(ARTIFACTS_DIR, { recursive: true });
    const file = path.join(ARTIFACTS_DIR, `${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    return file;
  }

  pageErrors(page: Page) {
    return [...(this.errorsByPage.get(page) ?? [])];
  }

  /**
   * What every open page shows when a test failed: a screenshot in the artifacts and, on the
   * console, its address, its errors and the start of its text, so a failure in CI can be read.
   */
  async describeFailure(testName: string) {
    const pages = [...this.contexts].flatMap((c) => c.pages());
    const slug = testName.replace(/[^\w.-]+/g, '-').slice(0, 80);
    for (const [i, page] of pages.entries()) {
      const text = await page
        .locator('body')
        .innerText({ timeout: 2_000 })
        .catch(() => '(no text)');
      console.error(
        `[failed: ${testName}] page ${i + 1}: ${page.url()}\n` +
          `  errors: ${JSON.stringify(this.pageErrors(page))}\n` +
          `  text: ${text.replace(/\s+/g, ' ').slice(0, 600)}`,
      );
      await this.screenshot(page, `failed-${slug}-${i + 1}`).catch(() => {});
    }
  }

  stop() {
    return (this.stopped ??= (async () => {
      await Promise.allSettled([...this.contexts].map((c) => c.close()));
      await this.browser.close().catch(() => {});
      await this.server.stop();
    })());
  }
}

/** Starts the server and the browser. Call stop() when done (useE2E does it for you). */
export async function startE2E(options: StartServerOptions = {}): Promise<E2E> {
  const server = await startServer(options);
  try {
    return new Harness(server, await launchBrowser());
  } catch (err) {
    await server.stop();
    throw err;
  }
}

/**
 * For a test file: starts everything in beforeAll and stops it in afterAll. The answer's members may be
 * used only inside tests and hooks (after beforeAll has run).
 */
export function useE2E(options: StartServerOptions = {}): E2E {
  let current: E2E | undefined;
  const get = (): E2E => {
    if (!current) throw new Error('The e2e harness is not started: use it inside tests or hooks');
    return current;
  };
  beforeAll(async () => {
    current = await startE2E(options);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await current?.describeFailure(ctx.task.name);
  });
  afterAll(async () => {
    await current?.stop();
  });
  return {
    get server() {
      return get().server;
    },
    get browser() {
      return get().browser;
    },
    get port() {
      return get().port;
    },
    url: (pathname, tenant) => get().url(pathname, tenant),
    newPcPage: (lang) => get().newPcPage(lang),
    newMobilePage: (lang) => get().newMobilePage(lang),
    screenshot: (page, name) => get().screenshot(page, name),
    pageErrors: (page) => get().pageErrors(page),
    describeFailure: (testName) => get().describeFailure(testName),
    stop: () => get().stop(),
  };
}
