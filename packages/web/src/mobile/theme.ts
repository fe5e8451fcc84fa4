/**
 * The theme of a mobile page (specification sections 3 and 4), on top of the shared model:
 * shared `resolveTheme` picks the template and merges the options, then every value is checked
 * before it becomes CSS (shared `checkOptions`, CSS.supports for colours) and the layout's
 * readable defaults are worked out, so a tenant colour never leaves text unreadable.
 */
import {
  type Brand,
  type EntLoginConfig,
  type FormPosition,
  type InputBorderStyle,
  type Lang,
  type Layout,
  OPTION_KINDS,
  type OptionName,
  type Template,
  type ThemeOptions,
  type UiConfigData,
  backgroundCss,
  baseOptions,
  checkOptions,
  fillCopyright,
  resolveTheme,
  SYSTEM_BACKGROUNDS,
  systemBackgroundUrl,
} from '@tessera/shared';
import type { CSSProperties } from 'react';

export const MOBILE_PAGES = ['MOBILE_LOGIN', 'MOBILE_REGISTER', 'MOBILE_FIND_PWD'] as const;
export type MobilePage = (typeof MOBILE_PAGES)[number];
export const isMobilePage = (value: unknown): value is MobilePage =>
  (MOBILE_PAGES as readonly unknown[]).includes(value);

/** The layouts the mobile templates use. */
export type MobileLayout = Extract<Layout, 'simple' | 'fullbg' | 'banner' | 'card' | 'bottombar'>;
const MOBILE_LAYOUTS: readonly Layout[] = ['simple', 'fullbg', 'banner', 'card', 'bottombar'];

const DARK_TEXT = '#1f2329';
const LIGHT_TEXT = '#ffffff';

/** A colour a tenant admin typed: only a plain CSS colour passes (no var(), url(), `;`...). */
export function safeColor(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const s = value.trim();
  if (!s || s.length > 64 || /[;:{}\\"'<>]|url\(|var\(|expression|attr\(/i.test(s)) return undefined;
  if (typeof CSS !== 'undefined' && typeof CSS.supports === 'function') {
    return CSS.supports('color', s) ? s : undefined;
  }
  return checkOptions('MOBILE_LOGIN', { mainColor: s }).ok ? s : undefined;
}

type Rgba = [number, number, number, number];
let canvas: CanvasRenderingContext2D | null | undefined;

/** Any CSS colour as red, green, blue (0-255) and alpha (0-1). */
export function toRgba(color: string): Rgba | undefined {
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(color)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
    const n = [0, 2, 4, 6].map((i) => parseInt(full.slice(i, i + 2) || 'ff', 16));
    return [n[0]!, n[1]!, n[2]!, n[3]! / 255];
  }
  const fn = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$/i.exec(color);
  if (fn) {
    const alpha = fn[4] === undefined ? 1 : fn[4].endsWith('%') ? parseFloat(fn[4]) / 100 : Number(fn[4]);
    return [Number(fn[1]), Number(fn[2]), Number(fn[3]), alpha];
  }
  if (color === 'transparent') return [0, 0, 0, 0];
  // Named and other colours: the canvas normalises them to #rrggbb or rgba(...).
  if (canvas === undefined) {
    canvas = typeof document !== 'undefined' ? document.createElement('canvas').getContext('2d') : null;
  }
  if (!canvas) return undefined;
  canvas.fillStyle = '#010203';
  canvas.fillStyle = color;
  const normal = String(canvas.fillStyle);
  return normal === color || (normal === '#010203' && color !== '#010203') ? undefined : toRgba(normal);
}

function luminance([r, g, b]: Rgba): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** Text colour with the better contrast on a background; undefined when it is (mostly) see-through. */
export function readableOn(background: string | undefined): string | undefined {
  const rgba = background ? toRgba(background) : undefined;
  if (!rgba || rgba[3] < 0.5) return undefined;
  const l = luminance(rgba);
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (luminance([31, 35, 41, 1]) + 0.05);
  // White reads well on saturated brand colours (3:1, the large-text level, is enough there).
  return onWhite >= 3 || onWhite >= onDark ? LIGHT_TEXT : DARK_TEXT;
}

const isDark = (text: string) => text === LIGHT_TEXT;
const opaque = (color: string | undefined) => {
  const rgba = color ? toRgba(color) : undefined;
  return !!rgba && rgba[3] >= 0.5;
};

/**
 * Options after the checks: a value that fails its check falls back to the template's (then the
 * base) value, never into a style attribute.
 */
export function checkedOptions(page: MobilePage, template: Template, options: ThemeOptions): ThemeOptions {
  const fallback: ThemeOptions = { ...baseOptions('mobile'), ...template.options };
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(options) as OptionName[]) {
    const value = options[name];
    let checked: unknown;
    if (OPTION_KINDS[name] === 'color') checked = safeColor(value);
    else {
      const result = checkOptions(page, { [name]: value });
      checked = result.ok ? result.options[name] : undefined;
    }
    out[name] = checked !== undefined ? checked : fallback[name];
  }
  return out as ThemeOptions;
}

export interface TenantTexts {
  config: EntLoginConfig | null;
  brand: Brand | null;
  lang: Lang;
  /** The product name, when the tenant names nothing. */
  appName: string;
}

export interface MobileTheme {
  page: MobilePage;
  template: Template;
  layout: MobileLayout;
  longButton: boolean;
  options: ThemeOptions;
  /** CSS variables on the page root: antd-mobile's theme variables and the frame's own. */
  rootStyle: CSSProperties;
  /** The page background (containerBg* options). */
  containerStyle: CSSProperties;
  /** The page background is a picture. */
  onImage: boolean;
  /** The picture's URL and tone (assumed, or measured once it loaded). */
  image?: { url: string; tone: ImageTone };
  formPosition: FormPosition;
  inputStyle: InputBorderStyle;
  header: { show: boolean; title: string; showIcon: boolean; logo?: string };
  footer: {
    show: boolean;
    tip?: string;
    copyright: string;
    recordNo: string;
  };
  agreementLink?: string;
  privacyLink?: string;
  /** Colours for the plain frame of the other pages (account, set domain...): light page. */
  shell: { headerBg?: string; headerColor?: string; footerBg?: string; footerColor?: string };
  /** The language the switch offers, when the tenant supports both. */
  otherLang?: Lang;
}

/** Logos come from the tenant's brand: same-site paths, http(s) and data images only. */
export function safeImage(value: string | undefined): string | undefined {
  return value &&
    /^(https?:\/\/[^\s"'()\\]+|\/(?!\/)[^\s"'()\\]*|data:image\/[a-z+]+;base64,[\w+/=]+)$/i.test(value)
    ? value
    : undefined;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The tenant's shown name: header title of the login config, brand name, company name. */
export function tenantTitle({ config, brand, appName }: TenantTexts): string {
  return text(config?.headerTitle) || text(brand?.brandName) || text(brand?.name) || appName;
}

export function tenantOtherLang({ config, lang }: TenantTexts): Lang | undefined {
  const langs = (config?.languageList ?? []).map((l) => String(l).toLowerCase());
  return langs.includes('zh') && langs.includes('en') ? (lang === 'en' ? 'zh' : 'en') : undefined;
}

/** How light a background picture is: decides the colour of the texts drawn straight on it. */
export type ImageTone = 'light' | 'dark';

/**
 * The tone assumed before a picture has been looked at: the bundled backgrounds are light
 * pastels; other pictures (photos, mostly) are taken as dark, drawn with white text and a shade.
 */
export function guessTone(image: string | undefined): ImageTone {
  return image && (SYSTEM_BACKGROUNDS as readonly string[]).includes(image) ? 'light' : 'dark';
}

/** The URL of a background option: bundled names map to their files. */
export function backgroundUrl(image: string | undefined): string | undefined {
  if (!image) return undefined;
  return (SYSTEM_BACKGROUNDS as readonly string[]).includes(image) ? systemBackgroundUrl(image) : image;
}

export function buildMobileTheme(
  page: MobilePage,
  data: UiConfigData | undefined,
  tenant: TenantTexts,
  measuredTone?: ImageTone,
): MobileTheme {
  const resolved = resolveTheme(page, data ?? undefined);
  const template = resolved.template;
  const o = checkedOptions(page, template, resolved.options);
  const layout = (MOBILE_LAYOUTS.includes(template.layout) ? template.layout : 'simple') as MobileLayout;
  const { config, brand, lang } = tenant;

  const main = safeColor(o.mainColor) ?? baseOptions('mobile').mainColor;
  const background = backgroundCss(o);
  const onImage =
    !!background.backgroundImage &&
    (typeof CSS === 'undefined' || CSS.supports('background-image', background.backgroundImage));
  if (!onImage) delete background.backgroundImage;
  const tone = onImage ? (measuredTone ?? guessTone(o.containerBgImg)) : undefined;
  const darkImage = tone === 'dark';
  const surface = onImage ? undefined : (o.containerBgColor ?? '#ffffff');
  // Text straight on the page: readable on its colour; on a dark picture, white with a shadow.
  const pageText = onImage ? (darkImage ? LIGHT_TEXT : DARK_TEXT) : (readableOn(surface) ?? DARK_TEXT);

  // Header: the login config's colour wins when set (and not transparent), then the theme's.
  const configHeaderBg = safeColor(config?.headerBgColor);
  const themeHeaderBg = o.headerBgColor && o.headerBgColor !== 'transparent' ? o.headerBgColor : undefined;
  const headerBg =
    (configHeaderBg !== 'transparent' ? configHeaderBg : undefined) ??
    themeHeaderBg ??
    (layout === 'banner' ? main : undefined);
  const headerText = o.headerColor ?? readableOn(headerBg) ?? pageText;
  const headerShadow = !opaque(headerBg) && darkImage && !o.headerColor;

  const footerBg = o.footerBgColor && o.footerBgColor !== 'transparent' ? o.footerBgColor : undefined;
  const footerText = o.footerColor ?? readableOn(footerBg) ?? (darkImage ? LIGHT_TEXT : mute(pageText));
  const footerShadow = !opaque(footerBg) && darkImage && !o.footerColor;

  // The form: its own background per layout, unless the tenant gives one.
  const layoutFormBg: Record<MobileLayout, string> = {
    simple: onImage ? 'rgba(255,255,255,0.94)' : 'transparent',
    bottombar: onImage ? 'rgba(255,255,255,0.94)' : 'transparent',
    fullbg: 'rgba(255,255,255,0.9)',
    banner: '#ffffff',
    card: '#ffffff',
  };
  const formBg = o.formBgColor ?? layoutFormBg[layout];
  const formBase = readableOn(formBg) ?? (opaque(surface) ? pageText : DARK_TEXT);
  const formText = o.formColor ?? formBase;
  const darkForm = isDark(readableOn(formBg) ?? (opaque(surface) ? pageText : DARK_TEXT));
  const inputStyle = o.formInputBorderStyle ?? 'style1';
  const inputBg =
    o.formInputBgColor ??
    (inputStyle === 'style2'
      ? 'transparent'
      : inputStyle === 'style3'
        ? darkForm
          ? 'rgba(255,255,255,0.14)'
          : '#f2f3f5'
        : darkForm
          ? 'rgba(255,255,255,0.08)'
          : '#ffffff');
  const inputText = o.formInputColor ?? readableOn(inputBg) ?? formText;

  const vars: Record<string, string | undefined> = {
    '--adm-color-primary': main,
    '--adm-color-text-light-solid': readableOn(main) ?? LIGHT_TEXT,
    '--tmt-header-bg': headerBg ?? 'transparent',
    '--tmt-header-color': headerText,
    '--tmt-header-shadow': headerShadow ? '0 1px 3px rgba(0, 0, 0, 0.55)' : 'none',
    '--tmt-footer-bg': footerBg ?? 'transparent',
    '--tmt-footer-color': footerText,
    '--tmt-footer-link': o.footerLinkColor ?? (footerShadow ? LIGHT_TEXT : footerText),
    '--tmt-footer-icon': o.footerIconColor ?? (footerShadow ? LIGHT_TEXT : main),
    '--tmt-footer-shadow': footerShadow ? '0 1px 2px rgba(0, 0, 0, 0.6)' : 'none',
    '--tmt-form-bg': formBg,
    '--tmt-form-color': formText,
    '--tmt-form-muted': o.formColor ?? mute(formBase),
    '--tmt-tip': o.formTipTextColor ?? (darkForm ? 'rgba(255, 255, 255, 0.72)' : '#6b7280'),
    '--tmt-input-bg': inputBg,
    '--tmt-input-color': inputText,
    '--tmt-input-border': o.formInputBorderColor ?? (darkForm ? 'rgba(255, 255, 255, 0.4)' : '#c9cdd4'),
    '--tmt-active': o.formActiveColor ?? main,
    '--tmt-bar-bg': opaque(formBg) ? formBg : opaque(surface) ? surface : 'rgba(255, 255, 255, 0.96)',
    '--tmt-link': o.loginFormLinkColor ?? (darkForm ? LIGHT_TEXT : main),
  };
  const rootStyle = Object.fromEntries(Object.entries(vars).filter(([, v]) => !!v)) as CSSProperties;

  const en = lang === 'en';
  const copyright =
    text(o.copyright) ||
    (en && text(config?.copyrightEn)) ||
    text(config?.copyright) ||
    text(brand?.copyright);
  const recordNo = (en && text(config?.recordNoEn)) || text(config?.recordNo) || text(brand?.recordNo);

  return {
    page,
    template,
    layout,
    longButton: template.isLongButton,
    options: o,
    rootStyle,
    containerStyle: background,
    onImage,
    image: onImage && tone ? { url: backgroundUrl(o.containerBgImg)!, tone } : undefined,
    formPosition: o.formPosition ?? 'center',
    inputStyle,
    header: {
      show: o.headerDisplay !== false,
      title: text(o.headerText) || tenantTitle(tenant),
      showIcon: o.headerIconDisplay !== false,
      logo: safeImage(text(brand?.mobileLogo) || text(brand?.logo)),
    },
    footer: {
      show: o.footerDisplay !== false,
      tip: page === 'MOBILE_LOGIN' ? text(o.footerTipText) || undefined : undefined,
      copyright: copyright ? fillCopyright(copyright) : '',
      recordNo,
    },
    agreementLink: o.userAgreementLink,
    privacyLink: o.privacyPolicyLink,
    shell: {
      headerBg: opaque(headerBg) ? headerBg : undefined,
      headerColor: o.headerColor ?? readableOn(headerBg),
      footerBg: opaque(footerBg) ? footerBg : undefined,
      footerColor: o.footerColor ?? readableOn(footerBg),
    },
    otherLang: tenantOtherLang(tenant),
  };
}

/** Secondary text next to a main text colour. */
function mute(textColor: string): string {
  return isDark(textColor) ? 'rgba(255, 255, 255, 0.78)' : '#646a73';
}
