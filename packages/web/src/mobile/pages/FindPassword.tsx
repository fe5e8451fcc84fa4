/**
 * Find password (/ResetPassword): the tenant's MOBILE_FIND_PWD template with the three steps when
 * find-password is shown for the tenant (isHideFindPassword 'N'), else the closed-step page.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMobileTheme, useTenantTexts } from '../boot.ts';
import {
  DoneStep,
  NewPasswordStep,
  ResetSteps,
  type ResetStep,
  VerifyStep,
} from '../forms/FindPasswordForm.tsx';
import { PageLoading, Shell } from '../Shell.tsx';
import { ThemedFrame } from '../ThemedFrame.tsx';
import type { MobileTheme } from '../theme.ts';
import NotOpen from './NotOpen.tsx';

/** The find-password frame at a step; the preview draws any step with an inert form. */
export function FindPasswordView({
  theme,
  initialStep = 0,
  preview = false,
}: {
  theme: MobileTheme;
  initialStep?: ResetStep;
  preview?: boolean;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState<ResetStep>(initialStep);
  const [proof, setProof] = useState<unknown>(null);
  return (
    <ThemedFrame
      theme={theme}
      heading={t('mobile.findPwd.heading')}
      subtitle={step === 0 ? t('mobile.findPwd.subtitle') : undefined}
      steps={<ResetSteps current={step} />}
      preview={preview}
    >
      {step === 0 && (
        <VerifyStep
          preview={preview}
          onVerified={(data) => {
            setProof(data);
            setStep(1);
          }}
        />
      )}
      {step === 1 && <NewPasswordStep preview={preview} ticket={proof} onDone={() => setStep(2)} />}
      {step === 2 && <DoneStep preview={preview} />}
    </ThemedFrame>
  );
}

export default function FindPassword() {
  const tenant = useTenantTexts();
  const theme = useMobileTheme('MOBILE_FIND_PWD');
  if (!tenant.loaded || !theme) return <PageLoading />;
  if (tenant.config?.isHideFindPassword !== 'N') {
    return (
      <Shell>
        <NotOpen />
      </Shell>
    );
  }
  return <FindPasswordView theme={theme} />;
}
