import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@herald/contract/api/routes';
import { apiErrorResponse, handle, mockApi } from '../../testing/api-mock';
import { renderRoutes } from '../../testing/render';
import { appRoutes } from '../router';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    mockApi(handle(routes.getUser, () => apiErrorResponse(401, 'Not signed in'))).fetch,
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('an unknown route', () => {
  it("shows 404, 'This page could not be found' and a link back home, even to a visitor", async () => {
    const { router } = renderRoutes(appRoutes, '/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
    expect(screen.getByText('This page could not be found')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Back to home' });
    expect(link).toHaveAttribute('href', '/');
    expect(screen.getByRole('main')).toContainElement(link);

    link.click();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Log in to Herald Cloud' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
