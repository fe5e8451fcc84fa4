/**
 * The native app bridge. When the portal runs inside the tenant's iOS or Android app, a login
 * that ends with `code` or `access_token` in the address is handed to the app through its
 * login-code callback (specification section 2); the app then closes the web view.
 * iOS apps register `window.webkit.messageHandlers.loginCode` (WKScriptMessageHandler), Android
 * apps `window.Android.loginCode` (addJavascriptInterface, strings only).
 */
import { detectPlatform } from '@tessera/shared';

export interface LoginCode {
  code: string | null;
  access_token: string | null;
}

declare global {
  interface Window {
    webkit?: { messageHandlers?: { loginCode?: { postMessage(message: unknown): void } } };
    Android?: { loginCode?: (json: string) => void };
  }
}

/** True when a native app took the code. */
export function sendLoginCode(payload: LoginCode): boolean {
  const ios = window.webkit?.messageHandlers?.loginCode;
  const android = window.Android?.loginCode;
  const platform = detectPlatform(navigator.userAgent);
  // Prefer the bridge of the detected platform; fall back to whichever one exists.
  if (ios && (platform === 'ios' || !android)) {
    ios.postMessage(payload);
    return true;
  }
  if (android) {
    window.Android?.loginCode?.(JSON.stringify(payload));
    return true;
  }
  return false;
}
