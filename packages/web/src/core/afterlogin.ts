/**
 * The calls of the post-login flow, the password change and the agreements (docs/flows.md), for
 * both apps. The server names every step: `nextPage` turns its answer into where the app goes.
 */
import {
  type AgreementView,
  type ApplicationInfo,
  type FlowAnswer,
  type FlowView,
  flowPagePath,
} from '@tessera/shared';
import { type ApiResult, request } from './api.ts';
import { encrypt } from './crypto.ts';

/**
 * Where an answer sends the app: a step page (relative to the app's basename), or null when the
 * flow is over (the request client has then followed `redirect: client_redirect` already).
 */
export function nextPage(answer: FlowAnswer | null | undefined): string | null {
  return answer?.flow ? flowPagePath(answer.flow) : null;
}

/** The flow id of the page's address (`?flowId=`). */
export function flowIdOf(search: string): string | null {
  return new URLSearchParams(search).get('flowId');
}

export function fetchFlow(flowId: string): Promise<ApiResult<FlowView>> {
  return request<FlowView>(`/flow/${encodeURIComponent(flowId)}`);
}

/** CHANGE_PASSWORD in a flow: the new password, encrypted like at login. */
export async function changeFlowPassword(flowId: string, password: string): Promise<ApiResult<FlowAnswer>> {
  return request<FlowAnswer>(`/flow/${encodeURIComponent(flowId)}/password`, {
    body: { password: await encrypt(password) },
  });
}

export function skipFlowStep(flowId: string): Promise<ApiResult<FlowAnswer>> {
  return request<FlowAnswer>(`/flow/${encodeURIComponent(flowId)}/skip`, { method: 'POST', json: {} });
}

/** The signed-in user's own change (no flow): old and new password, both encrypted. */
export async function changeOwnPassword(oldPassword: string, password: string): Promise<ApiResult<null>> {
  return request<null>('/account/password', {
    body: { oldPassword: await encrypt(oldPassword), password: await encrypt(password) },
  });
}

export function fetchAgreements(): Promise<ApiResult<AgreementView[]>> {
  return request<AgreementView[]>('/config/agreement');
}

export function signAgreement(id: string, flowId?: string): Promise<ApiResult<FlowAnswer | null>> {
  return request<FlowAnswer | null>(`/config/agreement/sign/${encodeURIComponent(id)}`, {
    body: { flowId },
  });
}

/** Declining an agreement ends the flow and signs the user out. */
export function cancelAgreement(flowId?: string): Promise<ApiResult<null>> {
  return request<null>('/config/agreement/sign/cancel', { method: 'POST', json: { flowId } });
}

export function completeProfile(
  flowId: string,
  values: Record<string, string>,
): Promise<ApiResult<FlowAnswer>> {
  return request<FlowAnswer>(`/flow/${encodeURIComponent(flowId)}/profile`, { json: { values } });
}

export function sendBindMobileCode(
  flowId: string,
  input: { mobile: string; areaCode: string; voice?: boolean },
): Promise<ApiResult<unknown>> {
  return request(`/flow/${encodeURIComponent(flowId)}/mobile/sendCode`, { body: { ...input } });
}

export function bindMobile(
  flowId: string,
  input: { mobile: string; areaCode: string; code: string },
): Promise<ApiResult<FlowAnswer>> {
  return request<FlowAnswer>(`/flow/${encodeURIComponent(flowId)}/mobile`, { body: { ...input } });
}

/** CHOOSE_ACCOUNT (ENTER_APPLICATION): the account of the application to sign in as. */
export function chooseAccount(flowId: string, accountId: string): Promise<ApiResult<FlowAnswer>> {
  return request<FlowAnswer>(`/flow/${encodeURIComponent(flowId)}/account`, { json: { accountId } });
}

/** The application a login signs in to (`?client_id=` of the login page), or null. */
export async function fetchApplication(clientId: string): Promise<ApplicationInfo | null> {
  const res = await request<ApplicationInfo>('/config/authentication', {
    query: { client_id: clientId },
    silent: true,
  });
  return res.ok ? res.data : null;
}
