/**
 * Registration (/registerflow, and /bind, the same screen): the tenant's MOBILE_REGISTER template
 * around the register form when the tenant allows registration, else the closed-step page.
 */
import { useTranslation } from 'react-i18next';
import { useMobileTheme, useTenantTexts } from '../boot.ts';
import { RegisterForm } from '../forms/RegisterForm.tsx';
import { PageLoading, Shell } from '../Shell.tsx';
import { ThemedFrame } from '../ThemedFrame.tsx';
import NotOpen from './NotOpen.tsx';

export default function Register() {
  const { t } = useTranslation();
  const tenant = useTenantTexts();
  const theme = useMobileTheme('MOBILE_REGISTER');
  if (!tenant.loaded || !theme) return <PageLoading />;
  if (!tenant.config?.enableRegister) {
    return (
      <Shell>
        <NotOpen />
      </Shell>
    );
  }
  return (
    <ThemedFrame
      theme={theme}
      heading={t('mobile.register.heading')}
      subtitle={t('mobile.register.subtitle', { name: theme.header.title })}
    >
      <RegisterForm theme={theme} />
    </ThemedFrame>
  );
}
