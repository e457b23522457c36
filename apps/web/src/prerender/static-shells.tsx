import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { cssVariablesResolver, theme } from '../app/theme';
import { connectionsQueryOptions } from '../features/auth/api/connections-query';
import { LoginPage } from '../features/auth/components/login-page';
import { SignupPage } from '../features/auth/components/signup-page';

/** A page painted from index.html before any script runs (docs/decisions/017). */
export interface StaticShell {
  /** The HTML file the server sends for the shell's routes (apps/server/src/plugins/spa.ts). */
  file: string;
  /** The document title until the app sets its own. */
  title: string;
  markup: string;
  /** The app starts when the person begins to use the page, not at load (src/shell-start.ts, docs/decisions/031). */
  startsOnInteraction?: boolean;
}

/** The blank pages render inside `<main>`, as app/layouts/blank-layout.tsx does. */
function render(path: string, page: ReactNode): string {
  // Nothing is fetched at build time: queries stay pending, as on a first visit before the API answers.
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  // The login page as most installs show it: no social or single sign-on connection (the app asks for them at once
  // and adds their buttons when there are some).
  client.setQueryData(connectionsQueryOptions().queryKey, []);
  return renderToString(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/**
 * The real components of the public pages (login, sign-up), rendered at build time; the app replaces a shell when it
 * has a page of its own to show (lib/painted-page/handover/static-shell.ts). A shell of the signed-in frame's outline
 * was measured and left out (docs/decisions/017).
 */
export function renderStaticShells(): StaticShell[] {
  return [
    {
      file: 'login.html',
      title: 'Log in to Herald Cloud · Herald Cloud',
      startsOnInteraction: true,
      markup: render(
        '/',
        <main>
          <LoginPage />
        </main>,
      ),
    },
    {
      file: 'signup.html',
      title: 'Create your account · Herald Cloud',
      startsOnInteraction: true,
      markup: render(
        '/signup',
        <main>
          <SignupPage />
        </main>,
      ),
    },
  ];
}
