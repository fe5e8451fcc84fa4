/** Mobile login: the tenant's MOBILE_LOGIN template around the login form (password, SMS, email). */
import { useTranslation } from 'react-i18next';
import { useMobileTheme } from '../boot.ts';
import { LoginForm, useLoginHeading } from '../forms/LoginForm.tsx';
import { PageLoading } from '../Shell.tsx';
import { ThemedFrame } from '../ThemedFrame.tsx';

export function Login() {
  const { t } = useTranslation();
  const theme = useMobileTheme('MOBILE_LOGIN');
  const heading = useLoginHeading();
  // Only without the inline bootstrap (vite dev) is there anything to wait for.
  if (!theme) return <PageLoading />;
  return (
    <ThemedFrame theme={theme} heading={heading} subtitle={t('login.welcome', { name: theme.header.title })}>
      <LoginForm theme={theme} />
    </ThemedFrame>
  );
}
