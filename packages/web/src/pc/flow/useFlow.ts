/**
 * The state of the post-login flow on its PC pages (docs/flows.md): the current step as the server
 * names it, and how an answer moves the user on. Each step has its page (flowPagePath): a step of
 * another page is a navigation there.
 */
import { type FlowAnswer, type FlowView, flowPagePath } from '@tessera/shared';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { fetchFlow } from '../../core/afterlogin.ts';
import type { ApiResult } from '../../core/api.ts';

/** The path of a flow page, as flowPagePath starts its steps' addresses. */
export type FlowPage = '/mustChangePwd/' | '/afterlogin' | '/beforeaccessapp';

/** Unknown, expired or foreign flows: only signing in again helps. */
const LOST_CODES = ['FLOW.0001', 'FLOW.0003'];

export interface FlowState {
  view: FlowView | null;
  /** The flow is gone (or the address has none): the page offers signing in again. */
  lost: boolean;
  /** Takes a step's answer; true when the user moves on (next step, or the flow is over). */
  follow: (res: ApiResult<FlowAnswer | null>) => boolean;
}

export function useFlow(flowId: string | null, page: FlowPage): FlowState {
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const [view, setView] = useState<FlowView | null>(null);
  const [failed, setFailed] = useState(false);
  /** Bumped to load the flow again (a step posted out of order). */
  const [reloads, setReloads] = useState(0);

  const show = useCallback(
    (next: FlowView) => {
      const path = flowPagePath(next);
      if (path.startsWith(page)) setView(next);
      else navigate(path, { replace: true });
    },
    [navigate, page],
  );

  // Loaded again on a language switch: agreements come in the request's language.
  useEffect(() => {
    if (!flowId) return;
    let live = true;
    void fetchFlow(flowId).then((res) => {
      if (!live) return;
      if (res.ok) show(res.data);
      else setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [flowId, show, reloads, i18n.language]);

  // Stable, so that a step which polls (the authenticator phone) keeps its timer across renders.
  const follow = useCallback(
    (res: ApiResult<FlowAnswer | null>): boolean => {
      if (res.redirected) return true; // the flow is over and the browser is on its way
      if (!res.ok) {
        if (LOST_CODES.includes(res.code)) setFailed(true);
        if (res.code === 'FLOW.0002') setReloads((n) => n + 1);
        return false;
      }
      if (res.data?.flow) show(res.data.flow);
      else navigate('/user', { replace: true });
      return true;
    },
    [navigate, show],
  );

  return { view, lost: !flowId || failed, follow };
}
