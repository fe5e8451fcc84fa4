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
  // The theme gallery's preview of a mobile page (opened by PCs too: see main.tsx).
  { path: '/themes/preview', title: 'themesPreview' },
  // The portal's own agreement pages, when the theme links to none (docs/flows.md).
  { path: '/agreement/:code', title: 'agreement' },
] as const satisfies readonly TitledRoute[];

/** The preview's full path: the device guard lets PCs stay on it. */
export const MOBILE_PREVIEW_PATH = `${MOBILE_BASENAME}/themes/preview`;
export const isPreviewPath = (pathname: string) => pathname.replace(/\/+$/, '') === MOBILE_PREVIEW_PATH;

/** The themed pages: their own screens, which show the closed-step page when the tenant has them off. */
export const MOBILE_THEMED = ['/login', '/registerflow', '/bind', '/ResetPassword', '/themes/preview'];

/** The pages in the plain frame or the login's theme that are built. */
const MOBILE_BUILT: readonly string[] = [
  '/logout/:Id',
  '/user',
  '/setdomain',
  '/selectArea',
  '/afterlogin',
  '/mustChangePwd/:userName/:canSkip',
  '/agreement/:code',
  // Second factors and scan-to-login (docs/factors.md).
  '/beforeaccessapp',
  '/Fido2Login',
  '/confirmLogin',
  '/scanQrCodeClose',
  '/scanQrCodeError',
];

/** Steps whose screens come with their flows; until then they say so instead of showing nothing. */
export const MOBILE_NOT_OPEN = MOBILE_ROUTES.map((r) => r.path).filter(
  (p) => !MOBILE_THEMED.includes(p) && !MOBILE_BUILT.includes(p),
);
