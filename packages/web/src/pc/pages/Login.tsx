/**
 * PC login (specification sections 2, 3, 5, 7, 8) in the tenant's PC_LOGIN theme: password,
 * SMS code, email code, OTP code, QR-code scan and FIDO2 key (docs/factors.md), as tabs in the
 * order of the tenant's loginPriority (password alone shows no tabs). The password is encrypted
 * in the browser; the server's answer decides where to go next (its `redirect`, followed by the
 * client); a flow's answer opens its step page first. With the tenant's enableCaptcha on, the
 * slider comes before every code request and before a login the server says needs it. In a
 * preview (the template gallery) the form is a picture: no call is made and submitting does
 * nothing. With `?client_id=` (an application sent the user here, docs/oidc.md) the application's
 * logo and name stand above the form.
 */
import type { FlowAnswer, LoginResult } from '@tessera/shared';
import { Alert, Button, Form, Input, Spin } from 'antd';
import {
  type CSSProperties,
  type ReactNode,
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { nextPage } from '../../core/afterlogin.ts';
import type { ApiResult } from '../../core/api.ts';
import { fetchLogin, loginWithEmailCode, loginWithPassword, loginWithSmsCode } from '../../core/auth.ts';
import { useBoot } from '../../core/bootstrap.ts';
import {
  LOGIN_METHODS,
  type LoginMethod,
  captchaRequired,
  loginMethods,
  useCountdown,
} from '../../core/codes.ts';
import { canEncrypt, loadPublicKey } from '../../core/crypto.ts';
import { useRevalidateOnLanguage } from '../../core/forms.ts';
import { rememberRedirectTo } from '../../core/redirect.ts';
import { fieldRule } from '../../core/rules.ts';
import { ApplicationTarget, useLoginApplication } from '../ApplicationTarget.tsx';
import type { CodeLoginValues } from '../CodeLoginFields.tsx';
import type { OtpValues } from '../factors/OtpLoginForm.tsx';
import { LoginTabs } from '../LoginTabs.tsx';
import { type SliderGate, useSliderGate } from '../SliderModal.tsx';
import { ThemeFrame, inputVariant, useFrame } from '../ThemeFrame.tsx';

// Every method but the password is fetched when its tab is first shown (the QR code, the
// security key and the OTP form bring core/factors.ts and @simplewebauthn/browser with them), so a
// tenant with password login only does not load them.
const CodeLoginFields = lazy(() =>
  import('../CodeLoginFields.tsx').then((m) => ({ default: m.CodeLoginFields })),
);
const OtpLoginForm = lazy(() => import('../factors/OtpLoginForm.tsx'));
const QrLogin = lazy(() => import('../factors/QrLogin.tsx').then((m) => ({ default: m.QrLogin })));
const Fido2LoginForm = lazy(() =>
  import('../factors/Fido2LoginForm.tsx').then((m) => ({ default: m.Fido2LoginForm })),
);

interface PasswordValues {
  username: string;
  password: string;
}

type LoginCall = (captchaToken?: string) => Promise<ApiResult<LoginResult>>;

/**
 * Runs a login with the slider where needed: first when the server says this account needs it,
 * and again when the answer is still CAPTCHA.0001 (shown by the request client). Null when the
 * user closed the slider.
 */
async function loginThroughSlider(
  gate: SliderGate,
  captchaOn: boolean,
  loginName: string,
  call: LoginCall,
): Promise<ApiResult<LoginResult> | null> {
  let token: string | undefined;
  if (captchaOn && (await captchaRequired(loginName))) {
    token = (await gate.ask()) ?? undefined;
    if (!token) return null;
  }
  const res = await call(token);
  if (res.code !== 'CAPTCHA.0001' || res.redirected) return res;
  const again = await gate.ask();
  return again ? call(again) : null;
}

const TAB_LABELS: Record<LoginMethod, string> = {
  password: 'codeLogin.password',
  sms: 'codeLogin.sms',
  email: 'codeLogin.email',
  otp: 'otp.tab',
  qrcode: 'qrLogin.tab',
  fido2: 'fido2.tab',
};

function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { config } = useBoot();
  const frame = useFrame();
  const preview = frame?.preview ?? false;
  const view = frame?.view;
  const application = useLoginApplication(location.search, preview);
  const [passwordForm] = Form.useForm<PasswordValues>();
  const [smsForm] = Form.useForm<CodeLoginValues>();
  const [emailForm] = Form.useForm<CodeLoginValues>();
  const [otpForm] = Form.useForm<OtpValues>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  /** The server offered registration (AUTH.LOGIN.0010) for this phone or address. */
  const [offerRegister, setOfferRegister] = useState(false);
  const methods = useMemo(() => loginMethods(config?.loginPriority, LOGIN_METHODS), [config?.loginPriority]);
  const [chosen, setChosen] = useState<LoginMethod>(methods[0]!);
  const method = methods.includes(chosen) ? chosen : methods[0]!;
  const gate = useSliderGate(view?.mainColor);
  const smsCountdown = useCountdown();
  const emailCountdown = useCountdown();
  const captchaOn = !!config?.enableCaptcha;
  // Without WebCrypto no password can be sent; say why up front rather than after a submit.
  const shownProblem =
    canEncrypt() || preview || method !== 'password' ? problem : t('errors.insecureContext');
  useRevalidateOnLanguage(passwordForm);
  useRevalidateOnLanguage(smsForm);
  useRevalidateOnLanguage(emailForm);
  useRevalidateOnLanguage(otpForm);

  useEffect(() => {
    if (preview) return;
    rememberRedirectTo(location.search);
    // Fetch the key now so the first submit does not wait for it.
    if (canEncrypt()) void loadPublicKey();
    let live = true;
    void fetchLogin().then((signedIn) => {
      if (live && signedIn) navigate('/user', { replace: true });
    });
    return () => {
      live = false;
    };
  }, [location.search, navigate, preview]);

  /**
   * A login answered without this page's form (the QR code, a FIDO2 key): a flow's step page
   * comes first; true when the page moves on.
   */
  const land = useCallback(
    (res: ApiResult<FlowAnswer>) => {
      if (res.redirected) return true; // the browser is leaving
      if (!res.ok) return false;
      navigate(nextPage(res.data) ?? '/user', { replace: true });
      return true;
    },
    [navigate],
  );

  /** Runs one login; the request client has shown any failure when it returns. */
  const run = async (loginName: string, call: LoginCall) => {
    if (preview || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const res = await loginThroughSlider(gate, captchaOn, loginName, call);
      if (res?.redirected) return; // the browser is leaving; keep the button busy
      if (res?.ok) {
        // A flow answer (docs/flows.md) has no session yet: its step page comes first.
        navigate(nextPage(res.data) ?? '/user', { replace: true });
        return;
      }
      if (res?.code === 'AUTH.LOGIN.0010') setOfferRegister(true);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
    setBusy(false);
  };

  const submitPassword = ({ username, password }: PasswordValues) =>
    run(username, (captchaToken) => loginWithPassword(username, password, captchaToken));

  const submitSms = ({ areaCode = '', mobile = '', code = '' }: CodeLoginValues) =>
    run(`${areaCode}${mobile.trim()}`, (captchaToken) =>
      loginWithSmsCode({ mobile: mobile.trim(), areaCode, code: code.trim(), captchaToken }),
    );

  const submitEmail = ({ email = '', code = '' }: CodeLoginValues) =>
    run(email.trim().toLowerCase(), (captchaToken) =>
      loginWithEmailCode({ email: email.trim(), code: code.trim(), captchaToken }),
    );

  const band = view?.layout === 'longbar';
  const onlyPassword = methods.length === 1 && methods[0] === 'password';
  const title = view?.form.title || t(onlyPassword ? 'login.heading' : 'codeLogin.heading');
  const name = view?.header.title ?? t('app.name');
  const variant = inputVariant(view?.form.inputBorderStyle ?? 'style1');
  const size: 'middle' | 'large' = !band && view?.layout === 'card' ? 'middle' : 'large';
  const fieldClass = band ? 'ts-band-field' : undefined;

  const links = (
    <div className="ts-card-links">
      <Link to="/setdomain">{t('login.setDomain')}</Link>
      {view?.showFindPassword && <Link to="/ResetPassword">{t('login.forgotPassword')}</Link>}
      {view?.showRegister && <Link to="/registerflow">{t('login.register')}</Link>}
    </div>
  );
  const submitButton = (
    <Button type="primary" htmlType="submit" block size="large" loading={busy} className="ts-submit">
      {t('login.submit')}
    </Button>
  );
  const submitRow = band ? <div className="ts-band-submit">{submitButton}</div> : submitButton;
  // Declining an agreement after a login lands here (AgreementStep): say why the user is signed out.
  const declined = (location.state as { declined?: boolean } | null)?.declined;
  const alert = shownProblem ? (
    <Alert className="ts-alert" type="error" showIcon title={shownProblem} />
  ) : (
    declined && <Alert className="ts-alert" type="info" showIcon title={t('agreementStep.declined')} />
  );
  const registerOffer = offerRegister && view?.showRegister && (method === 'sms' || method === 'email') && (
    <p className="ts-register-offer" role="note">
      {t('codeLogin.notRegistered')} <Link to="/registerflow">{t('codeLogin.register')}</Link>
    </p>
  );
  const formProps = {
    layout: 'vertical' as const,
    size,
    requiredMark: false,
    variant,
    className: band ? 'ts-band-form' : undefined,
  };

  const forms: Record<LoginMethod, ReactNode> = {
    password: (
      <Form<PasswordValues> key="password" form={passwordForm} onFinish={submitPassword} {...formProps}>
        <Form.Item
          name="username"
          label={t('fields.username')}
          rules={[fieldRule('username')]}
          className={fieldClass}
        >
          <Input autoComplete="username" placeholder={t('login.usernamePlaceholder')} autoFocus={!preview} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('fields.password')}
          rules={[fieldRule('password')]}
          className={fieldClass}
        >
          <Input.Password autoComplete="current-password" placeholder={t('login.passwordPlaceholder')} />
        </Form.Item>
        {submitRow}
      </Form>
    ),
    sms: (
      <Form<CodeLoginValues> key="sms" form={smsForm} name="sms" onFinish={submitSms} {...formProps}>
        <CodeLoginFields
          kind="sms"
          form={smsForm}
          idPrefix="sms"
          gate={gate}
          captchaOn={captchaOn}
          preview={preview}
          fieldClass={fieldClass}
          onUnregistered={setOfferRegister}
          countdown={smsCountdown}
        />
        {submitRow}
      </Form>
    ),
    email: (
      <Form<CodeLoginValues> key="email" form={emailForm} name="email" onFinish={submitEmail} {...formProps}>
        <CodeLoginFields
          kind="email"
          form={emailForm}
          idPrefix="email"
          gate={gate}
          captchaOn={captchaOn}
          preview={preview}
          fieldClass={fieldClass}
          onUnregistered={setOfferRegister}
          countdown={emailCountdown}
        />
        {submitRow}
      </Form>
    ),
    otp: (
      <OtpLoginForm
        key="otp"
        form={otpForm}
        preview={preview}
        size={size}
        variant={variant}
        className={formProps.className}
        fieldClass={fieldClass}
        submit={submitRow}
        onLogin={run}
      />
    ),
    qrcode: <QrLogin key="qrcode" preview={preview} onAnswer={land} />,
    fido2: (
      <Fido2LoginForm
        key="fido2"
        preview={preview}
        size={size}
        variant={variant}
        band={band}
        onAnswer={land}
      />
    ),
  };

  const tabText = band ? (view?.long.color ?? view?.form.color) : view?.form.color;
  const tabStyle = {
    '--ts-tab-color': tabText,
    '--ts-tab-active': view?.form.activeColor ?? view?.mainColor,
  } as CSSProperties;
  // The methods' own code loads with the first look at their tab: a spinner of the form's height meanwhile.
  const form = (
    <Suspense
      fallback={
        <div className="ts-method-loading" role="status" aria-label={t('app.loading')}>
          <Spin />
        </div>
      }
    >
      {forms[method]}
    </Suspense>
  );
  const body =
    methods.length > 1 ? (
      <div style={tabStyle}>
        <LoginTabs
          label={t('codeLogin.methods')}
          tabs={methods.map((key) => ({ key, label: t(TAB_LABELS[key]) }))}
          active={method}
          onChange={(key) => {
            setChosen(key);
            setOfferRegister(false);
            setProblem(null);
          }}
        >
          {form}
        </LoginTabs>
      </div>
    ) : (
      form
    );

  if (band) {
    return (
      <div className="ts-band-login">
        <div className="ts-band-head">
          <h1 className="ts-card-title">{title}</h1>
          <p className="ts-card-subtitle">{t('login.welcome', { name })}</p>
          {application && <ApplicationTarget app={application} />}
        </div>
        <div className="ts-band-body">
          {alert}
          {body}
          {registerOffer}
          {links}
        </div>
        {gate.modal}
      </div>
    );
  }

  return (
    <>
      <h1 className="ts-card-title">{title}</h1>
      <p className="ts-card-subtitle">{t('login.welcome', { name })}</p>
      {application && <ApplicationTarget app={application} />}
      {alert}
      {body}
      {registerOffer}
      {links}
      {gate.modal}
    </>
  );
}

export function Login({ templateKey, preview }: { templateKey?: string; preview?: boolean }) {
  return (
    <ThemeFrame page="PC_LOGIN" templateKey={templateKey} preview={preview}>
      <LoginForm />
    </ThemeFrame>
  );
}
