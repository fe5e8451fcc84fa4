import { describe, expect, it } from 'vitest';
import {
  chooseLanguage,
  detectPlatform,
  fillCopyright,
  formatMessage,
  isHideFindPassword,
  normalizeLang,
  parseAcceptLanguage,
  shouldUseMobile,
  switchAppPath,
} from './index.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36';
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';

describe('language choice (specification section 4)', () => {
  const supported = ['zh', 'en'];
  it('gives Chinese for an empty supported list', () => {
    expect(chooseLanguage({ supported: [], browser: ['en-US'], chosen: 'en' })).toBe('zh');
    expect(chooseLanguage({ supported: null })).toBe('zh');
  });
  it('keeps an explicit choice, then the browser language, then the default', () => {
    expect(chooseLanguage({ supported, chosen: 'EN', browser: ['zh-CN'] })).toBe('en');
    expect(chooseLanguage({ supported, browser: ['fr-FR', 'en-GB'], defaultLanguage: 'zh' })).toBe('en');
    expect(chooseLanguage({ supported, browser: ['fr-FR'], defaultLanguage: 'en' })).toBe('en');
  });
  it('falls to the first supported language when the stored one is not supported', () => {
    expect(chooseLanguage({ supported: ['en'], chosen: 'zh', browser: ['de'], defaultLanguage: 'zh' })).toBe(
      'en',
    );
  });
  it('normalises tags and reads Accept-Language by weight', () => {
    expect(normalizeLang('zh-CN')).toBe('zh');
    expect(normalizeLang('EN_us')).toBe('en');
    expect(normalizeLang('fr')).toBeUndefined();
    expect(parseAcceptLanguage('en;q=0.5, zh-CN, fr;q=0')).toEqual(['zh-CN', 'en']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });
});

describe('device rules (specification section 2)', () => {
  it('sends iPhone, iPad, iPod and Android phones to mobile, leaves Android tablets and desktops', () => {
    expect(shouldUseMobile(IPHONE)).toBe(true);
    expect(shouldUseMobile(IPAD)).toBe(true);
    expect(shouldUseMobile('Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0)')).toBe(true);
    expect(shouldUseMobile(ANDROID_PHONE)).toBe(true);
    expect(shouldUseMobile(ANDROID_TABLET)).toBe(false);
    expect(shouldUseMobile(DESKTOP)).toBe(false);
    expect(detectPlatform(IPHONE)).toBe('ios');
    expect(detectPlatform(ANDROID_TABLET)).toBe('android');
    expect(detectPlatform(DESKTOP)).toBe('pc');
  });
  it('switches the app prefix and keeps the rest of the path', () => {
    expect(switchAppPath('/pc/authentication/login', 'mobile')).toBe('/mobile/authentication/login');
    expect(switchAppPath('/mobile/authentication/logout/abc', 'pc')).toBe('/pc/authentication/logout/abc');
    expect(switchAppPath('/elsewhere', 'pc')).toBe('/pc/authentication/login');
  });
});

describe('texts', () => {
  it('fills {year} in copyright lines', () => {
    expect(fillCopyright('© 2019-{year} Acme', new Date('2031-05-01'))).toBe('© 2019-2031 Acme');
  });
  it('formats catalogue messages with field names per language', () => {
    expect(formatMessage('COMMON.0401', 'zh', { field: 'username' })).toBe('用户名不能为空');
    expect(formatMessage('COMMON.0401', 'en', { field: 'password' })).toBe('Password cannot be empty');
    expect(formatMessage('AUTH.LOGIN.0002', 'en', { minutes: 4 })).toContain('try again in 4 minutes');
  });
  it('hides find-password when off or when DingTalk is its only way', () => {
    expect(isHideFindPassword({ enableFindPassword: false, findPasswordWay: ['EMAIL'] })).toBe('Y');
    expect(isHideFindPassword({ enableFindPassword: true, findPasswordWay: ['dingtalk'] })).toBe('Y');
    expect(isHideFindPassword({ enableFindPassword: true, findPasswordWay: ['DINGTALK', 'EMAIL'] })).toBe(
      'N',
    );
  });
});
