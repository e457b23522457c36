import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_STORAGE_KEY } from '../../lib/browser/chunk-reload';
import { renderRoutes } from '../../testing/render';
import { RouteErrorPage } from './route-error-page';

function routesThrowing(error: Error) {
  return [
    {
      path: '/',
      errorElement: <RouteErrorPage />,
      Component: () => {
        throw error;
      },
    },
  ];
}

beforeEach(() => {
  sessionStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the router error page', () => {
  it('shows a friendly page with a way back for an ordinary failure', async () => {
    renderRoutes(routesThrowing(new Error('Cannot read properties of undefined')), '/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('reloads on a chunk-load failure', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderRoutes(
      routesThrowing(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
      '/',
    );
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('status')).toHaveTextContent('Reloading');
  });

  it('shows the page instead when it already reloaded within the minute', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(Date.now() - 10_000));
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderRoutes(
      routesThrowing(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
      '/',
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
