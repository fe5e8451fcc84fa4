/**
 * PC entry. Phones are sent to the mobile app before anything else loads (specification
 * section 2), so they never download Ant Design; PCs then load the app itself.
 */
import { shouldUseMobile, switchAppPath } from '@tessera/shared';

if (shouldUseMobile(navigator.userAgent)) {
  const { pathname, search, hash } = window.location;
  window.location.replace(switchAppPath(pathname, 'mobile') + search + hash);
} else {
  void import('./start.tsx');
}
