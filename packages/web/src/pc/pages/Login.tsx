/**
 * PC password login (specification sections 2, 5, 7, 8). The password is encrypted in the
 * browser; the server's answer decides where to go next (its `redirect`, followed by the client).
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
import { useTenantView } from '../../core/tenant.ts';

interface LoginValues {
  username: string;
  password: string;
}

export function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const view = useTenantView('pc');
  const [form] = Form.useForm<LoginValues>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Without WebCrypto no password can be sent; say why up front rather than after a submit.
  const shownProblem = canEncrypt() ? problem : t('errors.insecureContext');
  useRevalidateOnLanguage(form);

  useEffect(() => {
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
    <section className="ts-card">
      <h1 className="ts-card-title">{t('login.heading')}</h1>
      <p className="ts-card-subtitle">{t('login.welcome', { name: view.title })}</p>
      {shownProblem && <Alert className="ts-alert" type="error" showIcon title={shownProblem} />}
      <Form<LoginValues> form={form} layout="vertical" size="large" onFinish={submit} requiredMark={false}>
        <Form.Item name="username" label={t('fields.username')} rules={[fieldRule('username')]}>
          <Input autoComplete="username" placeholder={t('login.usernamePlaceholder')} autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('fields.password')} rules={[fieldRule('password')]}>
          <Input.Password autoComplete="current-password" placeholder={t('login.passwordPlaceholder')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('login.submit')}
        </Button>
      </Form>
      <div className="ts-card-links">
        <Link to="/setdomain">{t('login.setDomain')}</Link>
        {view.showFindPassword && <Link to="/ResetPassword">{t('login.forgotPassword')}</Link>}
        {view.showRegister && <Link to="/registerflow">{t('login.register')}</Link>}
      </div>
    </section>
  );
}
