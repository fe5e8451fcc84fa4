/**
 * The signed-in user's page on a phone; signed-out visitors go to login. With the tenant's
 * enablePwdUpdate, the way to change the password.
 */
import type { IsLoginData } from '@tessera/shared';
import { Button, List } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { fetchLogin } from '../../core/auth.ts';
import { useTenantTexts } from '../boot.ts';
import { PageLoading } from '../Shell.tsx';
import { tenantTitle } from '../theme.ts';

export default function User() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tenant = useTenantTexts();
  const title = tenantTitle(tenant);
  const [login, setLogin] = useState<IsLoginData | null>(null);

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
  return (
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
  );
}
