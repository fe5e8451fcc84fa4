/**
 * /beforeaccessapp?flowId=: the SECOND_FACTOR step of the post-login flow (docs/factors.md), in
 * the login page's theme (with the application being entered, for ENTER_APPLICATION). Another step
 * goes to its own page; a lost flow offers a new sign-in.
 */
import { FLOW_STEP_NAMES, flowPagePath } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { flowIdOf } from '../../core/afterlogin.ts';
import { ApplicationTarget } from '../ApplicationTarget.tsx';
import { useTenantTexts } from '../boot.ts';
import { FlowFrame, FlowLost } from '../flow/FlowFrame.tsx';
import { SecondFactorStep } from '../flow/SecondFactorStep.tsx';
import { useFlow } from '../flow/useFlow.ts';
import { PageLoading } from '../Shell.tsx';

export default function BeforeAccessApp() {
  const { t } = useTranslation();
  const { lang } = useTenantTexts();
  const { view, follow } = useFlow(flowIdOf(useLocation().search));
  if (view === undefined) return <PageLoading />;
  if (view === null) return <FlowLost />;
  if (view.step !== 'SECOND_FACTOR') return <Navigate to={flowPagePath(view)} replace />;
  return (
    <FlowFrame heading={FLOW_STEP_NAMES.SECOND_FACTOR[lang]} subtitle={t('mobile.mfa.subtitle')}>
      {view.application && (
        <ApplicationTarget
          app={view.application}
          text={t('mobile.application.enter', { name: view.application.name })}
        />
      )}
      <SecondFactorStep view={view} follow={follow} />
    </FlowFrame>
  );
}
