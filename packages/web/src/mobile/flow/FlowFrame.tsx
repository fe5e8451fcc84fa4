/**
 * The frame of the post-login pages: they go on in the login page's theme (template, colours,
 * header), so the journey that started on the tenant's login page looks like one piece.
 */
import { Button, Result } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useMobileTheme } from '../boot.ts';
import { PageLoading } from '../Shell.tsx';
import { ThemedFrame } from '../ThemedFrame.tsx';

export function FlowFrame({
  heading,
  subtitle,
  children,
}: {
  heading: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const theme = useMobileTheme('MOBILE_LOGIN');
  if (!theme) return <PageLoading />;
  return (
    <ThemedFrame theme={theme} heading={heading} subtitle={subtitle}>
      {children}
    </ThemedFrame>
  );
}

/** The flow expired or belongs elsewhere (FLOW.0001): the way on is a new sign-in. */
export function FlowLost() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <FlowFrame heading={t('mobile.flow.lostTitle')}>
      <div className="tmt-done">
        <Result
          status="warning"
          title={<span className="tmt-result-title">{t('mobile.flow.lostHint')}</span>}
        />
        <div className="tmt-submit">
          <Button block color="primary" size="large" onClick={() => navigate('/login', { replace: true })}>
            {t('mobile.flow.signInAgain')}
          </Button>
        </div>
      </div>
    </FlowFrame>
  );
}
