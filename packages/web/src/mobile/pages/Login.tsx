/**
 * Mobile password login: the same data, rules and calls as the PC page (see src/core), drawn
 * with antd-mobile; server errors appear as toasts through the request client.
 */
import { Button, Form, Input } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { fetchLogin, loginWithPassword } from '../../core/auth.ts';
import { canEncrypt, loadPublicKey } from '../../core/crypto.ts';
import { useRevalidateOnLanguage } from '../../core/forms.ts';
import { rememberRedirectTo } from '../../core/redirect.ts';
import { fieldRule } from '../../core/rules.ts';
import { FORM_STYLE, ITEM_STYLE } from '../styles.ts';
import { useTenantView } from '../../core/tenant.ts';

interface LoginValues {
  username: string;
  password: string;
}

export function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const view = useTenantView('mobile');
  const [form] = Form.useForm<LoginValues>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Without WebCrypto no password can be sent; say why up front rather than after a submit.
  const shownProblem = canEncrypt() ? problem : t('errors.insecureContext');
  useRevalidateOnLanguage(form);

  useEffect(() => {
    rememberRedirectTo(location.search);
    if (canEncrypt()) void loadPublicKey();
    let live = true;
    void fetchLogin().then((signedIn) => {
      if (live && signedIn) navigate('/user', { replace: true });
    });
    return () => {
      live = false;
    };
  }, [location.search, navigate]);

  const submit = async ({ username, password }: LoginValues) => {
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

  return (
    <section className="tm-panel">
      <div className="tm-head">
        <h1 className="tm-title">{t('login.heading')}</h1>
        <p className="tm-subtitle">{t('login.welcome', { name: view.title })}</p>
      </div>
      {shownProblem && (
        <div className="tm-problem" role="alert">
          {shownProblem}
        </div>
      )}
      <Form
        form={form}
        layout="vertical"
        style={FORM_STYLE}
        onFinish={submit}
        footer={
          <Button block type="submit" color="primary" size="large" loading={busy}>
            {t('login.submit')}
          </Button>
        }
      >
        <Form.Item
          style={ITEM_STYLE}
          name="username"
          label={t('fields.username')}
          rules={[fieldRule('username')]}
        >
          <Input
            className="tm-input"
            autoComplete="username"
            placeholder={t('login.usernamePlaceholder')}
            clearable
          />
        </Form.Item>
        <Form.Item
          style={ITEM_STYLE}
          name="password"
          label={t('fields.password')}
          rules={[fieldRule('password')]}
        >
          <Input
            className="tm-input"
            type="password"
            autoComplete="current-password"
            placeholder={t('login.passwordPlaceholder')}
          />
        </Form.Item>
      </Form>
      <div className="tm-links">
        <Link to="/setdomain">{t('login.setDomain')}</Link>
        {view.showFindPassword && <Link to="/ResetPassword">{t('login.forgotPassword')}</Link>}
        {view.showRegister && <Link to="/registerflow">{t('login.register')}</Link>}
      </div>
    </section>
  );
}
