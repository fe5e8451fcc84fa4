/**
 * The signed-in user's page, where the account center will grow: details, the password change when
 * the tenant allows it, account security (OTP, FIDO2 keys, authenticator phone), sign-out.
 * Signed-out visitors go to login.
 */
import type { IsLoginData } from '@tessera/shared';
import { Button, Descriptions, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { fetchLogin } from '../../core/auth.ts';
import { useBoot } from '../../core/bootstrap.ts';
import { useTenantView } from '../../core/tenant.ts';
import { AccountSecurity } from '../factors/AccountSecurity.tsx';

export default function User() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const view = useTenantView('pc');
  const { config } = useBoot();
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

  if (!login?.user) {
    return (
      <div className="ts-loading" role="status">
        <Spin size="large" description={t('app.loading')} />
      </div>
    );
  }
  const { user } = login;
  const orUnset = (value: string | null) => value || t('user.unset');
  return (
    <section className="ts-card ts-card--wide">
      <h1 className="ts-card-title">{t('user.signedInAs', { username: user.username })}</h1>
      <Descriptions
        column={1}
        bordered
        size="middle"
        className="ts-details"
        items={[
          { key: 'displayName', label: t('user.displayName'), children: orUnset(user.displayName) },
          { key: 'email', label: t('user.email'), children: orUnset(user.email) },
          { key: 'mobile', label: t('user.mobile'), children: orUnset(user.mobile) },
          {
            key: 'tenant',
            label: t('user.tenant'),
            children: view.title === user.tenant ? user.tenant : `${view.title} (${user.tenant})`,
          },
        ]}
      />
      {config?.enablePwdUpdate && (
        <p className="ts-card-actions">
          <Link className="ts-link" to={`/mustChangePwd/${encodeURIComponent(user.username)}/1`}>
            {t('user.changePassword')}
          </Link>
        </p>
      )}
      <AccountSecurity />
      <Button
        block
        size="large"
        danger
        onClick={() => navigate(`/logout/${encodeURIComponent(login.sessionId ?? '')}`)}
        disabled={!login.sessionId}
      >
        {t('user.signOut')}
      </Button>
    </section>
  );
}
