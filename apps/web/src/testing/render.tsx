import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { OpenFeatureProvider } from '@openfeature/react-sdk';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { useState, type ReactElement, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { cssVariablesResolver, theme } from '../app/theme';
import { createQueryClient, type QueryClientDependencies } from '../lib/queries/query-client';

/** The app's query client without query retries, so a failure shows at once in a test. */
export function createTestQueryClient(
  dependencies: QueryClientDependencies = { notify: () => {} },
) {
  const client = createQueryClient(dependencies);
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retry: false },
  });
  return client;
}

export function TestProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createTestQueryClient());
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <OpenFeatureProvider>{children}</OpenFeatureProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

export function renderWithProviders(ui: ReactElement, queryClient?: QueryClient): RenderResult {
  return render(ui, {
    wrapper: ({ children }) => <TestProviders queryClient={queryClient}>{children}</TestProviders>,
  });
}

/** Renders a route table at a path in a memory router, inside the app's providers. */
export function renderRoutes(routes: RouteObject[], path: string, queryClient?: QueryClient) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router, ...result };
}
