/**
 * Device rules of the specification, section 2. The PC app sends iPhone, iPad, iPod and Android
 * phones to the mobile app; the mobile app sends PCs and Android tablets back to the PC app.
 * An iPad counts as a phone for both, so the two rules never bounce a device between the apps.
 */
export type Platform = 'ios' | 'android' | 'pc';

export function detectPlatform(ua: string): Platform {
  if (/iPhone|iPad|iPod/i.test(ua)) return 'ios';
  if (/Android/i.test(ua)) return 'android';
  return 'pc';
}

/** Android tablets carry no "Mobile" token in their user agent. */
export function isAndroidTablet(ua: string): boolean {
  return /Android/i.test(ua) && !/Mobile/i.test(ua);
}

/** True when the PC app must send this browser to the mobile app. */
export function shouldUseMobile(ua: string): boolean {
  return /iPhone|iPad|iPod/i.test(ua) || (/Android/i.test(ua) && !isAndroidTablet(ua));
}

/** Swaps the app prefix of a path, keeping the rest: '/pc/authentication/login' -> '/mobile/...'. */
export function switchAppPath(pathname: string, to: 'pc' | 'mobile'): string {
  const from = to === 'pc' ? 'mobile' : 'pc';
  if (pathname === `/${from}` || pathname.startsWith(`/${from}/`))
    return `/${to}${pathname.slice(from.length + 1)}`;
  return `/${to}/authentication/login`;
}
