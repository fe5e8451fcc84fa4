/**
 * Page themes (specification section 3, Theme options and Template; section 4, Theme result).
 * The system template table for the six themed pages, the option names each page accepts, their
 * defaults, and how a ui_config answer becomes the theme a page paints.
 */
import type { UiConfigData, UiConfigType } from './api.ts';

export type Client = 'pc' | 'mobile';
export type FormPosition = 'center' | 'left' | 'right';
export type BgImgStyle = 'cover' | 'contain' | 'percentage' | 'center' | 'repeat';
export type BgStyle = 'color' | 'image';
/** style1: a full border; style2: only a bottom line; style3: filled, no border. */
export type InputBorderStyle = 'style1' | 'style2' | 'style3';

/**
 * How a template arranges the page. Each layout is a distinct design, drawn by the web apps:
 * - centered / left / right: full-bleed background, the form card in that position;
 * - split: two panels, a brand panel and the form panel (isLeftToRight says which is first);
 * - longbar: a full-width band across the page with the form laid out in one row and a long button;
 * - card: a plain coloured page with a compact card, no background picture;
 * - banner: (mobile) a coloured banner with the logo above a form sheet;
 * - fullbg: (mobile) the whole screen is the picture, the form floats on it;
 * - simple: (mobile) a plain white page, logo above the form;
 * - bottombar: (mobile) a long button fixed at the bottom of the screen;
 * - steps-card / steps-split: (find password) the steps above a card, or beside the form.
 */
export type Layout =
  | 'centered'
  | 'left'
  | 'right'
  | 'split'
  | 'longbar'
  | 'card'
  | 'banner'
  | 'fullbg'
  | 'simple'
  | 'bottombar'
  | 'steps-card'
  | 'steps-split';

export interface ThemeOptions {
  containerBgImg?: string;
  containerBgImgStyle?: BgImgStyle;
  containerBgColor?: string;
  containerBgStyle?: BgStyle;
  headerBgColor?: string;
  headerText?: string;
  headerColor?: string;
  headerDisplay?: boolean;
  mainColor?: string;
  footerBgColor?: string;
  footerColor?: string;
  footerDisplay?: boolean;
  footerLinkColor?: string;
  formPosition?: FormPosition;
  formBgColor?: string;
  formInputBgColor?: string;
  formColor?: string;
  formActiveColor?: string;
  formTipTextColor?: string;
  formInputColor?: string;
  formInputBorderStyle?: InputBorderStyle;
  formInputBorderColor?: string;
  userAgreementLink?: string;
  privacyPolicyLink?: string;
  copyright?: string;
  // PC login names for the form options.
  loginFormPosition?: FormPosition;
  loginFormTitle?: string;
  loginFormBgColor?: string;
  loginFormInputBgColor?: string;
  loginFormColor?: string;
  loginFormActiveColor?: string;
  loginFormTipTextColor?: string;
  longBorderColor?: string;
  longBgColor?: string;
  longFormColor?: string;
  // Mobile login extras.
  headerIconDisplay?: boolean;
  loginFormLinkColor?: string;
  footerTipText?: string;
  footerIconColor?: string;
}
export type OptionName = keyof ThemeOptions;

export interface Template {
  /** Display name, zh and en. */
  name: { zh: string; en: string };
  /** The template key that ui_config answers. */
  template: string;
  layout: Layout;
  client: Client;
  page: UiConfigType;
  isSystem: boolean;
  /** The page's default template: the one shown when ui_config answers nothing. */
  isActived: boolean;
  isLongButton: boolean;
  isLeftToRight: boolean;
  options: ThemeOptions;
}

/** Kinds of option values, for validation on the server and coercion in the clients. */
export type OptionKind =
  'color' | 'text' | 'url' | 'image' | 'boolean' | 'position' | 'bgImgStyle' | 'bgStyle' | 'borderStyle';

export const OPTION_KINDS: Record<OptionName, OptionKind> = {
  containerBgImg: 'image',
  containerBgImgStyle: 'bgImgStyle',
  containerBgColor: 'color',
  containerBgStyle: 'bgStyle',
  headerBgColor: 'color',
  headerText: 'text',
  headerColor: 'color',
  headerDisplay: 'boolean',
  mainColor: 'color',
  footerBgColor: 'color',
  footerColor: 'color',
  footerDisplay: 'boolean',
  footerLinkColor: 'color',
  formPosition: 'position',
  formBgColor: 'color',
  formInputBgColor: 'color',
  formColor: 'color',
  formActiveColor: 'color',
  formTipTextColor: 'color',
  formInputColor: 'color',
  formInputBorderStyle: 'borderStyle',
  formInputBorderColor: 'color',
  userAgreementLink: 'url',
  privacyPolicyLink: 'url',
  copyright: 'text',
  loginFormPosition: 'position',
  loginFormTitle: 'text',
  loginFormBgColor: 'color',
  loginFormInputBgColor: 'color',
  loginFormColor: 'color',
  loginFormActiveColor: 'color',
  loginFormTipTextColor: 'color',
  longBorderColor: 'color',
  longBgColor: 'color',
  longFormColor: 'color',
  headerIconDisplay: 'boolean',
  loginFormLinkColor: 'color',
  footerTipText: 'text',
  footerIconColor: 'color',
};

const COMMON: OptionName[] = [
  'containerBgImg',
  'containerBgImgStyle',
  'containerBgColor',
  'containerBgStyle',
  'headerBgColor',
  'headerText',
  'headerColor',
  'headerDisplay',
  'mainColor',
  'footerBgColor',
  'footerColor',
  'footerDisplay',
  'footerLinkColor',
  'userAgreementLink',
  'privacyPolicyLink',
  'copyright',
];
const FORM: OptionName[] = [
  'formPosition',
  'formBgColor',
  'formInputBgColor',
  'formColor',
  'formActiveColor',
  'formTipTextColor',
  'formInputColor',
  'formInputBorderStyle',
  'formInputBorderColor',
];

/** The options each page accepts: PC login names its form options loginForm*, mobile login has extras. */
export const PAGE_OPTIONS: Record<UiConfigType, readonly OptionName[]> = {
  PC_LOGIN: [
    ...COMMON,
    'loginFormPosition',
    'loginFormTitle',
    'loginFormBgColor',
    'loginFormInputBgColor',
    'loginFormColor',
    'loginFormActiveColor',
    'loginFormTipTextColor',
    'formInputColor',
    'formInputBorderStyle',
    'formInputBorderColor',
    'longBorderColor',
    'longBgColor',
    'longFormColor',
  ],
  MOBILE_LOGIN: [
    ...COMMON,
    ...FORM,
    'headerIconDisplay',
    'loginFormLinkColor',
    'footerTipText',
    'footerIconColor',
  ],
  PC_REGISTER: [...COMMON, ...FORM],
  MOBILE_REGISTER: [...COMMON, ...FORM],
  PC_FIND_PWD: [...COMMON, ...FORM],
  MOBILE_FIND_PWD: [...COMMON, ...FORM],
};

export const PAGE_CLIENT: Record<UiConfigType, Client> = {
  PC_LOGIN: 'pc',
  MOBILE_LOGIN: 'mobile',
  PC_REGISTER: 'pc',
  MOBILE_REGISTER: 'mobile',
  PC_FIND_PWD: 'pc',
  MOBILE_FIND_PWD: 'mobile',
};

/** Default accent colours (specification section 9). */
export const DEFAULT_MAIN_COLOR: Record<Client, string> = { pc: '#409EFF', mobile: '#258FFA' };
/** Background pictures drawn for this project and shipped with the web apps. */
export const SYSTEM_BACKGROUNDS = [
  'system_bg1',
  'system_bg2',
  'system_bg3',
  'system_bg4',
  'system_bg5',
] as const;
/** The mobile set has four (specification section 3). */
export const MOBILE_SYSTEM_BACKGROUNDS = SYSTEM_BACKGROUNDS.slice(0, 4);
/** Where a built-in background name is served from. */
export const systemBackgroundUrl = (name: string) => `/assets/backgrounds/${name}.svg`;

/** Every page starts from these; a template's options and then the tenant's override them. */
export function baseOptions(
  client: Client,
): Required<
  Pick<
    ThemeOptions,
    | 'mainColor'
    | 'containerBgImgStyle'
    | 'formPosition'
    | 'headerBgColor'
    | 'headerDisplay'
    | 'footerDisplay'
    | 'formInputBorderStyle'
  >
> {
  return {
    mainColor: DEFAULT_MAIN_COLOR[client],
    containerBgImgStyle: 'percentage',
    formPosition: 'center',
    headerBgColor: 'transparent',
    headerDisplay: true,
    footerDisplay: true,
    formInputBorderStyle: 'style1',
  };
}

type Row = [
  key: string,
  zh: string,
  en: string,
  layout: Layout,
  extra?: Partial<Template>,
  options?: ThemeOptions,
];

function table(page: UiConfigType, rows: Row[]): Template[] {
  return rows.map(([template, zh, en, layout, extra, options], i) => ({
    name: { zh, en },
    template,
    layout,
    client: PAGE_CLIENT[page],
    page,
    isSystem: true,
    isActived: i === 0,
    isLongButton: false,
    isLeftToRight: false,
    ...extra,
    options: options ?? {},
  }));
}

export const TEMPLATES: readonly Template[] = [
  ...table('PC_LOGIN', [
    [
      'pc_login_1',
      '经典居中',
      'Classic centred',
      'centered',
      {},
      { containerBgStyle: 'image', containerBgImg: 'system_bg1', loginFormPosition: 'center' },
    ],
    [
      'pc_login_2',
      '右侧表单',
      'Form on the right',
      'right',
      {},
      {
        containerBgStyle: 'image',
        containerBgImg: 'system_bg2',
        containerBgImgStyle: 'cover',
        loginFormPosition: 'right',
      },
    ],
    [
      'pc_login_3',
      '左侧表单',
      'Form on the left',
      'left',
      {},
      {
        containerBgStyle: 'image',
        containerBgImg: 'system_bg3',
        containerBgImgStyle: 'cover',
        loginFormPosition: 'left',
      },
    ],
    [
      'pc_login_4',
      '左右分栏',
      'Split panels',
      'split',
      { isLeftToRight: true },
      {
        containerBgStyle: 'image',
        containerBgImg: 'system_bg4',
        containerBgImgStyle: 'cover',
        headerBgColor: '#ffffff',
      },
    ],
    [
      'pc_login_5',
      '通栏长按钮',
      'Long band',
      'longbar',
      { isLongButton: true },
      {
        containerBgStyle: 'image',
        containerBgImg: 'system_bg5',
        containerBgImgStyle: 'cover',
        longBgColor: 'rgba(255,255,255,0.92)',
        longBorderColor: '#dcdfe6',
        longFormColor: '#303133',
      },
    ],
    [
      'pc_login_6',
      '简约卡片',
      'Simple card',
      'card',
      {},
      {
        containerBgStyle: 'color',
        containerBgColor: '#f0f2f5',
        headerBgColor: '#ffffff',
        loginFormBgColor: '#ffffff',
      },
    ],
  ]),
  ...table('MOBILE_LOGIN', [
    [
      'mobile_login_1',
      '简洁',
      'Simple',
      'simple',
      {},
      { containerBgStyle: 'color', containerBgColor: '#ffffff' },
    ],
    [
      'mobile_login_2',
      '全屏背景',
      'Full-screen picture',
      'fullbg',
      {},
      {
        containerBgStyle: 'image',
        containerBgImg: 'system_bg1',
        containerBgImgStyle: 'cover',
        formBgColor: 'rgba(255,255,255,0.9)',
      },
    ],
    [
      'mobile_login_3',
      '顶部横幅',
      'Banner',
      'banner',
      {},
      { containerBgStyle: 'color', containerBgColor: '#f5f7fa', headerIconDisplay: true },
    ],
    [
      'mobile_login_4',
      '浮动卡片',
      'Floating card',
      'card',
      {},
      {
        containerBgStyle: 'image',
        containerBgImg: 'system_bg2',
        containerBgImgStyle: 'cover',
        formBgColor: '#ffffff',
      },
    ],
    [
      'mobile_login_5',
      '底部长按钮',
      'Bottom button',
      'bottombar',
      { isLongButton: true },
      { containerBgStyle: 'color', containerBgColor: '#ffffff', formInputBorderStyle: 'style2' },
    ],
  ]),
  ...table('PC_REGISTER', [
    [
      'pc_register_1',
      '经典居中',
      'Classic centred',
      'centered',
      {},
      { containerBgStyle: 'image', containerBgImg: 'system_bg1', formPosition: 'center' },
    ],
    [
      'pc_register_2',
      '右侧表单',
      'Form on the right',
      'right',
      {},
      {
        containerBgStyle: 'image',
        containerBgImg: 'system_bg2',
        containerBgImgStyle: 'cover',
        formPosition: 'right',
      },
    ],
    [
      'pc_register_3',
      '左侧表单',
      'Form on the left',
      'left',
      {},
      {
        containerBgStyle: 'image',
        containerBgImg: 'system_bg3',
        containerBgImgStyle: 'cover',
        formPosition: 'left',
      },
    ],
    [
      'pc_register_4',
      '左右分栏',
      'Split panels',
      'split',
      { isLeftToRight: true },
      {
        containerBgStyle: 'image',
        containerBgImg: 'system_bg4',
        containerBgImgStyle: 'cover',
        headerBgColor: '#ffffff',
      },
    ],
    [
      'pc_register_5',
      '简约卡片',
      'Simple card',
      'card',
      {},
      {
        containerBgStyle: 'color',
        containerBgColor: '#f0f2f5',
        headerBgColor: '#ffffff',
        formBgColor: '#ffffff',
      },
    ],
  ]),
  ...table('MOBILE_REGISTER', [
    [
      'mobile_register_1',
      '简洁',
      'Simple',
      'simple',
      {},
      { containerBgStyle: 'color', containerBgColor: '#ffffff' },
    ],
    [
      'mobile_register_2',
      '全屏背景',
      'Full-screen picture',
      'fullbg',
      {},
      {
        containerBgStyle: 'image',
        containerBgImg: 'system_bg3',
        containerBgImgStyle: 'cover',
        formBgColor: 'rgba(255,255,255,0.9)',
      },
    ],
    [
      'mobile_register_3',
      '顶部横幅',
      'Banner',
      'banner',
      {},
      { containerBgStyle: 'color', containerBgColor: '#f5f7fa' },
    ],
    [
      'mobile_register_4',
      '浮动卡片',
      'Floating card',
      'card',
      {},
      {
        containerBgStyle: 'image',
        containerBgImg: 'system_bg4',
        containerBgImgStyle: 'cover',
        formBgColor: '#ffffff',
      },
    ],
    [
      'mobile_register_5',
      '底部长按钮',
      'Bottom button',
      'bottombar',
      { isLongButton: true },
      { containerBgStyle: 'color', containerBgColor: '#ffffff', formInputBorderStyle: 'style2' },
    ],
  ]),
  ...table('PC_FIND_PWD', [
    [
      'layout1',
      '步骤卡片',
      'Steps over a card',
      'steps-card',
      {},
      { containerBgStyle: 'color', containerBgColor: '#f0f2f5', headerBgColor: '#ffffff' },
    ],
    [
      'layout2',
      '步骤分栏',
      'Steps beside the form',
      'steps-split',
      { isLeftToRight: true },
      { containerBgStyle: 'image', containerBgImg: 'system_bg5', containerBgImgStyle: 'cover' },
    ],
  ]),
  ...table('MOBILE_FIND_PWD', [
    ['layout1', '简洁', 'Simple', 'simple', {}, { containerBgStyle: 'color', containerBgColor: '#ffffff' }],
    [
      'layout2',
      '顶部横幅',
      'Banner',
      'banner',
      {},
      { containerBgStyle: 'color', containerBgColor: '#f5f7fa' },
    ],
  ]),
];

export function templatesOf(page: UiConfigType): Template[] {
  return TEMPLATES.filter((t) => t.page === page);
}

export function findTemplate(page: UiConfigType, key: string): Template | undefined {
  return TEMPLATES.find((t) => t.page === page && t.template === key);
}

export function defaultTemplate(page: UiConfigType): Template {
  return TEMPLATES.find((t) => t.page === page && t.isActived)!;
}

export interface ResolvedTheme {
  template: Template;
  /** Base options, then the template's, then the tenant's overrides. */
  options: ThemeOptions & ReturnType<typeof baseOptions>;
}

/**
 * Section 4, theme result: a string is a template key; an object is used directly (its optional
 * `template` names the template it starts from, the rest are options); nothing is the default.
 * Unknown keys and unknown options are ignored here; the server refuses them when they are set.
 */
export function resolveTheme(page: UiConfigType, data: UiConfigData | undefined): ResolvedTheme {
  const { template: key, ...overrides } =
    typeof data === 'string'
      ? { template: data }
      : data && typeof data === 'object'
        ? (data as Record<string, unknown>)
        : {};
  const template = (typeof key === 'string' && findTemplate(page, key)) || defaultTemplate(page);
  const allowed = new Set<string>(PAGE_OPTIONS[page]);
  const picked = Object.fromEntries(
    Object.entries(overrides).filter(([k, v]) => allowed.has(k) && v !== undefined && v !== null && v !== ''),
  );
  return { template, options: { ...baseOptions(template.client), ...template.options, ...picked } };
}

const COLOR =
  /^(#[0-9a-fA-F]{3,4}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+|\d{1,3}%)\s*)?\)|transparent)$/;
const URL_VALUE = /^(https?:\/\/[^\s"'<>()\\]+|\/[^\s"'<>()\\]*)$/;

/** A CSS colour an admin may set: hex, rgb()/rgba() or transparent. */
export const isColor = (value: string) => COLOR.test(value);

export type OptionProblem = { option: string; reason: 'unknown' | 'invalid' };

/**
 * Checks options that an admin sets for a page: every name must belong to the page and every
 * value must fit its kind. Answers the first problem, or the options with their proper types.
 */
export function checkOptions(
  page: UiConfigType,
  input: Record<string, unknown>,
): { ok: true; options: ThemeOptions } | ({ ok: false } & OptionProblem) {
  const allowed = new Set<string>(PAGE_OPTIONS[page]);
  const out: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(input)) {
    if (!allowed.has(name)) return { ok: false, option: name, reason: 'unknown' };
    const value = coerce(OPTION_KINDS[name as OptionName], raw, PAGE_CLIENT[page]);
    if (value === undefined) return { ok: false, option: name, reason: 'invalid' };
    out[name] = value;
  }
  return { ok: true, options: out as ThemeOptions };
}

function coerce(kind: OptionKind, raw: unknown, client: Client): unknown {
  const s = typeof raw === 'string' ? raw.trim() : raw;
  switch (kind) {
    case 'color':
      return typeof s === 'string' && COLOR.test(s) ? s : undefined;
    case 'text':
      return typeof s === 'string' && s.length <= 200 ? s : undefined;
    case 'url':
      return typeof s === 'string' && URL_VALUE.test(s) && s.length <= 2048 ? s : undefined;
    case 'image': {
      const names: readonly string[] = client === 'mobile' ? MOBILE_SYSTEM_BACKGROUNDS : SYSTEM_BACKGROUNDS;
      return typeof s === 'string' && (names.includes(s) || (URL_VALUE.test(s) && s.length <= 2048))
        ? s
        : undefined;
    }
    case 'boolean':
      return s === true || s === 'true' ? true : s === false || s === 'false' ? false : undefined;
    case 'position':
      return s === 'center' || s === 'left' || s === 'right' ? s : undefined;
    case 'bgImgStyle':
      return typeof s === 'string' && ['cover', 'contain', 'percentage', 'center', 'repeat'].includes(s)
        ? s
        : undefined;
    case 'bgStyle':
      return s === 'color' || s === 'image' ? s : undefined;
    case 'borderStyle':
      return s === 'style1' || s === 'style2' || s === 'style3' ? s : undefined;
  }
}

/** The CSS background of a page from its options (containerBgStyle, containerBgImg, ...). */
export function backgroundCss(options: ThemeOptions): {
  backgroundColor?: string;
  backgroundImage?: string;
  backgroundSize?: string;
  backgroundRepeat?: string;
  backgroundPosition?: string;
} {
  const color = options.containerBgColor;
  const useImage = options.containerBgStyle !== 'color' && !!options.containerBgImg;
  if (!useImage) return { backgroundColor: color };
  const img = options.containerBgImg!;
  const url = (SYSTEM_BACKGROUNDS as readonly string[]).includes(img) ? systemBackgroundUrl(img) : img;
  const style = options.containerBgImgStyle ?? 'percentage';
  return {
    backgroundColor: color,
    backgroundImage: `url("${url}")`,
    backgroundSize:
      style === 'cover'
        ? 'cover'
        : style === 'contain'
          ? 'contain'
          : style === 'percentage'
            ? '100% 100%'
            : 'auto',
    backgroundRepeat: style === 'repeat' ? 'repeat' : 'no-repeat',
    backgroundPosition: 'center',
  };
}
