/**
 * PC password login (specification sections 2, 5, 7, 8) in the tenant's PC_LOGIN theme. The
 * password is encrypted in the browser; the server's answer decides where to go next (its
 * `redirect`, followed by the client). In a preview (the template gallery) the form is a picture:
 * no call is made and submitting does nothing.
 */
import { Alert, Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { fetchLogin, loginWithPassword } from '../../core/auth.ts';
import { canEncrypt, loadPublicKey } from '../../core/crypto.ts';
import { useRevalidateOnLanguage } from '../../core/forms.ts';
import { rememberRedirectTo } from '../../core/redirect.ts';
import { fieldRule } from '../../core/rules.ts';
import { ThemeFrame, inputVariant, useFrame } from '../ThemeFrame.tsx';

interface LoginValues {
  username: string;
  password: string;
}

function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const frame = useFrame();
  const preview = frame?.preview ?? false;
  const view = frame?.view;
  const [form] = Form.useForm<LoginValues>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Without WebCrypto no password can be sent; say why up front rather than after a submit.
  const shownProblem = canEncrypt() || preview ? problem : t('errors.insecureContext');
  useRevalidateOnLanguage(form);

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

  const submit = async ({ username, password }: LoginValues) => {
    if (preview) return;
    setBusy(true);
    setProblem(null);
    try {
      const res = await loginWithPassword(username, password);
      if (res.redirected) return; // the browser is leaving; keep the button busy
      if (res.ok) navigate('/user', { replace: true });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
    setBusy(false);
  };

  const band = view?.layout === 'longbar';
  const title = view?.form.title || t('login.heading');
  const name = view?.header.title ?? t('app.name');
  const links = (
    <div className="ts-card-links">
      <Link to="/setdomain">{t('login.setDomain')}</Link>
      {view?.showFindPassword && <Link to="/ResetPassword">{t('login.forgotPassword')}</Link>}
      {view?.showRegister && <Link to="/registerflow">{t('login.register')}</Link>}
    </div>
  );
  const fields = (
    <>
      <Form.Item
        name="username"
        label={t('fields.username')}
        rules={[fieldRule('username')]}
        className={band ? 'ts-band-field' : undefined}
      >
        <Input autoComplete="username" placeholder={t('login.usernamePlaceholder')} autoFocus={!preview} />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('fields.password')}
        rules={[fieldRule('password')]}
        className={band ? 'ts-band-field' : undefined}
      >
        <Input.Password autoComplete="current-password" placeholder={t('login.passwordPlaceholder')} />
      </Form.Item>
    </>
  );
  const submitButton = (
    <Button type="primary" htmlType="submit" block size="large" loading={busy} className="ts-submit">
      {t('login.submit')}
    </Button>
  );
  const alert = shownProblem && <Alert className="ts-alert" type="error" showIcon title={shownProblem} />;
  const variant = inputVariant(view?.form.inputBorderStyle ?? 'style1');

  if (band) {
    return (
      <div className="ts-band-login">
        <div className="ts-band-head">
          <h1 className="ts-card-title">{title}</h1>
          <p className="ts-card-subtitle">{t('login.welcome', { name })}</p>
        </div>
        <div className="ts-band-body">
          {alert}
          <Form<LoginValues>
            form={form}
            layout="vertical"
            size="large"
            onFinish={submit}
            requiredMark={false}
            variant={variant}
            className="ts-band-form"
          >
            {fields}
            <div className="ts-band-submit">{submitButton}</div>
          </Form>
          {links}
        </div>
      </div>
    );
  }

  return (
    <>
      <h1 className="ts-card-title">{title}</h1>
      <p className="ts-card-subtitle">{t('login.welcome', { name })}</p>
      {alert}
      <Form<LoginValues>
        form={form}
        layout="vertical"
        size={view?.layout === 'card' ? 'middle' : 'large'}
        onFinish={submit}
        requiredMark={false}
        variant={variant}
      >
        {fields}
        {submitButton}
      </Form>
      {links}
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
