/**
 * The template gallery (/themes) for the tenant's administrator: every template of the six
 * themed pages, grouped by page, each drawn live with the tenant's current options in a scaled
 * frame of the preview route, with "Use this template" and "Reset to default". The admin token
 * is asked first and kept in session storage for the tab; a wrong one (ADMIN.0001) asks again.
 */
import {
  type Template,
  UI_CONFIG_TYPES,
  type UiConfigData,
  type UiConfigType,
  defaultTemplate,
  normalizeLang,
} from '@tessera/shared';
import { Alert, Button, Empty, Form, Input, Popconfirm, Spin, Tabs, Tag, message } from 'antd';
import { type CSSProperties, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AdminThemes,
  BAD_TOKEN,
  adminToken,
  fetchThemes,
  resetPageTheme,
  setPageTemplate,
} from '../../core/admin.ts';
import type { ApiResult } from '../../core/api.ts';
import { switchLanguage } from '../../core/language.ts';
import { useTenantView } from '../../core/tenant.ts';
import { themeOverrides, themeTemplateKey } from '../../core/theme.ts';

/** The size each client's pages are drawn at, and the thumbnail width they are scaled to. */
const FRAME = {
  pc: { width: 1366, height: 768, thumb: 352 },
  mobile: { width: 375, height: 812, thumb: 188 },
} as const;

function previewUrl(t: Template, version: number): string {
  const params = new URLSearchParams({ page: t.page, template: t.template, v: String(version) });
  return `/${t.client}/authentication/themes/preview?${params.toString()}`;
}

/** The template a page uses: the one its ui_config names, else the page's default. */
function inUseKey(page: UiConfigType, data: UiConfigData | undefined, templates: Template[]): string {
  const key = themeTemplateKey(data);
  return key && templates.some((t) => t.template === key) ? key : defaultTemplate(page).template;
}

function TokenForm({
  problem,
  onToken,
}: {
  problem: string | null;
  onToken: (token: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <section className="tg-token">
      <h1 className="ts-card-title">{t('gallery.heading')}</h1>
      <p className="ts-card-subtitle">{t('gallery.tokenHint')}</p>
      {problem && <Alert className="ts-alert" type="error" showIcon title={problem} />}
      <Form<{ token: string }>
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={async ({ token }) => {
          setBusy(true);
          await onToken(token.trim());
          setBusy(false);
        }}
      >
        <Form.Item
          name="token"
          label={t('gallery.tokenLabel')}
          rules={[
            {
              validator: (_rule, value: unknown) =>
                typeof value === 'string' && value.trim()
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('rules.required', { field: t('gallery.tokenLabel') }))),
            },
          ]}
        >
          <Input.Password autoComplete="off" placeholder={t('gallery.tokenPlaceholder')} autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('gallery.enter')}
        </Button>
      </Form>
    </section>
  );
}

interface CardProps {
  template: Template;
  pageName: string;
  inUse: boolean;
  version: number;
  busy: boolean;
  onUse: () => void;
}

function TemplateCard({ template, pageName, inUse, version, busy, onUse }: CardProps) {
  const { t, i18n } = useTranslation();
  const name = normalizeLang(i18n.language) === 'en' ? template.name.en : template.name.zh;
  const size = FRAME[template.client];
  const scale = size.thumb / size.width;
  const titleId = `tg-${template.page}-${template.template}`;
  return (
    <article
      className={`tg-card tg-card--${template.client}${inUse ? ' tg-card--active' : ''}`}
      aria-labelledby={titleId}
      data-testid="template-card"
      data-page={template.page}
      data-template={template.template}
      data-in-use={inUse ? 'true' : 'false'}
    >
      <div className="tg-thumb" style={{ width: size.thumb, height: Math.round(size.height * scale) }}>
        <iframe
          key={version}
          src={previewUrl(template, version)}
          title={t('gallery.previewTitle', { page: pageName, name })}
          width={size.width}
          height={size.height}
          loading="lazy"
          tabIndex={-1}
          style={{ transform: `scale(${scale})` }}
        />
      </div>
      <div className="tg-meta">
        <div className="tg-name-row">
          <h3 id={titleId} className="tg-name">
            {name}
          </h3>
          <code className="tg-key">{template.template}</code>
        </div>
        <div className="tg-tags">
          {inUse && <Tag color="success">{t('gallery.inUse')}</Tag>}
          {template.isActived && <Tag>{t('gallery.default')}</Tag>}
          {template.isLongButton && <Tag color="blue">{t('gallery.longButton')}</Tag>}
          {template.isLeftToRight && <Tag color="purple">{t('gallery.leftToRight')}</Tag>}
        </div>
        <Button type={inUse ? 'default' : 'primary'} block disabled={inUse} loading={busy} onClick={onUse}>
          {inUse ? t('gallery.inUse') : t('gallery.use')}
        </Button>
      </div>
    </article>
  );
}

export default function Themes() {
  const { t, i18n } = useTranslation();
  const view = useTenantView('pc');
  const [token, setToken] = useState<string | null>(() => adminToken.get());
  const [problem, setProblem] = useState<string | null>(null);
  /** The last load failed for another reason than the token (already shown by the client). */
  const [failed, setFailed] = useState(false);
  const [data, setData] = useState<AdminThemes | null>(null);
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  const [active, setActive] = useState<UiConfigType>('PC_LOGIN');
  const lang = normalizeLang(i18n.language) ?? 'zh';

  /** A wrong token sends the user back to the token form with the server's words. */
  const refused = useCallback((res: ApiResult<unknown>) => {
    if (res.ok || res.code !== BAD_TOKEN) return false;
    adminToken.clear();
    setToken(null);
    setData(null);
    setProblem(res.message);
    return true;
  }, []);

  /** Takes the answer of GET /admin/themes for the token that asked. */
  const apply = useCallback(
    (value: string, res: ApiResult<AdminThemes>) => {
      if (refused(res)) return;
      setFailed(!res.ok);
      if (res.ok) {
        adminToken.set(value);
        setToken(value);
        setProblem(null);
        setData(res.data);
        setVersion((v) => v + 1);
      }
    },
    [refused],
  );
  const load = async (value: string) => apply(value, await fetchThemes(value));

  useEffect(() => {
    const stored = adminToken.get();
    if (!stored) return;
    let live = true;
    void fetchThemes(stored).then((res) => live && apply(stored, res));
    return () => {
      live = false;
    };
  }, [apply]);

  const pageName = (page: UiConfigType) => t(`gallery.pages.${page}`);

  const use = async (template: Template) => {
    if (!token || !data) return;
    setBusy(`${template.page}:${template.template}`);
    const res = await setPageTemplate(
      token,
      template.page,
      template.template,
      themeOverrides(data.pages[template.page]),
    );
    setBusy(null);
    if (refused(res) || !res.ok) return;
    void message.success(
      t('gallery.saved', {
        page: pageName(template.page),
        name: lang === 'en' ? template.name.en : template.name.zh,
      }),
    );
    await load(token);
  };

  const reset = async (page: UiConfigType) => {
    if (!token) return;
    setBusy(`${page}:reset`);
    const res = await resetPageTheme(token, page);
    setBusy(null);
    if (refused(res) || !res.ok) return;
    void message.success(t('gallery.resetDone', { page: pageName(page) }));
    await load(token);
  };

  const changeToken = () => {
    adminToken.clear();
    setToken(null);
    setData(null);
    setProblem(null);
  };

  let content;
  if (!token || (!data && (problem || failed))) {
    content = <TokenForm problem={problem} onToken={load} />;
  } else if (!data) {
    content = (
      <div className="ts-loading" role="status">
        <Spin size="large" description={t('gallery.loading')} />
      </div>
    );
  } else {
    content = (
      <Tabs
        activeKey={active}
        onChange={(key) => setActive(key as UiConfigType)}
        destroyOnHidden
        aria-label={t('gallery.pageTabs')}
        items={UI_CONFIG_TYPES.map((page) => {
          const templates = data.templates.filter((tpl) => tpl.page === page);
          const current = inUseKey(page, data.pages[page], templates);
          const custom = Object.keys(themeOverrides(data.pages[page])).length;
          return {
            key: page,
            label: pageName(page),
            children: (
              <section className="tg-page" aria-label={pageName(page)}>
                <div className="tg-page-bar">
                  <p className="tg-page-info">
                    {custom > 0 ? t('gallery.customized', { count: custom }) : t('gallery.intro')}
                  </p>
                  <Popconfirm
                    title={t('gallery.resetConfirm', { page: pageName(page) })}
                    okText={t('gallery.confirm')}
                    cancelText={t('gallery.cancel')}
                    onConfirm={() => reset(page)}
                  >
                    <Button loading={busy === `${page}:reset`}>{t('gallery.reset')}</Button>
                  </Popconfirm>
                </div>
                {templates.length === 0 ? (
                  <Empty />
                ) : (
                  <div className="tg-grid">
                    {templates.map((template) => (
                      <TemplateCard
                        key={template.template}
                        template={template}
                        pageName={pageName(page)}
                        inUse={template.template === current}
                        version={version}
                        busy={busy === `${page}:${template.template}`}
                        onUse={() => void use(template)}
                      />
                    ))}
                  </div>
                )}
              </section>
            ),
          };
        })}
      />
    );
  }

  return (
    <div className="tg-page-root" style={{ '--ts-accent': view.theme.accent } as CSSProperties}>
      <header className="tg-header">
        <div className="tg-header-inner">
          <div className="ts-brand">
            {view.logo && (
              <img className="ts-logo" src={view.logo} alt={t('app.logoAlt', { name: view.title })} />
            )}
            <span className="ts-brand-name">{view.title}</span>
            <span className="tg-header-sep" aria-hidden="true" />
            <span className="tg-header-title">{t('gallery.heading')}</span>
          </div>
          <div className="tg-header-actions">
            {data && (
              <>
                <Button onClick={() => token && void load(token)}>{t('gallery.refresh')}</Button>
                <Button onClick={changeToken}>{t('gallery.changeToken')}</Button>
              </>
            )}
            {view.otherLang && (
              <Button
                type="text"
                lang={view.otherLang === 'en' ? 'en' : 'zh-CN'}
                onClick={() => void switchLanguage(view.otherLang!)}
              >
                {t('lang.switch')}
              </Button>
            )}
          </div>
        </div>
      </header>
      <main className="tg-main">
        {data && <h1 className="tg-title">{t('gallery.heading')}</h1>}
        {content}
      </main>
    </div>
  );
}
