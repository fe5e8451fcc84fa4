/**
 * What both apps' page shells show for the tenant: header title and colours, logo, footer lines
 * and whether the language switch appears. Derived from the bootstrap data and the language.
 */
import { type Lang, fillCopyright, normalizeLang } from '@tessera/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoot } from './bootstrap.ts';
import { supportedLanguages } from './language.ts';
import type { AppKind } from './redirect.ts';
import { type PageTheme, resolveTheme } from './theme.ts';

export interface TenantView {
  loaded: boolean;
  theme: PageTheme;
  title: string;
  logo?: string;
  copyright: string;
  recordNo: string;
  /** The language the switch offers, when the tenant supports both. */
  otherLang?: Lang;
  showFindPassword: boolean;
  showRegister: boolean;
}

function safeImage(value: string | undefined): string | undefined {
  return value && /^(https?:\/\/|\/(?!\/)|data:image\/)/.test(value) ? value : undefined;
}

export function useTenantView(app: AppKind): TenantView {
  const { loaded, config, brand, uiConfig } = useBoot();
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language) ?? 'zh';
  return useMemo(() => {
    const theme = resolveTheme(app, uiConfig, config, brand);
    const en = lang === 'en';
    const copyright = (en && config?.copyrightEn) || config?.copyright || brand?.copyright || '';
    const recordNo = (en && config?.recordNoEn) || config?.recordNo || brand?.recordNo || '';
    const langs = supportedLanguages(config).map(normalizeLang);
    return {
      loaded,
      theme,
      title: theme.headerTitle || t('app.name'),
      logo: safeImage((app === 'mobile' && brand?.mobileLogo) || brand?.logo),
      copyright: fillCopyright(copyright),
      recordNo,
      otherLang: langs.includes('zh') && langs.includes('en') ? (en ? 'zh' : 'en') : undefined,
      showFindPassword: config?.isHideFindPassword === 'N',
      showRegister: !!config?.enableRegister,
    };
  }, [app, loaded, config, brand, uiConfig, lang, t]);
}
