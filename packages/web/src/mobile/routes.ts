/** The mobile routes of specification section 2 (plus /user and /setdomain), with title keys. */
import type { TitledRoute } from '../core/routing.ts';

export const MOBILE_BASENAME = '/mobile/authentication';

export const MOBILE_ROUTES = [
  { path: '/login', title: 'login' },
  { path: '/confirmLogin', title: 'confirmLogin' },
  { path: '/scanQrCodeClose', title: 'scanQrCodeClose' },
  { path: '/scanQrCodeError', title: 'scanQrCodeError' },
  { path: '/ResetPassword', title: 'ResetPassword' },
  { path: '/registerflow', title: 'registerflow' },
  { path: '/bind', title: 'bind' },
  { path: '/afterlogin', title: 'afterlogin' },
  { path: '/beforeaccessapp', title: 'beforeaccessapp' },
  { path: '/Reload', title: 'Reload' },
  { path: '/mustChangePwd/:userName/:canSkip', title: 'mustChangePwd' },
  { path: '/logout/:Id', title: 'logout' },
  { path: '/selectArea', title: 'selectArea' },
  { path: '/Fido2Login', title: 'Fido2Login' },
  // Not in the specification's mobile table: the account page and the tenant picker, as on PC.
  { path: '/user', title: 'user' },
  { path: '/setdomain', title: 'setdomain' },
] as const satisfies readonly TitledRoute[];

/** Steps whose screens come with their flows; until then they say so instead of showing nothing. */
export const MOBILE_NOT_OPEN = MOBILE_ROUTES.map((r) => r.path).filter(
  (p) => !['/login', '/logout/:Id', '/user', '/setdomain'].includes(p),
);
