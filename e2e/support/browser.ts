/** Chromium through playwright-core, and the PC and mobile page settings. No test-framework imports. */
import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** 'zh' gives locale zh-CN, 'en' en-US (navigator.language and Accept-Language). */
export type Lang = 'zh' | 'en';
export const LOCALES: Record<Lang, string> = { zh: 'zh-CN', en: 'en-US' };

export const PC_VIEWPORT = { width: 1366, height: 768 };
export const MOBILE_VIEWPORT = { width: 375, height: 812 };
export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Version/17.5 Mobile/15E148 Safari/604.1';

export function pcContextOptions(lang: Lang = 'zh'): BrowserContextOptions {
  return { viewport: PC_VIEWPORT, locale: LOCALES[lang] };
}

export function mobileContextOptions(lang: Lang = 'zh'): BrowserContextOptions {
  return {
    viewport: MOBILE_VIEWPORT,
    screen: MOBILE_VIEWPORT,
    deviceScaleFactor: 3,
    userAgent: IPHONE_UA,
    isMobile: true,
    hasTouch: true,
    locale: LOCALES[lang],
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}
