/**
 * Page themes for both apps (specification sections 3 and 4, DESIGN section 9), on top of the
 * template table of `@tessera/shared`. No UI kit here: the PC and mobile frames turn a PageView
 * into Ant Design / antd-mobile tokens and their own layouts.
 *
 * - resolvePageTheme(page, data, templateKey?): the template and the options a page paints, from
 *   a ui_config answer (a template key, an options object with an optional `template`, or nothing).
 *   Every option value is checked (shared checkOptions, then CSS.supports for colours) before it
 *   can reach a style attribute; a value that fails falls back to the template's or the default.
 * - pageView(theme, context): what a frame draws (background, header, footer, form colours,
 *   links, copyright...), merged with the enterprise login config and the brand.
 * - usePageView(page, templateKey?): the same as a hook over the bootstrap data, synchronous from
 *   the first render, so a page never shows the default theme before its own.
 */
import {
  type Brand,
  type Client,
  type EntLoginConfig,
  type FormPosition,
  type InputBorderStyle,
  type Lang,
  type Layout,
  type OptionName,
  PAGE_CLIENT,
  type Template,
  type ThemeOptions,
  type UiConfigData,
  type UiConfigType,
  backgroundCss,
  baseOptions,
  checkOptions,
  fillCopyright,
  findTemplate,
  normalizeLang,
  resolveTheme,
} from '@tessera/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoot } from './bootstrap.ts';
import { supportedLanguages } from './language.ts';

/** What both apps need to know about the template a page uses. */
export interface ThemeTemplate {
  key: string;
  name: { zh: string; en: string };
  layout: Layout;
  client: Client;
  page: UiConfigType;
  isLongButton: boolean;
  isLeftToRight: boolean;
}

export type CheckedOptions = ThemeOptions & ReturnType<typeof baseOptions>;

export interface ResolvedPageTheme {
  page: UiConfigType;
  client: Client;
  template: ThemeTemplate;
  /** Base options, then the template's, then the tenant's overrides; every value checked. */
  options: CheckedOptions;
  /** The tenant's own overrides (the ui_config object without its `template` key), unchecked. */
  overrides: Record<string, unknown>;
}

function toTemplate(t: Template): ThemeTemplate {
  return {
    key: t.template,
    name: t.name,
    layout: t.layout,
    client: t.client,
    page: t.page,
    isLongButton: t.isLongButton,
    isLeftToRight: t.isLeftToRight,
  };
}

/** The option overrides of a ui_config answer: an object without its `template`; else none. */
export function themeOverrides(data: UiConfigData | undefined): Record<string, unknown> {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
  const { template: _template, ...rest } = data;
  return rest;
}

/** The template key a ui_config answer names (a string, or an object's `template`), if any. */
export function themeTemplateKey(data: UiConfigData | undefined): string | undefined {
  if (typeof data === 'string') return data;
  const key = data && typeof data === 'object' ? data.template : undefined;
  return typeof key === 'string' ? key : undefined;
}

/** A colour that the shared rules accept and this browser can paint. */
function cssColorOk(value: string): boolean {
  return typeof CSS === 'undefined' || typeof CSS.supports !== 'function' || CSS.supports('color', value);
}

/** One option value, checked for its page; undefined when it may not be used. */
function checkOne(page: UiConfigType, name: string, value: unknown): unknown {
  const res = checkOptions(page, { [name]: value });
  if (!res.ok) return undefined;
  const checked = (res.options as Record<string, unknown>)[name];
  if (
    typeof checked === 'string' &&
    name !== 'containerBgImg' &&
    /Color$/.test(name) &&
    !cssColorOk(checked)
  ) {
    return undefined;
  }
  return checked;
}

/**
 * Section 4, theme result. `templateKey` (the gallery's preview) replaces the template the answer
 * names while keeping the tenant's option overrides.
 */
export function resolvePageTheme(
  page: UiConfigType,
  data: UiConfigData | undefined,
  templateKey?: string,
): ResolvedPageTheme {
  const overrides = themeOverrides(data);
  const key =
    (templateKey && findTemplate(page, templateKey) ? templateKey : undefined) ?? themeTemplateKey(data);
  const resolved = resolveTheme(page, key ? { ...overrides, template: key } : overrides);
  const template = resolved.template;
  const fallback: Record<string, unknown> = { ...baseOptions(template.client), ...template.options };
  const options: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(resolved.options)) {
    const checked = checkOne(page, name, value);
    if (checked !== undefined) options[name] = checked;
    else if (fallback[name] !== undefined) options[name] = fallback[name];
  }
  return {
    page,
    client: PAGE_CLIENT[page],
    template: toTemplate(template),
    options: options as unknown as CheckedOptions,
    overrides,
  };
}

/** Dark backgrounds get white text, so a tenant colour never makes text unreadable. */
export function readableOn(background: string | undefined): string | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(background ?? '')?.[1];
  let rgb: number[] | undefined;
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    rgb = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  } else {
    const m = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(
      background ?? '',
    );
    // A mostly transparent colour shows what is behind it; no opinion then.
    if (m && (m[4] === undefined || Number(m[4]) >= 0.5)) rgb = [m[1], m[2], m[3]].map(Number);
  }
  if (!rgb) return undefined;
  const [r, g, b] = rgb.map((v) => v / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.55 ? '#ffffff' : '#1f2329';
}

const visible = (color: string | undefined) => (color && color !== 'transparent' ? color : undefined);

export interface BackgroundStyle {
  backgroundColor?: string;
  backgroundImage?: string;
  backgroundSize?: string;
  backgroundRepeat?: string;
  backgroundPosition?: string;
}

/** Everything a page frame draws, in either app. Colours are undefined when the kit default applies. */
export interface PageView {
  page: UiConfigType;
  client: Client;
  template: ThemeTemplate;
  layout: Layout;
  options: CheckedOptions;
  /** Where the form sits: the option for centered/left/right (and steps-card), else the layout's. */
  formPosition: FormPosition;
  mainColor: string;
  /** The page background (containerBg*), ready for a style attribute. */
  background: BackgroundStyle;
  /** True when the background is a picture (the frame may pick text colours for it). */
  backgroundIsImage: boolean;
  /**
   * Text straight on a plain-colour background (a transparent header or footer, the tagline):
   * white on dark colours, dark on light ones; undefined on pictures (the apps' default).
   */
  pageTextColor?: string;
  header: {
    display: boolean;
    title: string;
    bgColor?: string;
    color?: string;
    logo?: string;
    /** Mobile login: show the logo. */
    iconDisplay: boolean;
  };
  footer: {
    display: boolean;
    bgColor?: string;
    color?: string;
    linkColor?: string;
    copyright: string;
    recordNo: string;
    /** Mobile login footer tip and icon colour. */
    tipText?: string;
    iconColor?: string;
  };
  form: {
    /** PC login: loginFormTitle; the page's own heading otherwise. */
    title?: string;
    bgColor?: string;
    color?: string;
    activeColor?: string;
    tipTextColor?: string;
    inputBgColor?: string;
    inputColor?: string;
    inputBorderColor?: string;
    inputBorderStyle: InputBorderStyle;
    /** Mobile login link colour. */
    linkColor?: string;
  };
  /** The long band of isLongButton templates (PC login 5). */
  long: { bgColor?: string; borderColor?: string; color?: string };
  links: { userAgreement?: string; privacyPolicy?: string };
  /** The language the switch offers, when the tenant supports both. */
  otherLang?: Lang;
  showFindPassword: boolean;
  showRegister: boolean;
}

export interface ViewContext {
  config: EntLoginConfig | null;
  brand: Brand | null;
  lang: Lang;
  /** The product name, when neither the theme, the config nor the brand names the page. */
  fallbackTitle: string;
}

function safeImage(value: string | undefined): string | undefined {
  return value && /^(https?:\/\/|\/(?!\/)|data:image\/)[^\s"'<>\\]*$/.test(value) ? value : undefined;
}

const POSITIONED: readonly Layout[] = ['centered', 'left', 'right', 'steps-card'];

export function pageView(
  theme: ResolvedPageTheme,
  { config, brand, lang, fallbackTitle }: ViewContext,
): PageView {
  const o = theme.options;
  const { template, page } = theme;
  const isPcLogin = page === 'PC_LOGIN';
  const pick = (login: OptionName, other: OptionName) =>
    (isPcLogin ? o[login] : o[other]) as string | undefined;

  const optionPosition = (isPcLogin ? (o.loginFormPosition ?? o.formPosition) : o.formPosition) ?? 'center';
  const layoutPosition: FormPosition =
    template.layout === 'left' ? 'left' : template.layout === 'right' ? 'right' : 'center';
  const formPosition = POSITIONED.includes(template.layout) ? optionPosition : layoutPosition;

  const bg = backgroundCss(o);
  const background: BackgroundStyle = {
    ...bg,
    backgroundColor: bg.backgroundColor,
    backgroundImage: bg.backgroundImage ?? (bg.backgroundColor ? 'none' : undefined),
  };

  // The login config's header colour wins over the theme's when it says something.
  const configHeaderBg = visible(config?.headerBgColor);
  const headerBgColor =
    configHeaderBg && checkOne(page, 'headerBgColor', configHeaderBg)
      ? configHeaderBg
      : visible(o.headerBgColor);
  const en = lang === 'en';
  const copyright = o.copyright || (en && config?.copyrightEn) || config?.copyright || brand?.copyright || '';
  const recordNo = (en && config?.recordNoEn) || config?.recordNo || brand?.recordNo || '';
  const langs = supportedLanguages(config).map(normalizeLang);

  return {
    page,
    client: theme.client,
    template,
    layout: template.layout,
    options: o,
    formPosition,
    mainColor: o.mainColor,
    background,
    backgroundIsImage: !!bg.backgroundImage,
    pageTextColor: bg.backgroundImage ? undefined : readableOn(visible(bg.backgroundColor)),
    header: {
      display: o.headerDisplay !== false,
      title: o.headerText || config?.headerTitle || brand?.brandName || brand?.name || fallbackTitle,
      bgColor: headerBgColor,
      color: o.headerColor ?? readableOn(headerBgColor),
      logo: safeImage((theme.client === 'mobile' && brand?.mobileLogo) || brand?.logo),
      iconDisplay: o.headerIconDisplay !== false,
    },
    footer: {
      display: o.footerDisplay !== false,
      bgColor: visible(o.footerBgColor),
      color: o.footerColor ?? readableOn(visible(o.footerBgColor)),
      linkColor: o.footerLinkColor,
      copyright: fillCopyright(copyright),
      recordNo,
      tipText: o.footerTipText,
      iconColor: o.footerIconColor,
    },
    form: {
      title: isPcLogin ? o.loginFormTitle : undefined,
      bgColor: pick('loginFormBgColor', 'formBgColor'),
      color: pick('loginFormColor', 'formColor'),
      activeColor: pick('loginFormActiveColor', 'formActiveColor'),
      tipTextColor: pick('loginFormTipTextColor', 'formTipTextColor'),
      inputBgColor: pick('loginFormInputBgColor', 'formInputBgColor'),
      inputColor: o.formInputColor,
      inputBorderColor: o.formInputBorderColor,
      inputBorderStyle: o.formInputBorderStyle,
      linkColor: o.loginFormLinkColor,
    },
    long: { bgColor: o.longBgColor, borderColor: o.longBorderColor, color: o.longFormColor },
    links: { userAgreement: o.userAgreementLink, privacyPolicy: o.privacyPolicyLink },
    otherLang: langs.includes('zh') && langs.includes('en') ? (en ? 'zh' : 'en') : undefined,
    showFindPassword: config?.isHideFindPassword === 'N',
    showRegister: !!config?.enableRegister,
  };
}

/**
 * The view of one page from the bootstrap data (bootstrap.uiConfig[page]), following language
 * switches. `templateKey` shows another template with the tenant's options (the gallery preview).
 */
export function usePageView(page: UiConfigType, templateKey?: string): PageView & { loaded: boolean } {
  const { loaded, config, brand, uiConfigs } = useBoot();
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language) ?? 'zh';
  const data = uiConfigs[page];
  return useMemo(
    () => ({
      loaded,
      ...pageView(resolvePageTheme(page, data, templateKey), {
        config,
        brand,
        lang,
        fallbackTitle: t('app.name'),
      }),
    }),
    [page, data, templateKey, loaded, config, brand, lang, t],
  );
}
