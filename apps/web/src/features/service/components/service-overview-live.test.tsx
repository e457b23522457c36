import { routes } from '@herald/contract/api/routes';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handle } from '../../../testing/api-mock';
import { FakeEventSource, streamsTo } from '../../../testing/fake-event-source';
import { buildService } from '../../../testing/factories';
import { renderService } from '../testing/render-service';

/** The first render loads the gate, the layouts and the lazy page: slow on busy shared cores. */
const FIRST_RENDER_TIMEOUT_MS = 10_000;

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the overview of a starting service', { timeout: 20_000 }, () => {
  it('says the port comes when it starts, then shows Running and the full address as soon as they are pushed', async () => {
    const starting = buildService({
      status: 'POD_PENDING',
      endpoints: {
        websocketUrl: 'ws://prices.eu-west-1.aws.localhost:3000/mqtt',
        mqttHost: 'localhost',
        mqttPort: null,
      },
    });
    // The server's current row: what a fetch of the service answers at each moment.
    let current = starting;
    renderService('/service/svc-1', {
      service: starting,
      handlers: [handle(routes.getService, () => ({ status: 200, body: current }))],
    });
    const status = await screen.findByRole(
      'status',
      { name: 'Service status' },
      { timeout: FIRST_RENDER_TIMEOUT_MS },
    );
    expect(within(status).getByText('Starting')).toBeInTheDocument();
    expect(
      within(status).getByText('Waiting for capacity to start the service…'),
    ).toBeInTheDocument();
    // The wire value is in the badge's tooltip (announced with it), never on the badge itself.
    expect(within(status).queryByText('POD_PENDING')).not.toBeInTheDocument();
    const badge = status.querySelector<HTMLElement>('[data-status]')!;
    expect(badge).toHaveAccessibleName(/Status code: POD_PENDING/);
    await userEvent.hover(badge);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Waiting for capacity to start the service… Status code: POD_PENDING',
    );
    await userEvent.unhover(badge);
    const connection = within(screen.getByRole('region', { name: 'Connection details' }));
    expect(
      connection.getByText('The port is assigned when the service starts'),
    ).toBeInTheDocument();
    expect(connection.queryByText('localhost')).not.toBeInTheDocument();

    await waitFor(() => expect(streamsTo('/v3/workspace/ws-1/services/events')).toHaveLength(1));
    const source = streamsTo('/v3/workspace/ws-1/services/events')[0]!;
    act(() => source.open());
    current = {
      ...starting,
      status: 'RUNNING',
      endpoints: { ...starting.endpoints, mqttPort: 21901 },
    };
    act(() => source.emit('status', { serviceId: 'svc-1', status: 'RUNNING', mqttPort: 21901 }));
    expect(await within(status).findByText('Running')).toBeInTheDocument();
    expect(await connection.findByText('localhost:21901')).toBeInTheDocument();
  });
});
