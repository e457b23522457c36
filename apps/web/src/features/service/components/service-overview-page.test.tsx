import { routes } from '@herald/contract/api/routes';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handle } from '../../../testing/api-mock';
import { buildService } from '../../../testing/factories';
import { renderService } from '../testing/render-service';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The first render loads the gate, the layouts and the lazy page: slow on busy shared cores. */
const FIRST_RENDER_TIMEOUT_MS = 10_000;

function card(name: string) {
  return within(screen.getByRole('region', { name }));
}

describe('the service overview (spec sections 2, 3 and 9)', () => {
  it('shows the name, host, status, live metrics and connection details', async () => {
    renderService('/service/svc-1', {
      service: buildService({ label: 'Price feed', noOfNodes: 3, billingPlan: 'basic' }),
    });
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Price feed' },
        { timeout: FIRST_RENDER_TIMEOUT_MS },
      ),
    ).toBeInTheDocument();
    // The host a client connects to, once, with its copy button; never the bare name and region (issue 25).
    expect(screen.getByText('prices.eu-west-1.aws.localhost')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy Host' })).toBeInTheDocument();
    expect(screen.queryByText('prices.eu-west-1.aws')).toBeNull();
    expect(await screen.findByText('Running')).toBeInTheDocument();

    await screen.findByText('12 / 1000');
    const metrics = card('Live metrics');
    expect(metrics.getByText('Sessions').nextSibling).toHaveTextContent('3');
    expect(metrics.getByText('Topics').nextSibling).toHaveTextContent('12');
    expect(metrics.getByText(/Updated \d+ s ago/)).toBeInTheDocument();

    const connection = card('Connection details');
    expect(
      connection.getByText('ws://prices.eu-west-1.aws.localhost:3000/mqtt'),
    ).toBeInTheDocument();
    expect(connection.getByText('localhost:21883')).toBeInTheDocument();
    expect(connection.getByRole('button', { name: 'Copy WebSocket URL' })).toBeInTheDocument();
    expect(connection.getByText('Basic')).toBeInTheDocument();
    expect(connection.getByText('EU-WEST-1')).toBeInTheDocument();
    expect(connection.getByText('6.9.2')).toBeInTheDocument();
    expect(connection.getByText('Yes')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Quick start/ })).toHaveAttribute(
      'href',
      '/service/svc-1/sdk-api',
    );
  });

  it('counts the age of the metrics up every second', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    renderService('/service/svc-1');
    expect(
      await screen.findByText('Updated 0 s ago', {}, { timeout: FIRST_RENDER_TIMEOUT_MS }),
    ).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Updated 1 s ago')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByText('Updated 3 s ago')).toBeInTheDocument();
  });

  it('says what is in progress while the service starts, and refreshes the user once it runs', async () => {
    let status: 'POD_INITIALIZING' | 'RUNNING' = 'POD_INITIALIZING';
    vi.useFakeTimers({
      toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'],
      shouldAdvanceTime: true,
    });
    const { api } = renderService('/service/svc-1', {
      service: buildService({ status: 'POD_INITIALIZING' }),
      handlers: [
        handle(routes.getServiceStatus, () => ({
          status: 200,
          body: { serviceId: 'svc-1', status },
        })),
      ],
    });
    expect(await screen.findByText('Starting the service…')).toBeInTheDocument();
    const userCalls = api.requestsTo(routes.getUser).length;
    const serviceCalls = api.requestsTo(routes.getService).length;
    status = 'RUNNING';
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByText('Running')).toBeInTheDocument();
    await waitFor(() => expect(api.requestsTo(routes.getUser).length).toBeGreaterThan(userCalls));
    expect(api.requestsTo(routes.getService).length).toBeGreaterThan(serviceCalls);
  });
});
