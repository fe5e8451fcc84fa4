/**
 * Mobile password login: the same data, rules and calls as the PC page (see src/core), drawn
 * with antd-mobile; server errors appear as toasts through the request client. In the theme
 * preview it is drawn the same and does nothing.
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
import { useTenantTexts } from '../boot.ts';
import { FORM_STYLE, ITEM_STYLE } from '../styles.ts';

interface LoginValues {
  username: string;
  password: string;
}

export function LoginForm({ preview = false }: { preview?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { config } = useTenantTexts();
  const [form] = Form.useForm<LoginValues>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Without WebCrypto no password can be sent; say why up front rather than after a submit.
  const shownProblem = canEncrypt() || preview ? problem : t('errors.insecureContext');
  useRevalidateOnLanguage(form);

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
        onFinish={submit}
        footer={
          <div className="tmt-submit">
            <Button block type="submit" color="primary" size="large" loading={busy}>
              {t('login.submit')}
            </Button>
          </div>
        }
      >
        <Form.Item
          style={ITEM_STYLE}
          name="username"
          label={t('fields.username')}
          rules={[fieldRule('username')]}
        >
          <Input
            className="tmt-field"
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
            className="tmt-field"
            type="password"
            autoComplete="current-password"
            placeholder={t('login.passwordPlaceholder')}
          />
        </Form.Item>
      </Form>
      <div className="tmt-links">
        <Link to="/setdomain">{t('login.setDomain')}</Link>
        {config?.isHideFindPassword === 'N' && <Link to="/ResetPassword">{t('login.forgotPassword')}</Link>}
        {config?.enableRegister && <Link to="/registerflow">{t('login.register')}</Link>}
      </div>
    </>
  );
}
