/**
 * Mobile login: the tenant's MOBILE_LOGIN template around the login form (password, SMS, email,
 * OTP, FIDO2), with the application it signs in to above the form when one sent the user here.
 */
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { ApplicationTarget, useLoginApplication } from '../ApplicationTarget.tsx';
import { useMobileTheme } from '../boot.ts';
import { LoginForm, useLoginHeading } from '../forms/LoginForm.tsx';
import { PageLoading } from '../Shell.tsx';
import { ThemedFrame } from '../ThemedFrame.tsx';

export function Login() {
  const { t } = useTranslation();
  const theme = useMobileTheme('MOBILE_LOGIN');
  const heading = useLoginHeading();
  const application = useLoginApplication(useLocation().search);
  // Only without the inline bootstrap (vite dev) is there anything to wait for.
  if (!theme) return <PageLoading />;
  return (
    <ThemedFrame theme={theme} heading={heading} subtitle={t('login.welcome', { name: theme.header.title })}>
      {application && <ApplicationTarget app={application} />}
      <LoginForm theme={theme} />
    </ThemedFrame>
  );
}
