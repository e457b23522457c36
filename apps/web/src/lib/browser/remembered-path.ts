/**
 * The path an unauthenticated visit wanted, kept for after login (spec section 4: "the wanted
 * path is remembered for after login"). sessionStorage: per tab, gone when the tab closes, never
 * sent to the server. Storage failures (private modes, quotas) only lose the convenience.
 */
export const REMEMBERED_PATH_STORAGE_KEY = 'herald:remembered-path';

export function readRememberedPath(storage: Storage = window.sessionStorage): string | null {
  try {
    return storage.getItem(REMEMBERED_PATH_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function rememberPath(path: string, storage: Storage = window.sessionStorage): void {
  try {
    storage.setItem(REMEMBERED_PATH_STORAGE_KEY, path);
  } catch {
    // Ignored: after login the user lands on the default page instead.
  }
}

export function forgetRememberedPath(storage: Storage = window.sessionStorage): void {
  try {
    storage.removeItem(REMEMBERED_PATH_STORAGE_KEY);
  } catch {
    // Ignored: nothing was stored.
  }
}
