/**
 * Mobile login: the tenant's login methods (loginPriority: password, SMS code, email code, OTP
 * code, FIDO2 key; not the QR code, the phone is the scanner) as tabs in that order; with one method (the default, password) there are no tabs. The password
 * form has the same data, rules and calls as the PC page (see src/core), drawn with antd-mobile;
 * server errors appear as toasts through the request client. A login that the server answers with
 * a flow goes on to its step (docs/flows.md). In the theme preview it is drawn the same and does
 * nothing.
 */
import { Form, Input, Tabs } from 'antd-mobile';
import { type CSSProperties, Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { nextPage } from '../../core/afterlogin.ts';
import { fetchLogin, loginWithPassword } from '../../core/auth.ts';
import { captchaRequired } from '../../core/codes.ts';
import { canEncrypt, loadPublicKey } from '../../core/crypto.ts';
import { useRevalidateOnLanguage } from '../../core/forms.ts';
import { rememberRedirectTo } from '../../core/redirect.ts';
import { fieldRule } from '../../core/rules.ts';
import { useTenantTexts } from '../boot.ts';
import {
  type LoginDraft,
  type LoginMethod,
  clearDraft,
  currentAreaCode,
  loginMethods,
  patchDraft,
  readDraft,
} from '../loginDraft.ts';
import { FORM_STYLE, ITEM_STYLE } from '../styles.ts';
import { LoginSubmit, UsernameItem } from './LoginFields.tsx';
import type { MobileTheme } from '../theme.ts';
import { PageLoading } from '../Shell.tsx';
import { useSlider } from './SliderSheet.tsx';

// Every method but the password is fetched when its tab is first shown (OTP and FIDO2 bring
// core/factors.ts and @simplewebauthn/browser with them), so a tenant with password login only
// does not load them.
const CodeLoginForm = lazy(() => import('./CodeLoginForm.tsx').then((m) => ({ default: m.CodeLoginForm })));
const OtpLoginForm = lazy(() => import('./OtpLoginForm.tsx').then((m) => ({ default: m.OtpLoginForm })));
const Fido2LoginForm = lazy(() =>
  import('./Fido2LoginForm.tsx').then((m) => ({ default: m.Fido2LoginForm })),
);

interface LoginValues {
  username: string;
  password: string;
}

interface PasswordFormProps {
  askSlider: () => Promise<string | null>;
  preview: boolean;
}

function PasswordForm({ askSlider, preview }: PasswordFormProps) {
  const { t } = useTranslation();
  const [draft] = useState<LoginDraft>(() => (preview ? {} : readDraft()));
  const navigate = useNavigate();
  const { config } = useTenantTexts();
  const [form] = Form.useForm<LoginValues>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Without WebCrypto no password can be sent; say why up front rather than after a submit.
  const shownProblem = canEncrypt() || preview ? problem : t('errors.insecureContext');
  useRevalidateOnLanguage(form);

  const submit = async ({ username, password }: LoginValues) => {
    if (preview) return;
    setBusy(true);
    setProblem(null);
    try {
      let captchaToken: string | undefined;
      if (config?.enableCaptcha && (await captchaRequired(username))) {
        captchaToken = (await askSlider()) ?? undefined;
        if (!captchaToken) {
          setBusy(false);
          return;
        }
      }
      let res = await loginWithPassword(username, password, captchaToken);
      if (!res.ok && res.code === 'CAPTCHA.0001') {
        const token = await askSlider();
        if (token) res = await loginWithPassword(username, password, token);
      }
      if (res.ok) clearDraft();
      if (res.redirected) return; // the browser is leaving; keep the button busy
      // A post-login step (no session yet) or the account page.
      if (res.ok) navigate(nextPage(res.data) ?? '/user', { replace: true });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
    setBusy(false);
  };

  return (
    <>
      {shownProblem && (
        <div className="tmt-problem" role="alert">
          {shownProblem}
        </div>
      )}
      <Form
        form={form}
        layout="vertical"
        style={FORM_STYLE}
        initialValues={{ username: draft.username }}
        onValuesChange={(_changed, all: Partial<LoginValues>) => {
          // Never the password.
          if (!preview) patchDraft({ username: all.username });
        }}
        onFinish={submit}
        footer={<LoginSubmit busy={busy} />}
      >
        <UsernameItem />
        <Form.Item
          style={ITEM_STYLE}
          name="password"
          label={t('fields.password')}
          rules={[fieldRule('password')]}
        >
          <Input
            className="tmt-field"
            type="password"
            autoComplete="current-password"
            placeholder={t('login.passwordPlaceholder')}
          />
        </Form.Item>
      </Form>
    </>
  );
}

/** The page heading: "Account login" above the password form alone, else "Log in". */
export function useLoginHeading(): string {
  const { t } = useTranslation();
  const { config } = useTenantTexts();
  const methods = loginMethods(config);
  return methods.length === 1 && methods[0] === 'password' ? t('login.heading') : t('mobile.login.heading');
}

export function LoginForm({ preview = false, theme }: { preview?: boolean; theme?: MobileTheme }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { config } = useTenantTexts();
  // What the page kept from before, read once: the preview starts empty and keeps nothing.
  const [draft] = useState<LoginDraft>(() => (preview ? {} : readDraft()));
  const [chosen, setChosen] = useState<LoginMethod | undefined>(draft.method);
  const methods = loginMethods(config);
  const method = chosen && methods.includes(chosen) ? chosen : methods[0]!;
  const areaCode = currentAreaCode(config, draft);
  // The sheet is drawn outside the themed frame: it takes the tenant's accent along.
  const accent = theme?.rootStyle['--adm-color-primary' as keyof CSSProperties];
  const slider = useSlider(accent ? ({ '--adm-color-primary': accent } as CSSProperties) : undefined);

  useEffect(() => {
    if (preview) return;
    rememberRedirectTo(location.search);
    if (canEncrypt()) void loadPublicKey();
    let live = true;
    void fetchLogin().then((signedIn) => {
      if (live && signedIn) navigate('/user', { replace: true });
    });
    return () => {
      live = false;
    };
  }, [location.search, navigate, preview]);

  const choose = (key: string) => {
    const next = key as LoginMethod;
    setChosen(next);
    if (!preview) patchDraft({ method: next });
  };

  const pickArea = () => {
    if (preview) return;
    patchDraft({ method });
    navigate('/selectArea', { state: { fromLogin: true } });
  };

  // FIDO2 on a device without it: the first other method of the tenant.
  const otherMethod = methods.find((m) => m !== 'fido2');

  const formOf = (m: LoginMethod) => {
    switch (m) {
      case 'password':
        return <PasswordForm askSlider={slider.ask} preview={preview} />;
      case 'otp':
        return <OtpLoginForm askSlider={slider.ask} preview={preview} />;
      case 'fido2':
        return (
          <Fido2LoginForm
            preview={preview}
            onChangeMethod={otherMethod ? () => choose(otherMethod) : undefined}
          />
        );
      default:
        return (
          <CodeLoginForm
            method={m}
            areaCode={areaCode}
            onPickArea={pickArea}
            askSlider={slider.ask}
            preview={preview}
          />
        );
    }
  };

  return (
    <>
      {methods.length > 1 ? (
        <>
          <Tabs
            className="tmt-tabs tmt-login-tabs"
            activeKey={method}
            onChange={choose}
            aria-label={t('mobile.login.methods')}
          >
            {methods.map((m) => (
              <Tabs.Tab key={m} title={t(`mobile.login.tabs.${m}`)} />
            ))}
          </Tabs>
          {/* One form at a time (each field's label names one input); what was typed is kept by
              loginDraft.ts, so it comes back with its tab. */}
          <div key={method} className="tmt-login-pane" data-method={method}>
            <Suspense fallback={<PageLoading />}>{formOf(method)}</Suspense>
          </div>
        </>
      ) : (
        <Suspense fallback={<PageLoading />}>{formOf(method)}</Suspense>
      )}
      <div className="tmt-links">
        <Link to="/setdomain">{t('login.setDomain')}</Link>
        {config?.isHideFindPassword === 'N' && <Link to="/ResetPassword">{t('login.forgotPassword')}</Link>}
        {config?.enableRegister && <Link to="/registerflow">{t('login.register')}</Link>}
      </div>
      {!preview && slider.sheet}
    </>
  );
}
