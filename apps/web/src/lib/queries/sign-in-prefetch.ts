import type { QueryClient } from '@tanstack/react-query';
import { prefetchInBackground } from './route-prefetch';

/**
 * What a fresh session asks before the onboarding gate has routed it (issue 25, item 23; docs/decisions/041): the
 * app provides it (app/route-loaders.ts `signedInLandingPrefetch`), the login forms start it. Here in lib because
 * the login lives in features/auth, which must not import the workspaces or services features it warms.
 */
export type SignInPrefetch = (client: QueryClient, session: Promise<unknown>) => Promise<unknown>;

let provided: SignInPrefetch | undefined;

/** Given by the router that owns the landing pages (AppRouter), beside the route loaders' query client. */
export function provideSignInPrefetch(prefetch: SignInPrefetch): void {
  provided = prefetch;
}

/**
 * Starts the landing page's calls as soon as `session` (the login's answer, which sets the cookie) resolves, together
 * with the user's fetch instead of after it; their code loads meanwhile. A failed login asks nothing. Returns at once.
 */
export function prefetchAfterSignIn(session: Promise<unknown>): void {
  // The login's own failure is the form's to show, not an unhandled rejection here.
  session.catch(() => undefined);
  const prefetch = provided;
  if (prefetch) prefetchInBackground((client) => prefetch(client, session));
}
