import { buildPath } from '@herald/contract/api/define-route';
import { toQueryString } from '../../../lib/api/query-string';

/** Where the identity provider's callback sends the browser back to (spec section 2). */
export const LOGIN_CALLBACK_PATH = '/login/callback';
export const LOGIN_POPUP_NAME = 'herald-login';
export const LOGIN_POPUP_SIZE = { width: 500, height: 650 } as const;

/**
 * Marks a window as the login popup. sessionStorage is copied into a window opened with
 * `window.open`, and it survives the trip through the provider, unlike `window.opener` (which
 * Cross-Origin-Opener-Policy may sever) and `window.name` (cleared on cross-site navigation).
 */
export const LOGIN_POPUP_MARKER_KEY = 'herald:login-popup';

/** GET /v3/auth/authorize/{connection}?returnTo=/login/callback: a browser navigation. */
export function authorizeUrl(connection: string): string {
  return (
    buildPath('/v3/auth/authorize/{connection}', { connection }) +
    toQueryString({ returnTo: LOGIN_CALLBACK_PATH })
  );
}

function popupFeatures(): string {
  const { width, height } = LOGIN_POPUP_SIZE;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

function setMarker(isSet: boolean): void {
  try {
    if (isSet) window.sessionStorage.setItem(LOGIN_POPUP_MARKER_KEY, '1');
    else window.sessionStorage.removeItem(LOGIN_POPUP_MARKER_KEY);
  } catch {
    // Without storage the popup is recognised by window.opener alone.
  }
}

/**
 * Starts a social or single sign-on login in a 500×650 popup; the opener hears the result on the
 * auth channel. When the popup is blocked the whole page goes to the provider instead, and
 * /login/callback finishes the login as a full page. Returns whether a popup opened.
 */
export function startConnectionLogin(connection: string): boolean {
  const url = authorizeUrl(connection);
  setMarker(true); // copied into the popup as it opens …
  const popup = window.open(url, LOGIN_POPUP_NAME, popupFeatures());
  setMarker(false); // … and not kept by this window
  if (popup) {
    popup.focus();
    return true;
  }
  window.location.assign(url);
  return false;
}

/** An opener of another origin (a tab opened from elsewhere) does not make this the popup. */
function hasSameOriginOpener(): boolean {
  const opener = window.opener as Window | null;
  if (opener === null || opener === window) return false;
  try {
    return opener.location.origin === window.location.origin;
  } catch {
    return false; // cross-origin: reading its location throws
  }
}

/** Whether this window is the login popup (see LOGIN_POPUP_MARKER_KEY). */
export function isLoginPopupWindow(): boolean {
  if (hasSameOriginOpener()) return true;
  try {
    return window.sessionStorage.getItem(LOGIN_POPUP_MARKER_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The popup's part of the callback is done. The marker stays: it dies with the popup's own
 * session storage, and a popup the browser will not close must stay recognisable as one.
 */
export function closeLoginPopup(): void {
  window.close();
}
