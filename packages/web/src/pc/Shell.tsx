/**
 * The frame of every PC page: the tenant's header (logo, title, language switch), the page area
 * on the tenant background, and the footer with copyright and record number.
 */
import { Button } from 'antd';
import { type CSSProperties, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { switchLanguage } from '../core/language.ts';
import { useTenantView } from '../core/tenant.ts';
import { PageLoading } from './PageLoading.tsx';

export function Shell() {
  const { t } = useTranslation();
  const view = useTenantView('pc');
  const { theme } = view;
  const pageStyle = {
    '--ts-accent': theme.accent,
    backgroundColor: theme.containerBg,
    // A tenant colour replaces the default soft gradient; a tenant image replaces both.
    backgroundImage: theme.containerBgImg
      ? `url("${theme.containerBgImg}")`
      : theme.containerBg
        ? 'none'
        : undefined,
  } as CSSProperties;
  return (
    <div className="ts-page" style={pageStyle}>
      <header className="ts-header" style={{ background: theme.headerBg, color: theme.headerColor }}>
        <div className="ts-header-inner">
          <div className="ts-brand">
            {view.logo && (
              <img className="ts-logo" src={view.logo} alt={t('app.logoAlt', { name: view.title })} />
            )}
            <span className="ts-brand-name">{view.title}</span>
          </div>
          {view.otherLang && (
            <Button
              type="text"
              className="ts-lang"
              style={{ color: theme.headerColor }}
              lang={view.otherLang === 'en' ? 'en' : 'zh-CN'}
              onClick={() => void switchLanguage(view.otherLang!)}
            >
              {t('lang.switch')}
            </Button>
          )}
        </div>
      </header>
      <main className={`ts-main ts-main--${theme.formPosition}`}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      {(view.copyright || view.recordNo) && (
        <footer className="ts-footer" style={{ background: theme.footerBg, color: theme.footerColor }}>
          {view.copyright && <span>{view.copyright}</span>}
          {view.recordNo && <span>{view.recordNo}</span>}
        </footer>
      )}
    </div>
  );
}
