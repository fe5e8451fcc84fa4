/**
 * /afterlogin?flowId= (docs/flows.md, docs/factors.md, docs/oidc.md): the steps after a login that
 * have no page of their own (OTP binding, agreements, profile, mobile, the account of an
 * application), one at a time as the server names them. The session starts only when the last one
 * is done.
 */
import type { FlowStep } from '@tessera/shared';
import type { ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { flowIdOf } from '../../core/afterlogin.ts';
import { AgreementStep } from '../flow/AgreementStep.tsx';
import { ChooseAccountStep } from '../flow/ChooseAccountStep.tsx';
import { FlowLost } from '../flow/FlowLost.tsx';
import { MobileStep } from '../flow/MobileStep.tsx';
import { OtpStep } from '../flow/OtpStep.tsx';
import { ProfileStep } from '../flow/ProfileStep.tsx';
import type { StepProps } from '../flow/steps.ts';
import { useFlow } from '../flow/useFlow.ts';
import { PageLoading } from '../PageLoading.tsx';
import NotOpen from './NotOpen.tsx';

/** The steps of this page; useFlow sends the others to their own pages (flowPagePath). */
const STEPS: Partial<Record<FlowStep, ComponentType<StepProps>>> = {
  BIND_OTP: OtpStep,
  SIGN_AGREEMENT: AgreementStep,
  COMPLETE_PROFILE: ProfileStep,
  BIND_MOBILE: MobileStep,
  CHOOSE_ACCOUNT: ChooseAccountStep,
};

export default function AfterLogin() {
  const flow = useFlow(flowIdOf(useLocation().search), '/afterlogin');
  if (flow.lost) return <FlowLost />;
  if (!flow.view) return <PageLoading />;
  const Step = STEPS[flow.view.step];
  // A step this app has no screen for yet says so rather than showing nothing.
  return Step ? <Step key={flow.view.step} view={flow.view} follow={flow.follow} /> : <NotOpen />;
}
