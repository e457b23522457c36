import { routes } from '@herald/contract/api/routes';
import { MARKETPLACE_MESSAGES } from '@herald/contract/marketplace/marketplace.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REMEMBERED_PATH_STORAGE_KEY } from '../../../lib/browser/remembered-path';
import { apiErrorResponse, handle } from '../../../testing/api-mock';
import { buildService, buildUser, buildWorkspace } from '../../../testing/factories';
import { createSession, renderApp } from '../../../testing/render-app';

const TITLE = 'Connecting your AWS Marketplace subscription';

const marketplaceWorkspace = (
  status: 'subscribe-success' | 'unsubscribe-success' | 'subscribe-fail',
) =>
  buildWorkspace({
    workspace_id: 'ws-mkt',
    name: 'AWS Marketplace 111122223333',
    provider: 'awsMarketplace',
    billingProvider: 'awsMarketplace',
    awsMarketplaceSubscriptionStatus: status,
    services: [buildService({ serviceId: 'svc-mkt' })],
  });

describe('/aws/signup', () => {
  it('lets a visitor sign up or log in, remembering the page with its token', async () => {
    const { router } = renderApp('/aws/signup?token=tok-123', createSession(null).handler);
    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(sessionStorage.getItem(REMEMBERED_PATH_STORAGE_KEY)).toBe('/aws/signup?token=tok-123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
  });

  it('connects the subscription of a signed-in user and opens the new organisation', async () => {
    const signup = handle(routes.marketplaceSignup, () => ({
      status: 200,
      body: { workspace_id: 'ws-mkt', created: true },
    }));
    const workspaces = handle(routes.listWorkspaces, () => ({
      status: 200,
      body: [buildWorkspace(), marketplaceWorkspace('subscribe-success')],
    }));
    const { router, api } = renderApp(
      '/aws/signup?token=tok-123',
      createSession(buildUser()).handler,
      signup,
      workspaces,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Connect subscription' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/ws-mkt'));
    expect(api.requestsTo(routes.marketplaceSignup).map((request) => request.json)).toEqual([
      { registrationToken: 'tok-123' },
    ]);
    // The brand carries the marketplace badge, in the link's accessible name.
    expect(
      await screen.findByRole('link', { name: 'Herald Cloud, AWS Marketplace organisation' }),
    ).toBeInTheDocument();
  });

  it.each([
    [400, MARKETPLACE_MESSAGES.invalidToken],
    [409, MARKETPLACE_MESSAGES.otherOrganisation],
    [503, MARKETPLACE_MESSAGES.unavailable],
  ])('explains a %s from the server', async (status, message) => {
    const signup = handle(routes.marketplaceSignup, () => apiErrorResponse(status, message));
    renderApp('/aws/signup?token=used', createSession(buildUser()).handler, signup);
    await userEvent.click(await screen.findByRole('button', { name: 'Connect subscription' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(message)).toBeInTheDocument();
  });

  it('explains a link without a token', async () => {
    renderApp('/aws/signup', createSession(buildUser()).handler);
    expect(await screen.findByRole('alert')).toHaveTextContent('No registration token');
    expect(screen.queryByRole('button', { name: 'Connect subscription' })).not.toBeInTheDocument();
  });
});

describe('an expired marketplace subscription (section 4)', () => {
  const workspaces = (status: 'subscribe-success' | 'unsubscribe-success' | 'subscribe-fail') =>
    handle(routes.listWorkspaces, () => ({
      status: 200,
      body: [buildWorkspace(), marketplaceWorkspace(status)],
    }));

  it.each([
    ['/workspace/ws-mkt', 'unsubscribe-success'],
    ['/workspace/ws-mkt/members', 'subscribe-fail'],
    ['/service/svc-mkt/settings', 'unsubscribe-success'],
  ] as const)('sends %s to /aws/expired when the status is %s', async (path, status) => {
    const { router } = renderApp(path, createSession(buildUser()).handler, workspaces(status));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Your AWS Marketplace subscription has ended',
      }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/aws/expired');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it("leaves the user's other organisations and a live subscription open", async () => {
    const { router } = renderApp(
      '/workspace/ws-1',
      createSession(buildUser()).handler,
      workspaces('unsubscribe-success'),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/ws-1'));
    await screen.findByRole('link', { name: 'Herald Cloud' });
    expect(router.state.location.pathname).toBe('/workspace/ws-1');
  });
});
