import { routes } from '@herald/contract/api/routes';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handle } from '../../../testing/api-mock';
import { renderServicePage } from '../../../testing/render-service-page';
import { buildLogEntry, buildLogPage, LOG_BASE_TIME } from '../testing/log-factories';

afterEach(() => vi.unstubAllGlobals());

describe('the adapter logs', () => {
  it('lists the Kafka adapters with logs, each opening its own log', async () => {
    const { api } = renderServicePage('/service/svc-1/logs/kafka', {
      handlers: [
        handle(routes.getLogSources, () => ({
          status: 200,
          body: {
            kafkaAdapters: [
              { adapterId: 'k1', lastLogAt: LOG_BASE_TIME },
              { adapterId: 'k2', lastLogAt: LOG_BASE_TIME },
            ],
            restAdapter: null,
          },
        })),
        handle(routes.getKafkaAdapterLogs, () => ({ status: 200, body: buildLogPage(2, 1) })),
      ],
    });
    const list = await screen.findByRole('list', { name: 'Kafka adapters with logs' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['k1', 'k2']);
    await userEvent.click(within(list).getByRole('link', { name: 'k2' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Kafka adapter k2' }),
    ).toBeVisible();
    await screen.findByRole('list', { name: 'Log entries' });
    expect(api.requestsTo(routes.getKafkaAdapterLogs).map((request) => request.url)).toEqual([
      '/v3/service/svc-1/logs/kafka-adapter/k2?limit=100',
    ]);
    expect(screen.getByRole('link', { name: 'Kafka adapters' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('says when no Kafka adapter has written logs', async () => {
    renderServicePage('/service/svc-1/logs/kafka', {
      handlers: [
        handle(routes.getLogSources, () => ({
          status: 200,
          body: { kafkaAdapters: [], restAdapter: null },
        })),
      ],
    });
    expect(await screen.findByText('No Kafka adapter has written logs yet')).toBeVisible();
  });

  it("shows the REST adapter's log, empty until it writes", async () => {
    const { api } = renderServicePage('/service/svc-1/logs/rest', {
      handlers: [
        handle(routes.getRestAdapterLogs, () => ({ status: 200, body: buildLogPage(0, 1) })),
      ],
    });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'REST adapter log' }),
    ).toBeVisible();
    expect(await screen.findByText('No log entries yet')).toBeVisible();
    expect(api.requestsTo(routes.getRestAdapterLogs)).toHaveLength(1);
  });

  it('shows the event log', async () => {
    renderServicePage('/service/svc-1/logs/events', {
      handlers: [
        handle(routes.getEventLogs, () => ({
          status: 200,
          body: {
            ...buildLogPage(0, 1),
            logDetails: [buildLogEntry(9, { message: 'The service is running' })],
          },
        })),
      ],
    });
    expect(await screen.findByText('The service is running')).toBeVisible();
  });
});

describe('a member without the right to read the runtime log', () => {
  it('is told why and pointed to the event log, with no call refused', async () => {
    const { api } = renderServicePage('/service/svc-1/logs/service', {
      roles: ['User'],
      handlers: [handle(routes.getEventLogs, () => ({ status: 200, body: buildLogPage(1, 1) }))],
    });
    expect(await screen.findByText('Only Owners and Admins can read this log')).toBeVisible();
    expect(api.requestsTo(routes.getServiceLogs)).toHaveLength(0);
    await userEvent.click(screen.getByRole('link', { name: 'event log' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Events' })).toBeVisible();
    await screen.findByRole('list', { name: 'Log entries' });
  });
});
