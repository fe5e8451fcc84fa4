/**
 * The frame of every mobile page: the tenant's header (logo, title, language switch), the page
 * area, and the footer with copyright and record number.
 */
import { Button, SpinLoading } from 'antd-mobile';
import { type CSSProperties, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { switchLanguage } from '../core/language.ts';
import { useTenantView } from '../core/tenant.ts';

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="tm-loading" role="status" aria-label={t('app.loading')}>
      <SpinLoading color="primary" />
    </div>
  );
}

export function Shell() {
  const { t } = useTranslation();
  const view = useTenantView('mobile');
  const { theme } = view;
  const pageStyle = {
    // The tenant's main colour, if any, overrides the default of mobile.css for this page.
    '--adm-color-primary': theme.accent,
    backgroundColor: theme.containerBg,
    backgroundImage: theme.containerBgImg
      ? `url("${theme.containerBgImg}")`
      : theme.containerBg
        ? 'none'
        : undefined,
  } as CSSProperties;
  return (
    <div className="tm-page" style={pageStyle}>
      <header className="tm-header" style={{ background: theme.headerBg, color: theme.headerColor }}>
        <div className="tm-brand">
          {view.logo && (
            <img className="tm-logo" src={view.logo} alt={t('app.logoAlt', { name: view.title })} />
          )}
          <span className="tm-brand-name">{view.title}</span>
        </div>
        {view.otherLang && (
          <Button
            fill="none"
            size="small"
            className="tm-lang"
            style={theme.headerColor ? ({ '--text-color': theme.headerColor } as CSSProperties) : undefined}
            onClick={() => void switchLanguage(view.otherLang!)}
          >
            <span lang={view.otherLang === 'en' ? 'en' : 'zh-CN'}>{t('lang.switch')}</span>
          </Button>
        )}
      </header>
      <main className="tm-main">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      {(view.copyright || view.recordNo) && (
        <footer className="tm-footer" style={{ background: theme.footerBg, color: theme.footerColor }}>
          {view.copyright && <span>{view.copyright}</span>}
          {view.recordNo && <span>{view.recordNo}</span>}
        </footer>
      )}
    </div>
  );
}
