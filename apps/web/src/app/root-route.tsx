import { lazy, Suspense } from 'react';
import { BootFallback } from '../components/boot-fallback';

const loadThemedRoot = () => import('./themed-root');
// Asked as the entry runs, so it arrives beside the route's own chunks (which the router asks for meanwhile).
if (typeof window !== 'undefined') void loadThemedRoot().catch(() => undefined);

const ThemedRoot = lazy(async () => ({ default: (await loadThemedRoot()).ThemedRoot }));
const ThemedRouteErrorPage = lazy(async () => ({
  default: (await loadThemedRoot()).ThemedRouteErrorPage,
}));

/** The root route's element: the app inside its theme (app/themed-root.tsx). */
export function RootRoute() {
  return (
    <Suspense fallback={<BootFallback />}>
      <ThemedRoot />
    </Suspense>
  );
}

/** The root route's error element (a chunk that failed to load reloads the page, lib/browser/chunk-reload.ts). */
export function RootErrorElement() {
  return (
    <Suspense fallback={<BootFallback />}>
      <ThemedRouteErrorPage />
    </Suspense>
  );
}
