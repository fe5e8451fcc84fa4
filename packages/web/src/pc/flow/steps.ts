/** What every /afterlogin step gets: the flow as the server answered it, and how to move on. */
import type { FlowView } from '@tessera/shared';
import type { FlowState } from './useFlow.ts';

export interface StepProps {
  view: FlowView;
  follow: FlowState['follow'];
}
