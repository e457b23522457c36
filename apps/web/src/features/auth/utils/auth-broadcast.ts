/**
 * Same-origin messages between the app's windows. The social/SSO popup's /login/callback tells
 * its opener that the login finished: a popup that passed through the identity provider may
 * have lost `window.opener` (Cross-Origin-Opener-Policy severs it), but a BroadcastChannel
 * reaches every same-origin window regardless. Other open tabs hear it too and refresh.
 */
export const AUTH_CHANNEL_NAME = 'herald-auth';

export type AuthMessage = { type: 'login' };

function isAuthMessage(data: unknown): data is AuthMessage {
  return typeof data === 'object' && data !== null && (data as AuthMessage).type === 'login';
}

function openChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(AUTH_CHANNEL_NAME);
}

export function broadcastLogin(): void {
  const channel = openChannel();
  if (!channel) return;
  channel.postMessage({ type: 'login' } satisfies AuthMessage);
  channel.close();
}

/** Calls `onLogin` when another window reports a login; returns the unsubscribe. */
export function listenForLogin(onLogin: () => void): () => void {
  const channel = openChannel();
  if (!channel) return () => {};
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (isAuthMessage(event.data)) onLogin();
  };
  return () => channel.close();
}
