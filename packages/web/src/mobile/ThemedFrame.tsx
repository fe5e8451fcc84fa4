/**
 * The themed frame of the mobile login, register and find-password pages: one distinct design
 * per template layout (simple, fullbg, banner, card, bottombar), painted from the checked options
 * of src/mobile/theme.ts as antd-mobile theme variables and the frame's own CSS variables.
 */
import { Button } from 'antd-mobile';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../core/language.ts';
import type { MobileTheme } from './theme.ts';
import './theme.css';

interface FrameProps {
  theme: MobileTheme;
  heading: string;
  subtitle?: string;
  /** Between the heading and the form: the find-password steps. */
  steps?: ReactNode;
  children: ReactNode;
  /** The gallery's preview: drawn the same, nothing can be used. */
  preview?: boolean;
}

function LanguageSwitch({ theme, floating }: { theme: MobileTheme; floating?: boolean }) {
  const { t } = useTranslation();
  if (!theme.otherLang) return null;
  const other = theme.otherLang;
  return (
    <Button
      fill="none"
      size="small"
      className={floating ? 'tmt-lang tmt-lang-floating' : 'tmt-lang'}
      onClick={() => void switchLanguage(other)}
    >
      <span lang={other === 'en' ? 'en' : 'zh-CN'}>{t('lang.switch')}</span>
    </Button>
  );
}

function Logo({ theme, className }: { theme: MobileTheme; className: string }) {
  const { t } = useTranslation();
  if (!theme.header.showIcon || !theme.header.logo) return null;
  return (
    <img className={className} src={theme.header.logo} alt={t('app.logoAlt', { name: theme.header.title })} />
  );
}

function ShieldIcon() {
  return (
    <svg
      className="tmt-footer-icon"
      viewBox="0 0 16 16"
      width="14"
      height="14"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M8 .8 2 3.1v4.3c0 3.6 2.5 6.9 6 7.8 3.5-.9 6-4.2 6-7.8V3.1L8 .8Zm-1 10.3L4.3 8.4l1.1-1.1L7 8.9l3.6-3.6 1.1 1.1L7 11.1Z"
      />
    </svg>
  );
}

/** User agreement and privacy policy: tenant pages, opened in a new tab. */
export function PolicyLink({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener">
      {children}
      <span className="tmt-sr-only">{t('mobile.frame.newTab')}</span>
    </a>
  );
}

function Footer({ theme }: { theme: MobileTheme }) {
  const { t } = useTranslation();
  const { footer, agreementLink, privacyLink } = theme;
  return (
    <footer className="tmt-footer" data-testid="theme-footer">
      {footer.tip && (
        <p className="tmt-footer-tip">
          <ShieldIcon />
          <span>{footer.tip}</span>
        </p>
      )}
      {(agreementLink || privacyLink) && (
        <nav className="tmt-footer-links" aria-label={t('mobile.frame.links')}>
          {agreementLink && <PolicyLink href={agreementLink}>{t('mobile.frame.userAgreement')}</PolicyLink>}
          {privacyLink && <PolicyLink href={privacyLink}>{t('mobile.frame.privacyPolicy')}</PolicyLink>}
        </nav>
      )}
      {footer.copyright && <p>{footer.copyright}</p>}
      {footer.recordNo && <p>{footer.recordNo}</p>}
    </footer>
  );
}

function Header({ theme }: { theme: MobileTheme }) {
  const { layout, header } = theme;
  if (layout === 'banner' || layout === 'fullbg') {
    return (
      <header className={`tmt-header tmt-header-${layout}`} data-testid="theme-header">
        <div className="tmt-header-bar">
          <LanguageSwitch theme={theme} />
        </div>
        <div className="tmt-header-brand">
          <Logo theme={theme} className="tmt-header-logo" />
          <p className="tmt-header-title">{header.title}</p>
        </div>
      </header>
    );
  }
  return (
    <header className="tmt-header tmt-header-compact" data-testid="theme-header">
      <p className="tmt-header-title">{header.title}</p>
      <LanguageSwitch theme={theme} />
    </header>
  );
}

export function ThemedFrame({ theme, heading, subtitle, steps, children, preview }: FrameProps) {
  const headingId = useId();
  const { layout } = theme;
  const logoInForm = layout === 'simple' || layout === 'card' || layout === 'bottombar';
  const classes = [
    'tmt-root',
    `tmt-layout-${layout}`,
    `tmt-pos-${theme.formPosition}`,
    `tmt-inputs-${theme.inputStyle}`,
    theme.onImage ? 'tmt-on-image' : 'tmt-on-color',
    theme.image?.tone === 'dark' ? 'tmt-on-dark-image' : '',
    theme.header.show ? 'tmt-with-header' : 'tmt-without-header',
    theme.longButton ? 'tmt-long-button' : '',
  ];
  return (
    <div
      className={classes.filter(Boolean).join(' ')}
      data-template={theme.template.template}
      data-layout={layout}
      style={theme.rootStyle}
      inert={preview}
    >
      <div className="tmt-container" data-testid="theme-container" style={theme.containerStyle}>
        {theme.header.show ? <Header theme={theme} /> : <LanguageSwitch theme={theme} floating />}
        {layout === 'banner' && !theme.header.show && <div className="tmt-banner-band" aria-hidden="true" />}
        <main className="tmt-main">
          <section className="tmt-form" data-testid="theme-form" aria-labelledby={headingId}>
            {logoInForm && <Logo theme={theme} className="tmt-form-logo" />}
            <div className="tmt-heading">
              <h1 id={headingId} className="tmt-title">
                {heading}
              </h1>
              {subtitle && <p className="tmt-subtitle">{subtitle}</p>}
            </div>
            {steps}
            {children}
          </section>
        </main>
        {theme.footer.show && <Footer theme={theme} />}
      </div>
    </div>
  );
}
