/**
 * The PC routes of specification section 2 (plus /user, the agreement page and the template gallery),
 * with their title keys.
 */
import type { TitledRoute } from '../core/routing.ts';

export const PC_BASENAME = '/pc/authentication';

export const PC_ROUTES = [
  { path: '/login', title: 'login' },
  { path: '/ResetPassword', title: 'ResetPassword' },
  { path: '/ResetPasswordStep', title: 'ResetPasswordStep' },
  { path: '/Fido2Login', title: 'Fido2Login' },
  { path: '/Fido2Bind', title: 'Fido2Bind' },
  { path: '/registerflow', title: 'registerflow' },
  { path: '/bind', title: 'bind' },
  { path: '/afterlogin', title: 'afterlogin' },
  { path: '/beforeaccessapp', title: 'beforeaccessapp' },
  { path: '/setdomain', title: 'setdomain' },
  { path: '/mustChangePwd/:userName/:canSkip', title: 'mustChangePwd' },
  { path: '/logout/:Id', title: 'logout' },
  { path: '/user', title: 'user' },
  { path: '/agreement/:code', title: 'agreement' },
  { path: '/themes', title: 'themes' },
  { path: '/themes/preview', title: 'themesPreview' },
] as const satisfies readonly TitledRoute[];

/** Steps whose screens come with their flows; until then they say so instead of showing nothing. */
export const PC_NOT_OPEN = PC_ROUTES.map((r) => r.path).filter(
  (p) =>
    ![
      '/login',
      '/setdomain',
      '/logout/:Id',
      '/user',
      '/registerflow',
      '/bind',
      '/ResetPassword',
      '/afterlogin',
      '/beforeaccessapp',
      '/Fido2Login',
      '/Fido2Bind',
      '/mustChangePwd/:userName/:canSkip',
      '/agreement/:code',
      '/themes',
      '/themes/preview',
    ].includes(p),
);
