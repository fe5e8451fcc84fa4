/** Mobile login: the tenant's MOBILE_LOGIN template around the password form. */
import { useTranslation } from 'react-i18next';
import { useMobileTheme } from '../boot.ts';
import { LoginForm } from '../forms/LoginForm.tsx';
import { PageLoading } from '../Shell.tsx';
import { ThemedFrame } from '../ThemedFrame.tsx';

export function Login() {
  const { t } = useTranslation();
  const theme = useMobileTheme('MOBILE_LOGIN');
  // Only without the inline bootstrap (vite dev) is there anything to wait for.
  if (!theme) return <PageLoading />;
  return (
    <ThemedFrame
      theme={theme}
      heading={t('login.heading')}
      subtitle={t('login.welcome', { name: theme.header.title })}
    >
      <LoginForm />
    </ThemedFrame>
  );
}
