import { routes } from '@herald/contract/api/routes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, handle } from '../../../testing/api-mock';
import { buildService } from '../testing/fixtures';
import { renderServices } from '../testing/render-services';

/** Whole-app renders with a lazy dialog take seconds on the shared CI cores. */
const SLOW_TEST_MS = 15_000;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the services list', { timeout: SLOW_TEST_MS }, () => {
  it('shows cards in outline while the services load, not a spinner', async () => {
    await renderServices(
      {},
      handle(routes.listWorkspaceServices, () => new Promise<never>(() => {})),
    );
    const loading = screen.getByText('Loading services').closest('[role="status"]');
    expect(loading).not.toBeNull();
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(loading!.querySelectorAll('.mantine-Skeleton-root').length).toBeGreaterThan(3);
    expect(screen.queryByText('No services yet')).not.toBeInTheDocument();
  });

  it('shows a card per service with plan, region, version, host name, merged status and sessions', async () => {
    const services = [
      buildService({ serviceId: 'svc-1', label: 'Prices feed', billingPlan: 'xsmall' }),
      buildService({
        serviceId: 'svc-2',
        serviceName: 'calm-heron',
        region: 'us-east-1.aws',
        billingPlan: 'free',
        heraldVersion: '6.10',
        status: 'RUNNING',
      }),
      buildService({ serviceId: 'svc-3', serviceName: 'busy-lynx', status: 'RUNNING' }),
    ];
    await renderServices(
      { services },
      // The one status call says svc-2 is still starting; the list says RUNNING.
      handle(routes.listWorkspaceServiceStatuses, () => ({
        status: 200,
        body: [
          { serviceId: 'svc-1', servicename: 'brave-otter', status: 'ERROR' as const },
          { serviceId: 'svc-2', servicename: 'calm-heron', status: 'POD_PENDING' as const },
          { serviceId: 'svc-3', servicename: 'busy-lynx', status: 'RUNNING' as const },
        ],
      })),
      handle(routes.getLiveMetrics, ({ url }) =>
        url.includes('/svc-3/')
          ? { status: 200, body: { sessions: 1234, topics: 7, topicsCapacity: 100 } }
          : apiErrorResponse(500, 'only a RUNNING service is asked'),
      ),
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Services' })).toBeInTheDocument();
    const first = await screen.findByRole('link', { name: /Prices feed/ });
    expect(first).toHaveAttribute('href', '/service/svc-1');
    const firstCard = within(first);
    // The plan is named from the metadata tiers once they are in.
    expect(await firstCard.findByText('XSmall')).toBeInTheDocument();
    expect(firstCard.getByText('EU-WEST-1')).toBeInTheDocument();
    expect(firstCard.getByText('6.11.2')).toBeInTheDocument();
    // The host a client connects to, as the overview shows it (issue 25, item 20).
    expect(firstCard.getByText('brave-otter.eu-west-1.aws.localhost')).toBeInTheDocument();
    expect(firstCard.queryByText('brave-otter.eu-west-1.aws')).toBeNull();
    expect(await firstCard.findByText('Error')).toBeInTheDocument();

    const second = within(screen.getByRole('link', { name: /calm-heron/ }));
    expect(second.getByText('Free')).toBeInTheDocument();
    expect(second.getByText('US-EAST-1')).toBeInTheDocument();
    expect(second.getByText('6.10')).toBeInTheDocument();
    expect(await second.findByText('Starting')).toBeInTheDocument();

    // Sessions are live for a RUNNING service and a dash for the others (never asked).
    const third = within(screen.getByRole('link', { name: /busy-lynx/ }));
    expect(await third.findByText('1,234')).toBeInTheDocument();
    expect(firstCard.getByText('—')).toBeInTheDocument();
    expect(second.getByText('—')).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Create service' })).toBeEnabled();
    expect(
      screen.queryByRole('button', { name: 'Create your first service' }),
    ).not.toBeInTheDocument();
  });

  it('explains the empty workspace and offers the first service', async () => {
    await renderServices({ services: [] });
    const button = await screen.findByRole('button', { name: 'Create your first service' });
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(screen.getByText('No services yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create service' })).not.toBeInTheDocument();
  });

  it('shows a failed load inline and retries', async () => {
    let calls = 0;
    await renderServices(
      {},
      handle(routes.listWorkspaceServices, () => {
        calls += 1;
        return calls === 1
          ? apiErrorResponse(503, 'Service unavailable')
          : { status: 200, body: [buildService()] };
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Services could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /brave-otter/ })).toBeInTheDocument();
  });
});

describe('a User without create-service', { timeout: SLOW_TEST_MS }, () => {
  it('sees the create buttons disabled and the credit is never fetched', async () => {
    const { api } = await renderServices({ role: 'User', services: [] });
    const first = await screen.findByRole('button', { name: 'Create your first service' });
    expect(first).toHaveAttribute('aria-disabled', 'true');
    expect(first).toHaveAccessibleDescription('Only an Admin or the Owner can create services.');
    await userEvent.click(first);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requestsTo(routes.getWorkspaceCredit)).toHaveLength(0);
  });

  it('sees the header button disabled when services exist', async () => {
    const { api } = await renderServices({ role: 'User', services: [buildService()] });
    const button = await screen.findByRole('button', { name: 'Create service' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo(routes.getWorkspaceCredit)).toHaveLength(0);
  });
});
