/**
 * /Fido2Login: the FIDO2 login of the login page's FIDO2 tab on a page of its own, in the
 * tenant's login theme, with the way back to the other methods.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { rememberRedirectTo } from '../../core/redirect.ts';
import { useMobileTheme } from '../boot.ts';
import { Fido2LoginForm } from '../forms/Fido2LoginForm.tsx';
import { PageLoading } from '../Shell.tsx';
import { ThemedFrame } from '../ThemedFrame.tsx';

export default function Fido2Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const theme = useMobileTheme('MOBILE_LOGIN');

  useEffect(() => rememberRedirectTo(search), [search]);

  if (!theme) return <PageLoading />;
  return (
    <ThemedFrame theme={theme} heading={t('title.Fido2Login')} subtitle={t('mobile.fido2.subtitle')}>
      <Fido2LoginForm hint={false} onChangeMethod={() => navigate('/login')} />
      <div className="tmt-links">
        <Link to="/login">{t('mobile.fido2.otherMethods')}</Link>
      </div>
    </ThemedFrame>
  );
}
