/**
 * Small helpers of the second-factor and scan-to-login screens: a clock that counts down to an
 * expiry, the browser of a user agent in words, the section 8 texts of FIDO2 browser errors,
 * copying to the clipboard.
 */
import { useEffect, useState } from 'react';
import type { Fido2Problem } from '../../core/factors.ts';

/** Whole seconds until `until` (epoch ms), 0 once past; ticks against the clock, not the timer. */
export function useSecondsLeft(until: number | null | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      if (at >= until) window.clearInterval(timer);
    };
    const timer = window.setInterval(tick, 250);
    // The first reading right away: the clock of the last render may be long gone.
    const first = window.setTimeout(tick, 0);
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(first);
    };
  }, [until]);
  return until ? Math.max(0, Math.ceil((until - now) / 1000)) : 0;
}

/** 125 -> '2:05'. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger\/(\d+)/, 'WeChat'],
  [/DingTalk\/(\d+)/, 'DingTalk'],
  [/AlipayClient\/(\d+)/, 'Alipay'],
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]*(?: Mobile\/\w+)? Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Windows NT/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** 'Chrome 141 (Windows)'; an unknown agent as it is, cut to a readable length. */
export function describeBrowser(userAgent: string): string {
  const browser = BROWSERS.map(([mark, name]) => {
    const match = mark.exec(userAgent);
    return match ? `${name} ${match[1]}` : null;
  }).find(Boolean);
  const system = SYSTEMS.find(([mark]) => mark.test(userAgent))?.[1];
  if (!browser) return userAgent.length > 60 ? `${userAgent.slice(0, 60)}…` : userAgent || '-';
  return system ? `${browser} (${system})` : browser;
}

/** A time of day (and the date when it is not today) in the page language. */
export function timeOf(at: number, lang: string): string {
  const date = new Date(at);
  const today = new Date().toDateString() === date.toDateString();
  return date.toLocaleString(lang === 'en' ? 'en-US' : 'zh-CN', {
    ...(today ? {} : { year: 'numeric', month: '2-digit', day: '2-digit' }),
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });
}

/** What a FIDO2 ceremony could not do: the browser's problems, and no WebAuthn at all. */
export type Fido2Trouble = Fido2Problem | 'platform';

/** The catalogue key of each (section 8 wording). */
export const FIDO2_TEXT: Record<Fido2Trouble, string> = {
  cancelled: 'mobile.fido2.cancelled',
  alreadyAdded: 'mobile.fido2.alreadyAdded',
  deviceError: 'mobile.fido2.deviceError',
  unsupported: 'mobile.fido2.unsupported',
  platform: 'mobile.fido2.platform',
};

/** Copies text; false when the browser allows neither the clipboard API nor the old command. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    let done = false;
    try {
      done = document.execCommand('copy');
    } catch {
      done = false;
    }
    area.remove();
    return done;
  }
}
