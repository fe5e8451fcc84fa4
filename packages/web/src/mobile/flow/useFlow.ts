/**
 * The post-login flow as the mobile pages see it (docs/flows.md): the current step, read from the
 * server on every visit of a step page, and what a step's answer does next.
 */
import type { FlowAnswer, FlowView } from '@tessera/shared';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ApiResult } from '../../core/api.ts';
import { fetchFlow, nextPage } from '../../core/afterlogin.ts';

/** The flow is gone (expired, another browser, another tenant): only a new sign-in helps. */
const LOST = ['FLOW.0001', 'FLOW.0003'];
/** The page is behind the server (a step done elsewhere, a newer agreement): show the server's step. */
const STALE = ['FLOW.0002', 'AGREEMENT.0001'];

export interface Flow {
  /** undefined while loading, null when the flow is lost. */
  view: FlowView | null | undefined;
  /**
   * Acts on a step's answer: the next step's page, the end (the request client has followed
   * `redirect` already), or the lost state. True when the page is leaving: keep the button busy.
   */
  follow: (res: ApiResult<FlowAnswer | null>) => boolean;
}

export function useFlow(flowId: string | null): Flow {
  const location = useLocation();
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<{ key: string; view: FlowView | null } | null>(null);
  const { key, pathname, search } = location;

  // Again on every navigation (a new key), also to the same address: each answer moves the step.
  useEffect(() => {
    if (!flowId) return;
    let live = true;
    void fetchFlow(flowId).then((res) => {
      if (live) setLoaded({ key, view: res.ok ? res.data : null });
    });
    return () => {
      live = false;
    };
  }, [flowId, key]);

  const follow = useCallback(
    (res: ApiResult<FlowAnswer | null>) => {
      if (res.redirected) return true;
      if (res.ok) {
        navigate(nextPage(res.data) ?? '/user', { replace: true });
        return true;
      }
      if (LOST.includes(res.code)) setLoaded({ key, view: null });
      if (!STALE.includes(res.code)) return false;
      navigate(`${pathname}${search}`, { replace: true });
      return true;
    },
    [key, navigate, pathname, search],
  );

  if (!flowId) return { view: null, follow };
  return { view: loaded?.key === key ? loaded.view : undefined, follow };
}

/** What the page hands each step's screen. */
export interface StepProps {
  view: FlowView;
  follow: Flow['follow'];
}
