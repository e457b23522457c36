import { ThemeProvider } from './provider';
import { Root } from './root';
import { RouteErrorPage } from './routes/route-error-page';

/*
 * The root route's component and error element with Mantine (and the toasts) around them, in a chunk of their own
 * (app/root-route.tsx loads it beside the first page's chunks): Mantine's provider and components are not part of
 * the entry chunk (bundle budget, docs/decisions/029).
 */

export function ThemedRoot() {
  return (
    <ThemeProvider>
      <Root />
    </ThemeProvider>
  );
}

export function ThemedRouteErrorPage() {
  return (
    <ThemeProvider>
      <RouteErrorPage />
    </ThemeProvider>
  );
}
