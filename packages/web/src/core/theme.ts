/**
 * The page theme of a login page from the tenant's ui_config options and login config
 * (specification sections 3 and 4), reduced to what the shells paint. Values are checked as CSS
 * colours or http(s) URLs first: they come from tenant admins and end up in style attributes.
 */
import type { Brand, EntLoginConfig, UiConfigData } from '@tessera/shared';
import type { AppKind } from './redirect.ts';

/** Specification section 9. */
export const DEFAULT_ACCENT: Record<AppKind, string> = { pc: '#409EFF', mobile: '#258FFA' };

export interface PageTheme {
  accent: string;
  headerTitle: string;
  headerBg?: string;
  headerColor?: string;
  containerBg?: string;
  containerBgImg?: string;
  footerBg?: string;
  footerColor?: string;
  formPosition: 'center' | 'left' | 'right';
}

function color(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value || value === 'transparent') return undefined;
  return typeof CSS !== 'undefined' && CSS.supports('color', value) ? value : undefined;
}

function imageUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  // Built-in names (system_bg1...) have no bundled image yet; the default background stands in.
  return /^(https?:\/\/|\/)[^\s"'()\\]+$/.test(value) ? value : undefined;
}

/** Dark backgrounds get white text, so a tenant colour never makes the header unreadable. */
export function readableOn(background: string | undefined): string | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(background ?? '')?.[1];
  if (!hex) return undefined;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.55 ? '#ffffff' : '#1f2329';
}

export function resolveTheme(
  app: AppKind,
  ui: UiConfigData,
  config: EntLoginConfig | null,
  brand: Brand | null,
): PageTheme {
  // A template key (string) or nothing means the default template; an object is the options.
  const o: Record<string, unknown> = ui && typeof ui === 'object' ? ui : {};
  const headerBg = color(config?.headerBgColor) ?? color(o.headerBgColor);
  const position = o.loginFormPosition ?? o.formPosition;
  return {
    accent: color(o.mainColor) ?? DEFAULT_ACCENT[app],
    headerTitle:
      config?.headerTitle ||
      (typeof o.headerText === 'string' ? o.headerText : '') ||
      brand?.brandName ||
      brand?.name ||
      '',
    headerBg,
    headerColor: color(o.headerColor) ?? readableOn(headerBg),
    containerBg: color(o.containerBgColor),
    containerBgImg: imageUrl(o.containerBgImg),
    footerBg: color(o.footerBgColor),
    footerColor: color(o.footerColor),
    formPosition: position === 'left' || position === 'right' ? position : 'center',
  };
}
