import { MantineContext, MantineProvider } from '@mantine/core';
import { lazy, Suspense, useContext, type ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';

const ToastContainer = lazy(() => import('./toast-container'));

/**
 * Mantine with the app's theme, following the system (prefers-color-scheme) until the person picks a scheme in the
 * account menu, and the toast stack (loaded after the first render; toasts raised earlier wait in Mantine's store).
 * Inside a provider already (tests render the routes inside theirs, with their own toasts) it adds nothing.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const isInsideProvider = useContext(MantineContext) !== null;
  if (isInsideProvider) return children;
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
    >
      <Suspense fallback={null}>
        <ToastContainer />
      </Suspense>
      {children}
    </MantineProvider>
  );
}
