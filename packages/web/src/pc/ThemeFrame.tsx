/**
 * The themed frame of the PC login, registration and find-password pages: one distinct design
 * per template layout (see `Layout` in @tessera/shared), painted with the page's options.
 *
 * - centered / left / right: the background over the whole page, the form card in its position
 *   (with the tagline on the free side when the card is at a side);
 * - split: a brand panel with the picture and the tenant's title, the form panel beside it;
 * - longbar: a full-width band across the middle with the form in one row;
 * - card: a plain page with a compact card;
 * - steps-card / steps-split: the find-password steps above the card, or on the picture panel.
 *
 * Colours reach Ant Design only through ConfigProvider tokens; the frame's own elements take
 * them as inline styles. Test hooks: data-template, data-layout and data-form-position on the
 * root, data-testid theme-container / theme-header / theme-footer / theme-form.
 */
import type { InputBorderStyle, UiConfigType } from '@tessera/shared';
import { Button, ConfigProvider, type ThemeConfig } from 'antd';
import { type CSSProperties, type ReactNode, createContext, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../core/language.ts';
import { type PageView, readableOn, usePageView } from '../core/theme.ts';

export interface FrameState {
  view: PageView;
  /** A picture of the page (the gallery preview): the form does nothing. */
  preview: boolean;
}

const FrameContext = createContext<FrameState | null>(null);

/** The frame around the current form; forms use it to lay themselves out (the long band). */
export function useFrame(): FrameState | null {
  return useContext(FrameContext);
}

/** style1: full border; style2: bottom line only; style3: filled, no border. */
export function inputVariant(style: InputBorderStyle): 'outlined' | 'underlined' | 'filled' {
  return style === 'style2' ? 'underlined' : style === 'style3' ? 'filled' : 'outlined';
}

/** The page's options as Ant Design tokens: the accent, and the form's inputs, labels and tabs. */
export function frameTheme(view: PageView): ThemeConfig {
  const f = view.form;
  const text = view.layout === 'longbar' ? (view.long.color ?? f.color) : f.color;
  const active = f.activeColor;
  const fields = {
    ...(f.inputBgColor
      ? {
          colorBgContainer: f.inputBgColor,
          hoverBg: f.inputBgColor,
          activeBg: f.inputBgColor,
          selectorBg: f.inputBgColor,
          colorFillTertiary: f.inputBgColor,
          colorFillSecondary: f.inputBgColor,
        }
      : {}),
    ...(f.inputColor ? { colorText: f.inputColor } : {}),
    ...(f.tipTextColor ? { colorTextPlaceholder: f.tipTextColor } : {}),
    ...(f.inputBorderColor ? { colorBorder: f.inputBorderColor } : {}),
    ...(active
      ? {
          activeBorderColor: active,
          hoverBorderColor: active,
          colorPrimaryHover: active,
          activeShadow: `0 0 0 2px color-mix(in srgb, ${active} 22%, transparent)`,
          activeOutlineColor: `color-mix(in srgb, ${active} 22%, transparent)`,
        }
      : {}),
  };
  return {
    token: {
      colorPrimary: view.mainColor,
      colorInfo: view.mainColor,
      colorLink: view.mainColor,
      borderRadius: 6,
    },
    components: {
      Input: fields,
      Select: fields,
      Form: text ? { labelColor: text } : {},
      Checkbox: text ? { colorText: text } : {},
      Tabs: {
        ...(text ? { itemColor: text } : {}),
        ...(active ? { itemHoverColor: active, itemActiveColor: active } : {}),
      },
      Steps: text ? { colorText: text, colorTextDescription: text } : {},
    },
  };
}

function LanguageSwitch({ view }: { view: PageView }) {
  const { t } = useTranslation();
  if (!view.otherLang) return null;
  return (
    <Button
      type="text"
      className="ts-lang"
      style={{ color: view.header.color ?? 'inherit' }}
      lang={view.otherLang === 'en' ? 'en' : 'zh-CN'}
      onClick={() => void switchLanguage(view.otherLang!)}
    >
      {t('lang.switch')}
    </Button>
  );
}

/** With the header hidden, the language switch stays reachable in the page's top corner. */
export function FloatingLanguageSwitch({ view }: { view: PageView }) {
  if (!view.otherLang) return null;
  return (
    <div className="ts-floating-lang">
      <LanguageSwitch view={view} />
    </div>
  );
}

export function FrameHeader({ view }: { view: PageView }) {
  const { t } = useTranslation();
  const { header } = view;
  return (
    <header
      className={`ts-header${header.bgColor ? ' ts-header--solid' : ''}`}
      data-testid="theme-header"
      style={{ background: header.bgColor, color: header.color }}
    >
      <div className="ts-header-inner">
        <div className="ts-brand">
          {header.logo && (
            <img className="ts-logo" src={header.logo} alt={t('app.logoAlt', { name: header.title })} />
          )}
          <span className="ts-brand-name">{header.title}</span>
        </div>
        <LanguageSwitch view={view} />
      </div>
    </header>
  );
}

/** The user agreement and privacy policy links the theme names, opened in a new tab. */
export function LegalLinks({ view, color }: { view: PageView; color?: string }) {
  const { t } = useTranslation();
  const { userAgreement, privacyPolicy } = view.links;
  if (!userAgreement && !privacyPolicy) return null;
  const style = { color: color ?? view.mainColor };
  return (
    <nav className="ts-legal" aria-label={t('frame.legalLinks')}>
      {userAgreement && (
        <a href={userAgreement} target="_blank" rel="noopener noreferrer" style={style}>
          {t('frame.userAgreement')}
        </a>
      )}
      {privacyPolicy && (
        <a href={privacyPolicy} target="_blank" rel="noopener noreferrer" style={style}>
          {t('frame.privacyPolicy')}
        </a>
      )}
    </nav>
  );
}

export function FrameFooter({ view }: { view: PageView }) {
  const { footer } = view;
  return (
    <footer
      className="ts-footer"
      data-testid="theme-footer"
      style={{ background: footer.bgColor, color: footer.color }}
    >
      {footer.copyright && <span>{footer.copyright}</span>}
      {footer.recordNo && <span>{footer.recordNo}</span>}
      <LegalLinks view={view} color={footer.linkColor} />
    </footer>
  );
}

/** The big line on the free side of a page whose card sits at a side, and above the long band. */
function Hero({ view, align }: { view: PageView; align: 'start' | 'center' }) {
  const { t } = useTranslation();
  return (
    <div className={`ts-hero ts-hero--${align}`}>
      <p className="ts-hero-title">{t('frame.tagline')}</p>
      <p className="ts-hero-text">{view.header.display ? t('frame.taglineSub') : view.header.title}</p>
    </div>
  );
}

interface ThemeFrameProps {
  page: UiConfigType;
  /** Another template than the tenant's, with the tenant's options (the gallery preview). */
  templateKey?: string;
  preview?: boolean;
  children: ReactNode;
  /** Find password: the steps, above the card (steps-card) or on the picture panel (steps-split). */
  steps?: ReactNode;
  /** Title and text of the split layouts' picture panel; the tenant's title by default. */
  panelTitle?: string;
  panelText?: string;
  /** The form shows the agreement links itself (registration), so the card does not repeat them. */
  agreementInForm?: boolean;
}

export function ThemeFrame({
  page,
  templateKey,
  preview = false,
  children,
  steps,
  panelTitle,
  panelText,
  agreementInForm = false,
}: ThemeFrameProps) {
  const { t } = useTranslation();
  const view = usePageView(page, templateKey);
  const state = useMemo(() => ({ view, preview }), [view, preview]);
  const antTheme = useMemo(() => frameTheme(view), [view]);

  // Without the tenant's data (only under `vite dev`, before the API answers) paint nothing rather
  // than the default theme.
  if (!view.loaded) return <div className="ts-frame ts-frame--pending" />;

  const { layout, template, form, footer, header } = view;
  const split = layout === 'split' || layout === 'steps-split';
  const formStyle = {
    background: form.bgColor,
    color: form.color,
    '--ts-form-color': form.color,
    '--ts-tip-color': form.tipTextColor,
  } as CSSProperties;
  const legalInCard = !footer.display && !agreementInForm && <LegalLinks view={view} />;
  const card = (extra = '') => (
    <section className={`ts-form-card${extra}`} data-testid="theme-form" style={formStyle}>
      {children}
      {legalInCard}
    </section>
  );

  let body: ReactNode;
  if (split) {
    body = (
      <div className={`ts-split${template.isLeftToRight ? '' : ' ts-split--reverse'}`}>
        <aside
          className="ts-split-panel"
          data-testid="theme-container"
          style={{ ...view.background, color: view.pageTextColor }}
        >
          <div className="ts-split-panel-inner">
            {header.logo && layout === 'split' && (
              <img
                className="ts-split-logo"
                src={header.logo}
                alt={t('app.logoAlt', { name: header.title })}
              />
            )}
            <p className="ts-split-title">{panelTitle ?? header.title}</p>
            <p className="ts-split-text">{panelText ?? t('frame.tagline')}</p>
            {layout === 'steps-split' && steps}
          </div>
        </aside>
        <div className="ts-split-side" style={{ background: form.bgColor, color: readableOn(form.bgColor) }}>
          <main className="ts-split-main">{card(' ts-form-card--flat')}</main>
          {footer.display && <FrameFooter view={view} />}
        </div>
      </div>
    );
  } else if (layout === 'longbar') {
    const bandStyle = {
      ...formStyle,
      background: view.long.bgColor ?? form.bgColor,
      borderColor: view.long.borderColor,
      color: view.long.color ?? form.color,
      '--ts-form-color': view.long.color ?? form.color,
    } as CSSProperties;
    body = (
      <main className="ts-main ts-main--band">
        <Hero view={view} align="center" />
        <section className="ts-band" data-testid="theme-form" style={bandStyle}>
          <div className="ts-band-inner">
            {children}
            {legalInCard}
          </div>
        </section>
      </main>
    );
  } else if (layout === 'steps-card') {
    body = (
      <main className={`ts-main ts-main--${view.formPosition}`}>
        <div className="ts-steps-block">
          <div className="ts-steps-bar">{steps}</div>
          {card(' ts-form-card--steps')}
        </div>
      </main>
    );
  } else if (layout === 'card') {
    body = <main className="ts-main ts-main--center">{card(' ts-form-card--compact')}</main>;
  } else {
    const side = view.formPosition;
    body = (
      <main className={`ts-main ts-main--${side}`}>
        {side !== 'center' && <Hero view={view} align="start" />}
        {card()}
      </main>
    );
  }

  return (
    <FrameContext.Provider value={state}>
      <ConfigProvider theme={antTheme}>
        <div
          className={`ts-frame ts-frame--${layout}${view.backgroundIsImage ? ' ts-frame--picture' : ''}`}
          data-template={template.key}
          data-layout={layout}
          data-form-position={view.formPosition}
          data-testid={split ? undefined : 'theme-container'}
          style={
            {
              ...(split ? {} : { ...view.background, color: view.pageTextColor }),
              '--ts-accent': view.mainColor,
            } as CSSProperties
          }
          inert={preview || undefined}
        >
          {header.display ? <FrameHeader view={view} /> : <FloatingLanguageSwitch view={view} />}
          {body}
          {!split && footer.display && <FrameFooter view={view} />}
        </div>
      </ConfigProvider>
    </FrameContext.Provider>
  );
}
