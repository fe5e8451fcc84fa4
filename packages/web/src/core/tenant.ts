/**
 * What both apps' plain pages (set domain, account, sign-out...) show for the tenant: header
 * title and colours, logo, footer lines and whether the language switch appears, from the login
 * page's theme (core/theme.ts) and the bootstrap data. Themed pages use usePageView directly.
 */
import type { Lang, UiConfigType } from '@tessera/shared';
import type { AppKind } from './redirect.ts';
import { type PageView, usePageView } from './theme.ts';

/** The login page theme, reduced to what a plain page paints. */
export interface PageTheme {
  accent: string;
  headerTitle: string;
  headerBg?: string;
  headerColor?: string;
  containerBg?: string;
  /** The background picture as a URL (built-in names already mapped to their files). */
  containerBgImg?: string;
  footerBg?: string;
  footerColor?: string;
  formPosition: 'center' | 'left' | 'right';
}

export interface TenantView {
  loaded: boolean;
  theme: PageTheme;
  /** The full view of the app's login page. */
  page: PageView & { loaded: boolean };
  title: string;
  logo?: string;
  copyright: string;
  recordNo: string;
  /** The language the switch offers, when the tenant supports both. */
  otherLang?: Lang;
  showFindPassword: boolean;
  showRegister: boolean;
}

const LOGIN_PAGE: Record<AppKind, UiConfigType> = { pc: 'PC_LOGIN', mobile: 'MOBILE_LOGIN' };

export function useTenantView(app: AppKind): TenantView {
  const view = usePageView(LOGIN_PAGE[app]);
  const bgImage = /^url\("(.*)"\)$/.exec(view.background.backgroundImage ?? '')?.[1];
  return {
    loaded: view.loaded,
    page: view,
    theme: {
      accent: view.mainColor,
      headerTitle: view.header.title,
      headerBg: view.header.bgColor,
      headerColor: view.header.color,
      containerBg: view.background.backgroundColor,
      containerBgImg: bgImage,
      footerBg: view.footer.bgColor,
      footerColor: view.footer.color,
      formPosition: view.formPosition,
    },
    title: view.header.title,
    logo: view.header.logo,
    copyright: view.footer.copyright,
    recordNo: view.footer.recordNo,
    otherLang: view.otherLang,
    showFindPassword: view.showFindPassword,
    showRegister: view.showRegister,
  };
}
