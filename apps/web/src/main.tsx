import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/theme-links.css';
import './app/painted-press.css';
import { startTransition, StrictMode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { seedPageAnswers } from './app/page-answers';
import { AppRouter } from './app/router';
import { listenForPreloadErrors } from './lib/browser/chunk-reload';
import { createQueryClient } from './lib/queries/query-client';
import { whenIdle } from './lib/browser/when-idle';

// Before the first render: the first lazy route import may already fail.
listenForPreloadErrors();
// Flags read as off until evaluated anyway, and the worker serves nothing the first page needs: both wait until the
// first page is up, so their chunks and calls do not compete with it for the network and the main thread.
whenIdle(() => {
  void import('./lib/flags/flag-context').then(({ initFlags }) => initFlags());
  void import('./lib/browser/service-worker').then(({ registerServiceWorker }) =>
    registerServiceWorker(),
  );
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The answers the server sent with the page: the first render needs no API call (docs/decisions/029).
const queryClient = createQueryClient();
seedPageAnswers(queryClient);

const root = createRoot(container);
// A transition renders in slices that yield to the browser between them, instead of one long task that holds up
// input; nothing is lost, since the page painted from the HTML (or nothing) shows until the first commit.
startTransition(() => {
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppRouter />
      </QueryClientProvider>
    </StrictMode>,
  );
});
