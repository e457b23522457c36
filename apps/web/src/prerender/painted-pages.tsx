import {
  servicesListWorkspaceId,
  signedInPageCalls,
  USER_CALL,
  type PageAnswers,
} from '@herald/contract/api/page-answers';
import { marketplaceStatusForPath } from '@herald/contract/marketplace/marketplace-gate';
import { evaluateOnboardingGate } from '@herald/contract/users/onboarding-gate';
import type { User } from '@herald/contract/users/user.schema';
import type { Workspace } from '@herald/contract/workspaces/workspace.schema';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { DefaultLayout } from '../app/layouts/default-layout';
import { toGateUser } from '../app/onboarding-gate';
import { queryEntryOf, seedFlagAnswer } from '../app/page-answers';
import { WorkspaceRoute } from '../app/routes/workspace';
import { WorkspaceGuardRoute } from '../app/routes/workspace-guard';
import type { RouteHandle } from '../app/route-handle';
import { cssVariablesResolver, theme } from '../app/theme';

/** A signed-in page the server paints from its answers before any script runs (docs/decisions/032). */
export interface PaintedPage {
  /** The document title until the app sets its own (the page's useDocumentTitle). */
  title: string;
  markup: string;
}

/** The title the services list gives itself (app/routes/workspace.tsx). */
export const SERVICES_LIST_TITLE = 'Services · Herald Cloud';

/**
 * The app's nesting for this page (app/router.tsx): frame, workspace guard, services list, with its crumb. A data
 * router (the top bar reads the matches' handles), without loaders: the query cache already holds their data.
 */
function servicesListRouter(pathname: string) {
  return createMemoryRouter(
    [
      {
        path: '/workspace/:workspaceId',
        Component: DefaultLayout,
        children: [
          {
            Component: WorkspaceGuardRoute,
            children: [
              {
                index: true,
                Component: WorkspaceRoute,
                handle: { crumb: 'Services' } satisfies RouteHandle,
              },
            ],
          },
        ],
      },
    ],
    { initialEntries: [pathname] },
  );
}

/**
 * The services list of a signed-in user, rendered by the server at request time from the same API answers the page
 * carries (docs/decisions/029), with the app's own components: the frame, the side navigation and the cards, as the
 * app renders them from those answers. Null — the page is then sent unpainted, as before — for any other page, when
 * any of the page's calls did not answer 200, when the workspace is not the user's (the app shows its 404), or when
 * the onboarding gate (spec section 4) would send the user elsewhere: only what the app would show is painted.
 */
export function renderPaintedPage(pathname: string, document: PageAnswers): PaintedPage | null {
  const workspaceId = servicesListWorkspaceId(pathname);
  if (workspaceId === null) return null;
  const answers = new Map(document.answers.map((answer) => [answer.id, answer]));
  const calls = [USER_CALL, ...signedInPageCalls(pathname)];
  if (!calls.every((call) => answers.get(call.id)?.status === 200)) return null;
  const user = answers.get('getUser')?.body as User;
  const workspaces = answers.get('listWorkspaces')?.body as Workspace[];
  if (!workspaces.some((workspace) => workspace.workspace_id === workspaceId)) return null;
  const decision = evaluateOnboardingGate({
    user: toGateUser(user),
    // The gate asks for invitations only of a user whose details are incomplete, whom it sends elsewhere anyway.
    hasPendingInvites: false,
    marketplaceSubscriptionStatus: marketplaceStatusForPath({
      pathname,
      workspaces,
      defaultWorkspaceId: null,
    }),
    path: pathname,
    rememberedPath: null,
  });
  if (decision.action !== 'allow') return null;

  // Nothing is fetched on the server: what the answers do not hold renders as the app's first moment does.
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false } } });
  for (const answer of document.answers) {
    const entry = queryEntryOf(answer);
    if (entry) client.setQueryData(entry[0], entry[1]);
  }
  // The user's flags as the server evaluated them, read by useFlag while rendering (the app reads the same seed).
  seedFlagAnswer(document.answers);
  const markup = renderToString(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={client}>
        <RouterProvider router={servicesListRouter(pathname)} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { title: SERVICES_LIST_TITLE, markup };
}
