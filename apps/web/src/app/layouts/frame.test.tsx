import { routes } from '@herald/contract/api/routes';
import { FREE_TRIAL_TERMS } from '@herald/contract/constants';
import type { Workspace } from '@herald/contract/workspaces/workspace.schema';
import { InMemoryProvider, OpenFeature } from '@openfeature/react-sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, handle, type MockHandler } from '../../testing/api-mock';
import { buildPendingInvite, buildUser, buildWorkspace } from '../../testing/factories';
import { createSession, renderApp } from '../../testing/render-app';

afterEach(async () => {
  vi.unstubAllGlobals();
  await OpenFeature.clearProviders();
});

const ada = buildUser();

function workspacesHandler(workspaces: Workspace[]) {
  return handle(routes.listWorkspaces, () => ({ status: 200, body: workspaces }));
}

function renderFrame(path: string, workspaces: Workspace[], ...handlers: MockHandler[]) {
  return renderApp(path, createSession(ada).handler, workspacesHandler(workspaces), ...handlers);
}

async function sideNav() {
  return within(await screen.findByRole('navigation', { name: 'Workspace' }));
}

describe('the top navigation bar (spec section 2)', () => {
  it('links the brand to the workspace and starts the crumbs with the organisation', async () => {
    const { api } = renderFrame(
      '/workspace/ws-1/members',
      [buildWorkspace()],
      handle(routes.listMembers, () => ({ status: 200, body: [] })),
    );
    const banner = await screen.findByRole('banner');
    const crumbs = within(await within(banner).findByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'Analytical Engines' })).toHaveAttribute(
      'href',
      '/workspace/ws-1',
    );
    expect(crumbs.getByText('Members')).toHaveAttribute('aria-current', 'page');
    expect(within(banner).getByRole('link', { name: 'Herald Cloud' })).toHaveAttribute(
      'href',
      '/workspace/ws-1',
    );
    expect(within(banner).queryByText('Marketplace')).not.toBeInTheDocument();

    await userEvent.click(crumbs.getByRole('button', { name: 'Switch service' }));
    expect(await screen.findByText('No services yet')).toBeInTheDocument();
    expect(api.requestsTo(routes.listWorkspaces)[0]?.url).toBe(
      '/v3/workspaces?expandServices=true',
    );
  });

  it("falls back to the owner's e-mail and badges marketplace organisations", async () => {
    renderFrame('/workspace/ws-1', [
      buildWorkspace({
        name: ' ',
        company_name: null,
        provider: 'awsMarketplace',
        users: [
          { customerid: 'cus_ada', email: 'ada@example.com', roles: ['User'] },
          { customerid: 'cus_boss', email: 'boss@example.com', roles: ['Owner'] },
        ],
      }),
    ]);
    const banner = await screen.findByRole('banner');
    expect(
      await within(banner).findByRole('link', { name: 'boss@example.com' }),
    ).toBeInTheDocument();
    expect(within(banner).getByText('Marketplace')).toBeInTheDocument();
    expect(within(banner).getByText('Services')).toBeInTheDocument();
  });

  it('extends the account menu with the consent manager and the terms panel', async () => {
    const { api } = renderFrame(
      '/workspace/ws-1',
      [buildWorkspace()],
      handle(routes.getConsent, () => ({
        status: 200,
        body: { analytics: false, updatedAt: null },
      })),
      handle(routes.updateConsent, () => ({
        status: 200,
        body: { analytics: true, updatedAt: '2026-01-02T03:04:05.000Z' },
      })),
    );
    const avatar = await screen.findByRole('button', {
      name: 'Logged in as Ada Lovelace (ada@example.com)',
    });
    await userEvent.click(avatar);
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent?.replace('✓', ''))).toEqual([
      'Profile',
      'Data Collection Preferences',
      'Terms and Conditions',
      'Light',
      'Dark',
      'Match system',
      'Sign Out',
    ]);

    await userEvent.click(screen.getByRole('menuitem', { name: 'Terms and Conditions' }));
    const drawer = await screen.findByRole('dialog', { name: 'Herald Cloud terms and conditions' });
    const published = within(drawer).getByRole('link', { name: 'Read the published terms' });
    expect(published).toHaveAttribute('href', '/terms');
    expect(published).toHaveAttribute('target', '_blank');
    expect(published).toHaveAttribute('rel', 'noopener');
    expect(within(drawer).getByRole('heading', { name: 'Free trial terms' })).toBeInTheDocument();
    expect(
      within(drawer)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([...FREE_TRIAL_TERMS]);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close terms' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(avatar);
    await userEvent.click(
      await screen.findByRole('menuitem', { name: 'Data Collection Preferences' }),
    );
    const consent = await screen.findByRole('dialog', { name: 'Data Collection Preferences' });
    const analytics = await within(consent).findByRole('switch', { name: /Analytics/ });
    expect(analytics).not.toBeChecked();
    await userEvent.click(analytics);
    await userEvent.click(within(consent).getByRole('button', { name: 'Save preferences' }));
    // A signed-in user's choice is stored with the account (PUT /v3/user/consent).
    await waitFor(() =>
      expect(api.requestsTo(routes.updateConsent).map((request) => request.json)).toEqual([
        { analytics: true },
      ]),
    );
  });
});

describe('the workspace side navigation (spec section 2)', () => {
  it('shows Services and Members to a User, without Billing or the evaluation guide', async () => {
    renderFrame('/workspace/ws-1', [
      buildWorkspace({
        users: [{ customerid: 'cus_ada', email: 'ada@example.com', roles: ['User'] }],
      }),
    ]);
    const nav = await sideNav();
    expect(await nav.findByRole('link', { name: 'Services' })).toHaveAttribute(
      'href',
      '/workspace/ws-1',
    );
    expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Members' })).toHaveAttribute(
      'href',
      '/workspace/ws-1/members',
    );
    expect(nav.queryByRole('link', { name: 'Billing' })).not.toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Evaluation guide' })).not.toBeInTheDocument();
  });

  it('shows Billing with manage-billing and the evaluation guide with its flag', async () => {
    await OpenFeature.setProviderAndWait(
      new InMemoryProvider({
        'dashboard.evaluation': {
          variants: { on: true, off: false },
          defaultVariant: 'on',
          disabled: false,
        },
      }),
    );
    renderFrame('/workspace/ws-1', [
      buildWorkspace({
        users: [{ customerid: 'cus_ada', email: 'ada@example.com', roles: ['Admin'] }],
      }),
    ]);
    const nav = await sideNav();
    expect(await nav.findByRole('link', { name: 'Billing' })).toHaveAttribute(
      'href',
      '/workspace/ws-1/billing',
    );
    expect(await nav.findByRole('link', { name: 'Evaluation guide' })).toHaveAttribute(
      'href',
      '/workspace/ws-1/evaluation',
    );
  });
});

describe('workspace routes', () => {
  it('sends /workspace to the remembered workspace, else the first', async () => {
    localStorage.setItem('herald-default-workspace', 'ws-2');
    const { router } = renderFrame('/workspace', [
      buildWorkspace(),
      buildWorkspace({ workspace_id: 'ws-2', name: 'Second team' }),
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/ws-2'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Services' })).toBeInTheDocument();
  });

  it('shows the 404 page for a workspace that is not among the user’s', async () => {
    renderFrame('/workspace/ws-404', [buildWorkspace()]);
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
    // Inside the frame, with the default workspace's navigation rather than an empty sidebar.
    const nav = await sideNav();
    expect(nav.getByRole('button', { name: /Organisation: Analytical Engines/ })).toBeVisible();
    expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/workspace/ws-1');
  });

  it.each([
    ['/no/such/page', 'This page could not be found', 'Back to home', '/'],
    // An unknown service is said as such (issue 25), with the way to the user's own services.
    [
      '/service/svc-404',
      /^This service could not be found\./,
      'Back to your services',
      '/workspace',
    ],
  ])(
    'shows the 404 page inside the frame at %s for a signed-in user',
    async (path, message, back, href) => {
      renderFrame(
        path,
        [buildWorkspace()],
        handle(routes.getService, () => apiErrorResponse(404, 'Service not found')),
      );
      expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
      expect(screen.getByText(message)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: back })).toHaveAttribute('href', href);
      expect(screen.getByRole('banner')).toBeInTheDocument();
      const nav = await sideNav();
      expect(await nav.findByRole('link', { name: 'Members' })).toHaveAttribute(
        'href',
        '/workspace/ws-1/members',
      );
      expect(screen.getAllByRole('main')).toHaveLength(1);
    },
  );

  it('switches workspace and remembers the choice', async () => {
    const { router } = renderFrame('/workspace/ws-1', [
      buildWorkspace(),
      buildWorkspace({ workspace_id: 'ws-2', name: 'Second team' }),
    ]);
    const nav = await sideNav();
    await userEvent.click(await nav.findByRole('button', { name: /Switch organisation/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Second team' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/ws-2'));
    expect(localStorage.getItem('herald-default-workspace')).toBe('ws-2');
  });
});

describe('the create team modal (spec sections 2 and 5)', () => {
  it('is disabled while blank, sends the trimmed name and opens the new team', async () => {
    const { api, router } = renderFrame(
      '/workspace/ws-1',
      [buildWorkspace()],
      handle(routes.createWorkspace, () => ({ status: 201, body: { workspace_id: 'ws-new' } })),
    );
    const nav = await sideNav();
    await userEvent.click(await nav.findByRole('button', { name: /Switch organisation/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Create new team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create new team' });
    const create = within(dialog).getByRole('button', { name: 'Create new team' });
    expect(create).toBeDisabled();
    const field = within(dialog).getByRole('textbox', { name: 'Team name' });
    await userEvent.type(field, '   ');
    expect(create).toBeDisabled();
    await userEvent.type(field, 'Difference Engines  ');
    expect(create).toBeEnabled();
    await userEvent.click(create);

    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/ws-new'));
    expect(api.requestsTo(routes.createWorkspace).map((request) => request.json)).toEqual([
      { name: 'Difference Engines' },
    ]);
    expect(localStorage.getItem('herald-default-workspace')).toBe('ws-new');
  });
});

describe('the client-side invite notification (spec section 4)', () => {
  it('shows pending invites in the frame and accepts one there', async () => {
    let invites = [
      buildPendingInvite({
        inviteId: 'inv-7',
        workspace_id: 'ws-7',
        workspaceName: 'Babbage & Co',
      }),
    ];
    let workspaces = [buildWorkspace()];
    const { api, router } = renderApp(
      '/workspace/ws-1',
      createSession(ada).handler,
      handle(routes.listWorkspaces, () => ({ status: 200, body: workspaces })),
      handle(routes.listPendingInvites, () => ({ status: 200, body: invites })),
      handle(routes.acceptInvite, () => {
        invites = [];
        workspaces = [
          ...workspaces,
          buildWorkspace({ workspace_id: 'ws-7', name: 'Babbage & Co' }),
        ];
        return { status: 200, body: { workspace_id: 'ws-7' } };
      }),
    );
    const notice = await screen.findByRole('alert', { name: 'Invitations' });
    expect(notice).toHaveTextContent('You have an invitation to join Babbage & Co as User.');
    await userEvent.click(
      within(notice).getByRole('button', { name: 'Accept the invitation to Babbage & Co' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/ws-7'));
    expect(api.requestsTo(routes.acceptInvite).map((request) => request.url)).toEqual([
      '/v3/user/pending-invites/inv-7/accept',
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('alert', { name: 'Invitations' })).not.toBeInTheDocument(),
    );
  });
});

describe('the side navigation on a phone (a drawer behind the burger)', () => {
  it('closes when a link is tapped and on Escape, handing the focus back to the burger', async () => {
    const { router } = renderFrame(
      '/workspace/ws-1',
      [buildWorkspace()],
      handle(routes.listMembers, () => ({ status: 200, body: [] })),
    );
    const nav = await sideNav();
    const burger = screen.getByLabelText('Open navigation');

    await userEvent.click(burger);
    expect(screen.getByLabelText('Close navigation')).toBeInTheDocument();
    await userEvent.click(nav.getByRole('link', { name: 'Members' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/ws-1/members'));
    expect(await screen.findByLabelText('Open navigation')).toBeInTheDocument();

    await userEvent.click(screen.getByLabelText('Open navigation'));
    expect(screen.getByLabelText('Close navigation')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    const closed = screen.getByLabelText('Open navigation');
    expect(closed).toHaveFocus();
  });
});
