/** BIND_OTP: the OTP wizard in the flow; the bind's answer is the flow's next step. */
import { OtpWizard } from '../factors/OtpWizard.tsx';
import type { StepProps } from './useFlow.ts';

export function BindOtpStep({ view, follow }: StepProps) {
  return <OtpWizard flowId={view.id} follow={follow} />;
}
