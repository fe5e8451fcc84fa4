/**
 * Mobile entry. PCs and Android tablets are sent to the PC app before anything else loads
 * (specification section 2); phones then load the app itself. The theme preview is exempt: the
 * PC theme gallery shows it in a phone-sized frame.
 */
import { shouldUseMobile, switchAppPath } from '@tessera/shared';
import { isPreviewPath } from './routes.ts';

if (!shouldUseMobile(navigator.userAgent) && !isPreviewPath(window.location.pathname)) {
  const { pathname, search, hash } = window.location;
  window.location.replace(switchAppPath(pathname, 'pc') + search + hash);
} else {
  void import('./start.tsx');
}
