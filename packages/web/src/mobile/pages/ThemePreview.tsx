/**
 * The theme gallery's preview (/themes/preview?page=MOBILE_LOGIN&template=mobile_login_3): one
 * mobile page drawn with the named template and the tenant's option overrides for that page, its
 * form inert. The PC gallery shows it in a 375x812 frame; the device guard lets PCs open it.
 */
import { findTemplate } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useMobileTheme } from '../boot.ts';
import { LoginForm, useLoginHeading } from '../forms/LoginForm.tsx';
import type { ResetStep } from '../forms/FindPasswordForm.tsx';
import { RegisterForm } from '../forms/RegisterForm.tsx';
import { PageLoading } from '../Shell.tsx';
import { ThemedFrame } from '../ThemedFrame.tsx';
import { isMobilePage, type MobilePage } from '../theme.ts';
import { FindPasswordView } from './FindPassword.tsx';

export default function ThemePreview() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const asked = query.get('page');
  const page: MobilePage = isMobilePage(asked) ? asked : 'MOBILE_LOGIN';
  const key = query.get('template') ?? '';
  // An unknown key keeps the tenant's own template rather than falling to the default.
  const template = findTemplate(page, key) ? key : undefined;
  const step = Number(query.get('step'));
  const theme = useMobileTheme(page, template);
  const loginHeading = useLoginHeading();
  if (!theme) return <PageLoading />;
  if (page === 'MOBILE_FIND_PWD') {
    return (
      <FindPasswordView
        key={`${template}-${step}`}
        theme={theme}
        initialStep={(step === 1 || step === 2 ? step : 0) as ResetStep}
        preview
      />
    );
  }
  if (page === 'MOBILE_REGISTER') {
    return (
      <ThemedFrame
        theme={theme}
        heading={t('mobile.register.heading')}
        subtitle={t('mobile.register.subtitle', { name: theme.header.title })}
        preview
      >
        <RegisterForm theme={theme} preview />
      </ThemedFrame>
    );
  }
  return (
    <ThemedFrame
      theme={theme}
      heading={loginHeading}
      subtitle={t('login.welcome', { name: theme.header.title })}
      preview
    >
      <LoginForm theme={theme} preview />
    </ThemedFrame>
  );
}
