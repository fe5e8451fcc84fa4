/**
 * BIND_OTP (docs/factors.md): the tenant asks for an authenticator app (afterLogin.bindOtp, or OTP
 * is its only second factor) and the account has none yet: the binding wizard, in the flow.
 */
import { useTranslation } from 'react-i18next';
import { OtpBindWizard } from '../factors/OtpBindWizard.tsx';
import type { StepProps } from './steps.ts';

export function OtpStep({ view, follow }: StepProps) {
  const { t } = useTranslation();
  return (
    <section className="ts-card ts-card--otp">
      <h1 className="ts-card-title">{t('otpBind.heading')}</h1>
      <p className="ts-card-subtitle">{t('otpBind.hint', { userName: view.userName })}</p>
      <OtpBindWizard flowId={view.id} onAnswer={follow} />
    </section>
  );
}
