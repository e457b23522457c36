import { routes } from '@herald/contract/api/routes';
import { OpenFeature } from '@openfeature/react-sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildService } from '../../testing/factories';
import { renderService, turnOnFlags } from '../../features/service/testing/render-service';
import { apiErrorResponse, handle } from '../../testing/api-mock';

afterEach(async () => {
  vi.unstubAllGlobals();
  await OpenFeature.clearProviders();
});

async function serviceNav() {
  return within(await screen.findByRole('navigation', { name: 'Service' }));
}

describe('the service side navigation (spec section 2)', () => {
  it('disables every entry but Overview and Settings while the service is not RUNNING', async () => {
    renderService('/service/svc-1', { service: buildService({ status: 'POD_PENDING' }) });
    const nav = await serviceNav();
    expect(await nav.findByRole('link', { name: 'Overview' })).toHaveAttribute(
      'href',
      '/service/svc-1',
    );
    expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/service/svc-1/settings',
    );
    // Still focusable links, but disabled, with the reason as their description (issue 10 item 4).
    for (const label of ['SDKs & API', 'REST APIs', 'Topics', 'Views', 'Auth', 'Roles']) {
      const entry = nav.getByRole('link', { name: label });
      expect(entry).toHaveAttribute('aria-disabled', 'true');
      expect(entry).not.toHaveAttribute('href');
      expect(entry).toHaveAttribute('tabindex', '0');
      expect(entry).toHaveAccessibleDescription(
        'Available when the service is running. It is Starting now.',
      );
    }
  });

  it('links every entry of a RUNNING service, with the gated ones by version and flag', async () => {
    await turnOnFlags('dashboard.kafka', 'dashboard.token-page', 'dashboard.console');
    renderService('/service/svc-1');
    const nav = await serviceNav();
    const expected = {
      'SDKs & API': '/service/svc-1/sdk-api',
      'REST APIs': '/service/svc-1/rest',
      Kafka: '/service/svc-1/kafka',
      Topics: '/service/svc-1/topics',
      Views: '/service/svc-1/topic-views',
      Auth: '/service/svc-1/authentication',
      'API Token': '/service/svc-1/api-token',
      Roles: '/service/svc-1/roles',
    };
    for (const [label, href] of Object.entries(expected)) {
      expect(await nav.findByRole('link', { name: label })).toHaveAttribute('href', href);
    }
    // An Owner without console single sign-on: the Setup admin user modal (console-nav-entry.test.tsx).
    expect(nav.getByRole('button', { name: 'Console' })).toHaveAttribute('aria-haspopup', 'dialog');
    expect(nav.queryByText('Remote Servers')).not.toBeInTheDocument();
    expect(nav.queryByText('Logs')).not.toBeInTheDocument();
  });

  it('hides Kafka and REST APIs for an older service version', async () => {
    await turnOnFlags('dashboard.kafka');
    renderService('/service/svc-1', { service: buildService({ heraldVersion: '6.7.3' }) });
    const nav = await serviceNav();
    await nav.findByRole('link', { name: 'Topics' });
    expect(nav.queryByText('Kafka')).not.toBeInTheDocument();
    expect(nav.queryByText('REST APIs')).not.toBeInTheDocument();
  });

  it.each([
    ['Owner', true],
    ['Admin', true],
    ['User', false],
  ] as const)('shows the plan upgrade block to a %s: %s', async (role, expected) => {
    renderService('/service/svc-1', {
      service: buildService({ upgradeAvailable: true }),
      roles: [role],
    });
    const nav = await serviceNav();
    await nav.findByRole('link', { name: 'Topics' });
    if (expected) {
      expect(await nav.findByText('Go to the next level')).toBeInTheDocument();
    } else {
      // The workspaces (roles) arrive with the service; give them the chance to show the block.
      await screen.findByRole('heading', { level: 1, name: 'prices' });
      expect(nav.queryByText('Go to the next level')).not.toBeInTheDocument();
    }
  });

  it('does not show the upgrade block without an upgrade available', async () => {
    renderService('/service/svc-1', { service: buildService({ upgradeAvailable: false }) });
    await screen.findByRole('heading', { level: 1, name: 'prices' });
    expect(screen.queryByText('Go to the next level')).not.toBeInTheDocument();
  });

  it('opens the unable-to-downgrade modal on the free plan', async () => {
    renderService('/service/svc-1', { service: buildService({ upgradeAvailable: true }) });
    const nav = await serviceNav();
    await userEvent.click(await nav.findByRole('button', { name: 'Upgrade your Plan' }));
    expect(
      await screen.findByRole('dialog', { name: 'This plan cannot be changed' }),
    ).toBeInTheDocument();
  });
});

describe('the service layout', () => {
  it("shows the 404 page for a service that is not the user's", async () => {
    renderService('/service/svc-404', {
      handlers: [handle(routes.getService, () => apiErrorResponse(404, 'Service not found'))],
    });
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
  });

  it('shows an unknown page of a service inside its frame, its menu kept, with the way back to it (issue 25)', async () => {
    renderService('/service/svc-1/no-such-page', {
      service: buildService({ label: 'Price feed' }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
    expect(screen.getByText('This page could not be found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Price feed' })).toHaveAttribute(
      'href',
      '/service/svc-1',
    );
    const nav = await serviceNav();
    expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('href', '/service/svc-1');
  });

  it('sends /service without an id to /workspace', async () => {
    const { router } = renderService('/service');
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/ws-1'));
  });

  it("names the service in the top bar's breadcrumb, by label when it has one", async () => {
    renderService('/service/svc-1/settings', {
      service: buildService({ label: 'Price feed' }),
    });
    // The frame shown while the service loads has its own bar; wait for the loaded one.
    await screen.findByRole('navigation', { name: 'Service' });
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'Price feed' })).toHaveAttribute(
      'href',
      '/service/svc-1',
    );
    expect(crumbs.getByText('Settings')).toHaveAttribute('aria-current', 'page');
  });

  it("makes the service's crumb the current page on its overview", async () => {
    renderService('/service/svc-1', { service: buildService({ label: 'Price feed' }) });
    await screen.findByRole('navigation', { name: 'Service' });
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByText('Price feed')).toHaveAttribute('aria-current', 'page');
    expect(crumbs.queryByRole('link', { name: 'Price feed' })).toBeNull();
  });

  it('shows a placeholder for pages still to come, inside the layout', async () => {
    renderService('/service/svc-1/topics/a/b');
    expect(await screen.findByRole('heading', { level: 1, name: 'Topics' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Service' })).toBeInTheDocument();
  });
});

describe('the top bar in a service (spec section 2)', () => {
  it("takes the service's hint colour with readable text", async () => {
    renderService('/service/svc-1', {
      service: buildService({ consoleSettings: { hintColor: '#1a2b3c' } }),
    });
    await screen.findByRole('heading', { level: 1, name: 'prices' });
    const banner = screen.getByRole('banner');
    await waitFor(() => expect(banner).toHaveStyle({ backgroundColor: '#1a2b3c' }));
    expect(banner).toHaveStyle({ color: '#ffffff' });
  });

  it('keeps the default colour without a hint colour', async () => {
    renderService('/service/svc-1');
    await screen.findByRole('heading', { level: 1, name: 'prices' });
    expect(screen.getByRole('banner').style.backgroundColor).toBe('');
  });
});
