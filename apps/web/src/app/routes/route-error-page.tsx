import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import {
  canReloadAfterChunkError,
  isChunkLoadError,
  reloadAfterChunkError,
} from '../../lib/browser/chunk-reload';
import { useRemoveStaticShell } from '../../lib/painted-page/handover/static-shell';
import { NotFoundRoute } from './not-found-route';

/**
 * The router's error element. A chunk-load failure (spec section 2) reloads the page, at most
 * once a minute; any other failure, or a chunk failure inside that minute, shows a friendly page.
 * It renders its own `main` landmark: it replaces the layouts.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  // The error page replaces the layouts, and so the page painted from the HTML too.
  useRemoveStaticShell();
  const isChunkError = isChunkLoadError(error);
  // Decided once per error page: the reload itself is a side effect and runs in the effect.
  const [willReload] = useState(() => isChunkError && canReloadAfterChunkError());

  useEffect(() => {
    if (willReload) reloadAfterChunkError();
  }, [willReload]);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  if (willReload) return <PageLoader label="Reloading" />;

  return (
    <main>
      <Container size="sm" py={96}>
        <Stack gap="md" align="flex-start">
          <Title order={1}>Something went wrong</Title>
          <Text size="lg">
            {isChunkError
              ? 'A part of the application could not be loaded. It may have been updated; reloading usually helps.'
              : 'This page could not be shown. Try reloading; contact support if the problem persists.'}
          </Text>
          <Group>
            <Button onClick={() => window.location.reload()}>Reload page</Button>
            {/* A full page load: the router may be in a broken state. */}
            <Anchor href="/">Back to home</Anchor>
          </Group>
        </Stack>
      </Container>
    </main>
  );
}
