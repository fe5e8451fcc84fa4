/**
 * /afterlogin?flowId=: the post-login steps of this page (docs/flows.md, docs/factors.md,
 * docs/oidc.md): binding OTP, agreements, personal information, mobile number, the account of an
 * application. The server names the step; a step with a page of its own (the
 * password change) goes there, and a lost flow offers a new sign-in.
 */
import { FLOW_STEP_NAMES, type FlowStep, flowPagePath } from '@tessera/shared';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { flowIdOf } from '../../core/afterlogin.ts';
import { useTenantTexts } from '../boot.ts';
import { AgreementStep } from '../flow/AgreementStep.tsx';
import { BindOtpStep } from '../flow/BindOtpStep.tsx';
import { BindMobileStep } from '../flow/BindMobileStep.tsx';
import { ChooseAccountStep } from '../flow/ChooseAccountStep.tsx';
import { FlowFrame, FlowLost } from '../flow/FlowFrame.tsx';
import { ProfileStep } from '../flow/ProfileStep.tsx';
import { type StepProps, useFlow } from '../flow/useFlow.ts';
import { PageLoading, Shell } from '../Shell.tsx';
import NotOpen from './NotOpen.tsx';

/** The steps drawn here; others have a page of their own, or no mobile screen yet. */
const STEPS: Partial<Record<FlowStep, ComponentType<StepProps>>> = {
  BIND_OTP: BindOtpStep,
  SIGN_AGREEMENT: AgreementStep,
  COMPLETE_PROFILE: ProfileStep,
  BIND_MOBILE: BindMobileStep,
  CHOOSE_ACCOUNT: ChooseAccountStep,
};

export default function AfterLogin() {
  const { t } = useTranslation();
  const { lang } = useTenantTexts();
  const { view, follow } = useFlow(flowIdOf(useLocation().search));
  if (view === undefined) return <PageLoading />;
  if (view === null) return <FlowLost />;
  const page = flowPagePath(view);
  if (!page.startsWith('/afterlogin?')) return <Navigate to={page} replace />;
  const Step = STEPS[view.step];
  if (!Step) {
    return (
      <Shell>
        <NotOpen />
      </Shell>
    );
  }
  return (
    <FlowFrame
      heading={FLOW_STEP_NAMES[view.step][lang]}
      subtitle={t(`mobile.afterlogin.${view.step}`, { name: view.application?.name ?? '' })}
    >
      <Step view={view} follow={follow} />
    </FlowFrame>
  );
}
