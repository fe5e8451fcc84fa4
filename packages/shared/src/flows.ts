/**
 * Flows (DESIGN section 6): a server-side record drives every multi-step journey. The server names
 * the step; the client renders it and posts the answer; the server names the next step or ends
 * the flow with `redirect`. These are the shapes both sides speak.
 */
import type { Lang } from './errors.ts';
import type { ProfileField } from './profile.ts';
import type { SessionUser } from './api.ts';
import type { FactorChoice } from './factors.ts';

/** The flow types of the specification (section 3). */
export const FLOW_TYPES = [
  'REGISTER',
  'FORM_REGISTER',
  'SOCIAL_REGISTER',
  'BIND',
  'SOCIAL_BIND',
  'BIND_OR_SOCIAL_REGISTER',
  'SOCIAL_BIND_OR_REGISTER',
  'AFTER_AUTHENTICATION',
  'ENTER_APPLICATION',
  'REGISTER_FIDO2',
] as const;
export type FlowType = (typeof FLOW_TYPES)[number];

/** The steps of the post-login flow, in the order the server asks for them. */
export const FLOW_STEPS = [
  'BIND_OTP',
  'SECOND_FACTOR',
  'CHANGE_PASSWORD',
  'SIGN_AGREEMENT',
  'COMPLETE_PROFILE',
  'BIND_MOBILE',
  // ENTER_APPLICATION: which account of the application to sign in as.
  'CHOOSE_ACCOUNT',
] as const;
export type FlowStep = (typeof FLOW_STEPS)[number];

/** Why a password must (or should) change: soon to expire (skippable), expired, directory (AD) expired. */
export type PasswordChangeReason = 'EXPIRING' | 'EXPIRED' | 'AD_EXPIRED';

/** One agreement in the reader's language (GET /config/agreement). */
export interface AgreementView {
  /** The id of this version: what POST /config/agreement/sign/{id} signs. */
  id: string;
  /** Stable name across versions, e.g. 'user' or 'privacy'. */
  code: string;
  version: number;
  title: string;
  /** Plain text; paragraphs separated by blank lines. */
  content: string;
  publishedAt: number;
}

/** What the client needs to render the current step of a flow (GET /flow/{flowId}). */
export interface FlowView {
  id: string;
  type: FlowType;
  step: FlowStep;
  /** Epoch ms after which the flow is gone and the user must sign in again. */
  expiresAt: number;
  userName: string;
  changePassword?: {
    reason: PasswordChangeReason;
    canSkip: boolean;
    /** Whole days until the password expires (EXPIRING only). */
    daysLeft: number;
  };
  /** SIGN_AGREEMENT: the current versions the user has not signed yet. */
  agreements?: AgreementView[];
  /** COMPLETE_PROFILE: the tenant's fields and what the user already has. */
  profile?: { fields: ProfileField[]; values: Record<string, string> };
  /** SECOND_FACTOR: the factors the user has and the tenant allows. */
  secondFactor?: { factors: FactorChoice[] };
  /** ENTER_APPLICATION: the application being entered. */
  application?: ApplicationInfo;
  /** CHOOSE_ACCOUNT: the user's accounts of that application. */
  accounts?: AppAccountView[];
}

/**
 * What a login or a flow step answers in `data`: the next step, or (with `redirect:
 * client_redirect`) the signed-in user when the flow is over.
 */
export interface FlowAnswer {
  flow?: FlowView;
  user?: SessionUser;
}

/** The page that renders a step, relative to the app's basename. */
export function flowPagePath(view: Pick<FlowView, 'id' | 'step' | 'userName' | 'changePassword'>): string {
  const q = `?flowId=${encodeURIComponent(view.id)}`;
  if (view.step === 'CHANGE_PASSWORD') {
    const canSkip = view.changePassword?.canSkip ? 1 : 0;
    return `/mustChangePwd/${encodeURIComponent(view.userName)}/${canSkip}${q}`;
  }
  if (view.step === 'SECOND_FACTOR') return `/beforeaccessapp${q}`;
  return `/afterlogin${q}`;
}

/** The step names as users read them (FLOW.0002 names the current step). */
export const FLOW_STEP_NAMES: Record<FlowStep, Record<Lang, string>> = {
  CHANGE_PASSWORD: { zh: '修改密码', en: 'Change password' },
  SIGN_AGREEMENT: { zh: '签署协议', en: 'Sign agreements' },
  COMPLETE_PROFILE: { zh: '完善个人信息', en: 'Complete personal information' },
  BIND_MOBILE: { zh: '绑定手机号', en: 'Bind mobile number' },
  BIND_OTP: { zh: '绑定 OTP', en: 'Bind OTP' },
  SECOND_FACTOR: { zh: '二次认证', en: 'Second factor' },
  CHOOSE_ACCOUNT: { zh: '选择账号', en: 'Choose an account' },
};

/** An application account a user may sign in as (specification section 3, account types). */
export interface AppAccountView {
  id: string;
  name: string;
  kind: 'own' | 'shared' | 'entrusted';
  role: 'owner' | 'member' | 'principal' | 'consignor';
}

/** GET /config/authentication?client_id=: the application the login page signs in to. */
export interface ApplicationInfo {
  clientId: string;
  name: string;
  logo: string;
}
