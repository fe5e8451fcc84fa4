/**
 * /beforeaccessapp?flowId= (docs/factors.md): the SECOND_FACTOR step of a login. No session yet:
 * it starts once the factor is proven and the flow's other steps are done.
 */
import { useLocation } from 'react-router-dom';
import { flowIdOf } from '../../core/afterlogin.ts';
import { FlowLost } from '../flow/FlowLost.tsx';
import { SecondFactorStep } from '../flow/SecondFactorStep.tsx';
import { useFlow } from '../flow/useFlow.ts';
import { PageLoading } from '../PageLoading.tsx';

export default function BeforeAccessApp() {
  const flow = useFlow(flowIdOf(useLocation().search), '/beforeaccessapp');
  if (flow.lost) return <FlowLost />;
  if (!flow.view) return <PageLoading />;
  return <SecondFactorStep key={flow.view.id} view={flow.view} follow={flow.follow} />;
}
