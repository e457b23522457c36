import { routes } from '@herald/contract/api/routes';
import type { TimeSeriesEvent } from '@herald/contract/topics/topic.schema';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { handle, mockApi } from '../../../testing/api-mock';
import { buildService } from '../../../testing/factories';
import { renderRoutes, renderWithProviders } from '../../../testing/render';
import { TimeSeriesEvents } from './time-series-events';
import { TopicsEmptyState } from './topics-empty-state';

function renderEmptyState(canEdit: boolean) {
  const service = buildService();
  const withEndpoints = {
    ...service,
    serviceId: 'svc-9',
    endpoints: { ...service.endpoints, mqttHost: 'localhost', mqttPort: 21890 },
  };
  return renderRoutes(
    [{ path: '*', element: <TopicsEmptyState service={withEndpoints} canEdit={canEdit} /> }],
    '/service/svc-9/topics/',
  );
}

describe('TopicsEmptyState', () => {
  it("shows the exact mosquitto_pub command for this service's host and port, and where a token comes from", () => {
    renderEmptyState(true);
    expect(screen.getByTestId('first-topic-command')).toHaveTextContent(
      `mosquitto_pub -h localhost -p 21890 -u token -P '<ACCESS_TOKEN>' -t herald/first-topic -m '{"hello":"world"}' -q 1 -r`,
    );
    expect(screen.getByRole('button', { name: 'Copy Publish a first topic' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'API token page' })).toHaveAttribute(
      'href',
      '/service/svc-9/api-token',
    );
    expect(screen.getByRole('button', { name: 'Add topic' })).toBeEnabled();
  });

  it('offers no Add topic to a User', () => {
    renderEmptyState(false);
    expect(screen.getByTestId('first-topic-command')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add topic' })).not.toBeInTheDocument();
  });
});

function events(from: number, to: number): TimeSeriesEvent[] {
  return Array.from({ length: to - from + 1 }, (_, index) => ({
    sequence: from + index,
    timestamp: new Date(Date.UTC(2026, 10, 24, 1, 0, from + index)).toISOString(),
    value: { reading: from + index },
  }));
}

describe('TimeSeriesEvents', () => {
  it('shows every retained event newest first with its sequence number, reading all pages, and shows more', async () => {
    const api = mockApi(
      handle(routes.getTimeSeriesEvents, (request) =>
        request.searchParams.get('after') === null
          ? { status: 200, body: { path: 'ts', events: events(5, 1004), hasMore: true } }
          : { status: 200, body: { path: 'ts', events: events(1005, 1010), hasMore: false } },
      ),
    );
    vi.stubGlobal('fetch', api.fetch);
    renderWithProviders(<TimeSeriesEvents serviceId="svc-1" path="ts" />);
    const table = await screen.findByRole('table', { name: 'Events of ts' });
    expect(screen.getByText('1,006 retained events, newest first.')).toBeVisible();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(50);
    expect(rows[0]).toHaveTextContent('1010');
    expect(rows[0]).toHaveTextContent('{"reading":1010}');
    expect(rows[49]).toHaveTextContent('961');
    expect(api.requestsTo(routes.getTimeSeriesEvents).map((request) => request.url)).toEqual([
      '/v3/service/svc-1/topic/events?path=ts&limit=1000',
      '/v3/service/svc-1/topic/events?path=ts&limit=1000&after=1004',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Show more (956 older)' }));
    expect(within(table).getAllByRole('row')).toHaveLength(101);
  });

  it('says when there are no events', async () => {
    const api = mockApi(
      handle(routes.getTimeSeriesEvents, () => ({
        status: 200,
        body: { path: 'ts', events: [], hasMore: false },
      })),
    );
    vi.stubGlobal('fetch', api.fetch);
    renderWithProviders(<TimeSeriesEvents serviceId="svc-1" path="ts" />);
    expect(await screen.findByText('No events yet.')).toBeVisible();
  });
});
