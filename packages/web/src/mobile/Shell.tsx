/**
 * The plain frame of the mobile pages that have no template of their own (account, set domain,
 * sign-out, closed steps): the tenant's header (logo, title, language switch), the page area and
 * the footer with copyright and record number, in the login theme's accent and header colours.
 */
import { Button, SpinLoading } from 'antd-mobile';
import { type CSSProperties, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { switchLanguage } from '../core/language.ts';
import { useMobileTheme, useTenantTexts } from './boot.ts';
import { tenantOtherLang, tenantTitle } from './theme.ts';

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="tm-loading" role="status" aria-label={t('app.loading')}>
      <SpinLoading color="primary" />
    </div>
  );
}

export function Shell({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const tenant = useTenantTexts();
  const theme = useMobileTheme('MOBILE_LOGIN');
  const title = theme?.header.title ?? tenantTitle(tenant);
  const logo = theme?.header.logo;
  const otherLang = tenantOtherLang(tenant);
  const shell = theme?.shell ?? {};
  const pageStyle = {
    // The tenant's main colour (checked) overrides the default of mobile.css for this page.
    '--adm-color-primary': theme?.rootStyle['--adm-color-primary' as keyof CSSProperties],
  } as CSSProperties;
  const footer = theme?.footer;
  return (
    <div className="tm-page" style={pageStyle}>
      <header className="tm-header" style={{ background: shell.headerBg, color: shell.headerColor }}>
        <div className="tm-brand">
          {logo && <img className="tm-logo" src={logo} alt={t('app.logoAlt', { name: title })} />}
          <span className="tm-brand-name">{title}</span>
        </div>
        {otherLang && (
          <Button
            fill="none"
            size="small"
            className="tm-lang"
            style={shell.headerColor ? ({ '--text-color': shell.headerColor } as CSSProperties) : undefined}
            onClick={() => void switchLanguage(otherLang)}
          >
            <span lang={otherLang === 'en' ? 'en' : 'zh-CN'}>{t('lang.switch')}</span>
          </Button>
        )}
      </header>
      <main className="tm-main">
        <Suspense fallback={<PageLoading />}>{children ?? <Outlet />}</Suspense>
      </main>
      {footer?.show && (footer.copyright || footer.recordNo) && (
        <footer className="tm-footer" style={{ background: shell.footerBg, color: shell.footerColor }}>
          {footer.copyright && <span>{footer.copyright}</span>}
          {footer.recordNo && <span>{footer.recordNo}</span>}
        </footer>
      )}
    </div>
  );
}
