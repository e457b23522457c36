import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { listenForPreloadErrors } from './lib/chunk-reload';
import { initFlags } from './lib/flag-context';
import { registerServiceWorker } from './lib/service-worker';

// Before the first render: the first lazy route import may already fail.
listenForPreloadErrors();
void initFlags();
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// A transition renders in slices that yield to the browser between them, instead of one long task that holds up
// input; nothing is lost, since the page painted from the HTML (or nothing) shows until the first commit.
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
});
