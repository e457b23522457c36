import {
  flagValuesOf,
  PAGE_ANSWERS_ELEMENT_ID,
  type PageAnswer,
  type PageAnswers,
} from '@herald/contract/api/page-answers';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { SIGNED_OUT, type CurrentUserSession } from '../features/auth/api/user-query-options';
import { authKeys } from '../features/auth/api/keys';
import { workspaceKeys } from '../features/workspaces/api/keys';
import { seedFlags } from '../lib/flags/flag-seed';
import { serviceKeys } from '../lib/queries/service-keys';
import { whenIdle } from '../lib/browser/when-idle';

/**
 * Where an answer goes: the key and data its query would have stored, or null to leave the call to the app. The
 * server's painted pages read the answers the same way (prerender/painted-pages.tsx).
 */
export function queryEntryOf(answer: PageAnswer): [QueryKey, unknown] | null {
  const { id, status, body, params } = answer;
  if (id === 'getUser') {
    // The user query's own reading of 401 and 404 (features/auth/api/user-query.ts).
    const session: CurrentUserSession | null =
      status === 200
        ? { user: body as CurrentUserSession['user'], isProfileMissing: false }
        : status === 401
          ? SIGNED_OUT
          : status === 404
            ? { user: null, isProfileMissing: true }
            : null;
    return session ? [authKeys.currentUser(), session] : null;
  }
  if (status !== 200) return null;
  const workspaceId = params['workspaceId'] ?? '';
  switch (id) {
    case 'listConnections':
      return [authKeys.connections(), (body as { connections: unknown }).connections];
    case 'listWorkspaces':
      return [workspaceKeys.list(), body];
    case 'listWorkspaceServices':
      return [serviceKeys.ofWorkspace(workspaceId), body];
    case 'listWorkspaceServiceStatuses':
      return [serviceKeys.statusesOfWorkspace(workspaceId), body];
    case 'getMetadata':
      return [serviceKeys.metadata(), body];
    case 'evaluateFlags':
      // Not a query: the flags' seed (seedFlagAnswer).
      return null;
  }
}

/**
 * The user's flags the page carries, as the flags' seed (lib/flags/flag-seed.ts); none: every flag off until
 * evaluated.
 */
export function seedFlagAnswer(answers: readonly PageAnswer[]): void {
  const answer = answers.find((entry) => entry.id === 'evaluateFlags' && entry.status === 200);
  seedFlags(answer ? flagValuesOf(answer.body) : {});
}

/**
 * Puts the API answers the server sent with the page (docs/decisions/029) into the query cache before the first
 * render, so the app shows its first page without asking them again (they count as fresh for the queries'
 * staleTime, as an answer just fetched would). The element is removed once read: it describes the page's first
 * moment only. A page without answers (a build served by another server, a test) loads as before.
 */
export function seedPageAnswers(client: QueryClient, doc: Document = document): void {
  const element = doc.getElementById(PAGE_ANSWERS_ELEMENT_ID);
  if (!element) return;
  element.remove();
  let document: PageAnswers;
  try {
    document = JSON.parse(element.textContent ?? '') as PageAnswers;
  } catch {
    return;
  }
  let isUserWithoutToken = false;
  seedFlagAnswer(document.answers ?? []);
  for (const answer of document.answers ?? []) {
    const entry = queryEntryOf(answer);
    if (!entry) continue;
    client.setQueryData(entry[0], entry[1]);
    if (answer.id === 'getUser' && answer.status === 200) isUserWithoutToken = true;
  }
  // The user comes without its messaging token (never in HTML): asked again once the page is up, so the token
  // arrives without the API client and its schemas competing with the first render (stored as stale instead, the
  // root loader's prefetch loaded them at once). A messaging session opened before then fetches its own token.
  if (isUserWithoutToken) {
    whenIdle(() => void client.invalidateQueries({ queryKey: authKeys.currentUser() }));
  }
}
