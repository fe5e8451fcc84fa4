/**
 * The signed-in user's page on a phone; signed-out visitors go to login. With the tenant's
 * enablePwdUpdate, the way to change the password. Its security section (docs/factors.md): the
 * OTP (bind with the wizard, reset) and this phone as the user's authenticator, whose login
 * requests then appear at the top of the page.
 */
import type { IsLoginData } from '@tessera/shared';
import { Button, List } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { fetchLogin } from '../../core/auth.ts';
import { ApprovalRequests } from '../account/ApprovalRequests.tsx';
import { AuthenticatorSection, useAuthenticatorStatus } from '../account/AuthenticatorSection.tsx';
import { OtpSection } from '../account/OtpSection.tsx';
import { useTenantTexts } from '../boot.ts';
import { OtpWizard } from '../factors/OtpWizard.tsx';
import '../factors/factors.css';
import { PageLoading } from '../Shell.tsx';
import { tenantTitle } from '../theme.ts';

export default function User() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tenant = useTenantTexts();
  const title = tenantTitle(tenant);
  const [login, setLogin] = useState<IsLoginData | null>(null);
  const [wizard, setWizard] = useState(false);
  const [otpVersion, setOtpVersion] = useState(0);
  const [authenticator, reloadAuthenticator] = useAuthenticatorStatus(!!login?.user);

  useEffect(() => {
    let live = true;
    void fetchLogin().then((data) => {
      if (!live) return;
      if (data?.user) setLogin(data);
      else navigate('/login', { replace: true });
    });
    return () => {
      live = false;
    };
  }, [navigate]);

  if (!login?.user) return <PageLoading />;
  const { user } = login;
  const orUnset = (value: string | null) => value || t('user.unset');
  if (wizard) {
    return (
      <section className="tm-panel tm-wizard" aria-labelledby="otp-wizard-title">
        <div className="tm-head">
          <h1 className="tm-title" id="otp-wizard-title">
            {t('mobile.otpBind.heading')}
          </h1>
        </div>
        <OtpWizard
          onClose={(bound) => {
            setWizard(false);
            if (bound) setOtpVersion((n) => n + 1);
          }}
        />
      </section>
    );
  }
  return (
    <>
      <ApprovalRequests active={!!authenticator?.thisDevice} />
      <section className="tm-panel">
        <div className="tm-head">
          <h1 className="tm-title">{t('user.signedInAs', { username: user.username })}</h1>
        </div>
        <List className="tm-list">
          <List.Item extra={orUnset(user.displayName)}>{t('user.displayName')}</List.Item>
          <List.Item extra={orUnset(user.email)}>{t('user.email')}</List.Item>
          <List.Item extra={orUnset(user.mobile)}>{t('user.mobile')}</List.Item>
          <List.Item extra={title === user.tenant ? user.tenant : `${title} (${user.tenant})`}>
            {t('user.tenant')}
          </List.Item>
        </List>
        <section className="tm-security" aria-labelledby="security-title">
          <h2 className="tm-security-title" id="security-title">
            {t('mobile.security.title')}
          </h2>
          <OtpSection onBind={() => setWizard(true)} version={otpVersion} />
          <AuthenticatorSection status={authenticator} onChange={reloadAuthenticator} />
        </section>
        {tenant.config?.enablePwdUpdate && (
          <div className="tm-links tm-user-links">
            <Link to={`/mustChangePwd/${encodeURIComponent(user.username)}/1`}>
              {t('mobile.user.changePassword')}
            </Link>
          </div>
        )}
        <div className="tm-actions">
          <Button
            block
            color="danger"
            fill="outline"
            size="large"
            disabled={!login.sessionId}
            onClick={() => navigate(`/logout/${encodeURIComponent(login.sessionId ?? '')}`)}
          >
            {t('user.signOut')}
          </Button>
        </div>
      </section>
    </>
  );
}
