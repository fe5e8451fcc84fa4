/**
 * Mobile entry. PCs and Android tablets are sent to the PC app before anything else loads
 * (specification section 2); phones then load the app itself.
 */
import { shouldUseMobile, switchAppPath } from '@tessera/shared';

if (!shouldUseMobile(navigator.userAgent)) {
  const { pathname, search, hash } = window.location;
  window.location.replace(switchAppPath(pathname, 'pc') + search + hash);
} else {
  void import('./start.tsx');
}
