import { routes } from '@herald/contract/api/routes';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, handle } from '../../testing/api-mock';
import { createSession, renderApp } from '../../testing/render-app';
import { safeRedirectTarget } from './track-events';

afterEach(() => {
  vi.unstubAllGlobals();
});

const recorded = handle(routes.trackEvent, () => ({ status: 202, body: { recorded: false } }));

describe('/track/events (public event tracking)', () => {
  it('posts the event, then goes to the same-site path of `to`', async () => {
    const { api, router } = renderApp(
      '/track/events?name=docs.link-clicked&to=%2Fsignup%3Futm_source%3Dmail',
      createSession().handler,
      recorded,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your account' }),
    ).toBeInTheDocument();
    expect(api.requestsTo(routes.trackEvent).map((request) => request.json)).toEqual([
      { name: 'docs.link-clicked' },
    ]);
    expect(router.state.location.pathname).toBe('/signup');
    expect(router.state.location.search).toBe('?utm_source=mail');
  });

  it('refuses a protocol-relative `to` (//evil.example) and goes to / instead', async () => {
    const { api, router } = renderApp(
      '/track/events?name=page.view&to=%2F%2Fevil.example%2Fx',
      createSession().handler,
      recorded,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Log in to Herald Cloud' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(api.requestsTo(routes.trackEvent)).toHaveLength(1);
  });

  it('moves on even when tracking fails, and posts nothing for a malformed name', async () => {
    const failing = handle(routes.trackEvent, () => apiErrorResponse(500, 'Boom'));
    const first = renderApp(
      '/track/events?name=page.view&to=/signup',
      createSession().handler,
      failing,
    );
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/signup'));
    first.unmount();

    const second = renderApp(
      '/track/events?name=Not%20Valid&to=/signup',
      createSession().handler,
      recorded,
    );
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/signup'));
    expect(second.api.requestsTo(routes.trackEvent)).toHaveLength(0);
  });

  it.each([
    ['/workspace', '/workspace'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example', '/'],
    ['workspace', '/'],
    [null, '/'],
  ])('safeRedirectTarget(%s) is %s', (to, expected) => {
    expect(safeRedirectTarget(to)).toBe(expected);
  });
});
