import { routes } from '@herald/contract/api/routes';
import { KAFKA_MESSAGES } from '@herald/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, handle } from '../../../testing/api-mock';
import { buildService } from '../../../testing/factories';
import {
  buildAdapter,
  buildState,
  renderKafka,
  type KafkaServerState,
} from '../testing/kafka-factories';

afterEach(() => vi.restoreAllMocks());

function server(overrides: Partial<KafkaServerState> = {}): KafkaServerState {
  return { adapters: [buildAdapter()], state: buildState(), ...overrides };
}

describe('Kafka → the adapter list', () => {
  it('lists each adapter with its summary and live state', async () => {
    renderKafka('/service/svc-1/kafka', server());
    const table = await screen.findByRole('table', { name: 'Kafka adapters' });
    const row = within(table).getByRole('link', { name: 'Orders' }).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Orders' })).toHaveAttribute(
      'href',
      '/service/svc-1/kafka/ka-1',
    );
    expect(within(row).getByText('ka-1')).toBeVisible();
    expect(within(row).getByText('1 cluster · 1 publisher · 1 subscriber')).toBeVisible();
    expect(await within(row).findByText('Connected to Kafka')).toBeVisible();
    expect(within(row).getByText('In 4.5/s · Out 2/s')).toBeVisible();
    expect(within(row).getByText('12')).toBeVisible();
    expect(within(row).getByText('1.0')).toBeVisible();
  });

  it('skips a record without a label, with the section 8 warning in the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const partial = buildAdapter({ id: 'ka-2', label: undefined });
    renderKafka('/service/svc-1/kafka', server({ adapters: [buildAdapter(), partial] }));
    const table = await screen.findByRole('table', { name: 'Kafka adapters' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).queryByText('ka-2')).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(KAFKA_MESSAGES.partialAdapterRecord, partial);
  });

  it('shows a disabled adapter as Disabled and does not ask for its state', async () => {
    const { api } = renderKafka(
      '/service/svc-1/kafka',
      server({ adapters: [buildAdapter({ active: false })] }),
    );
    expect(await screen.findByText('Disabled')).toBeVisible();
    expect(api.requestsTo(routes.getKafkaAdapterState)).toHaveLength(0);
  });

  it('creates an adapter and opens it once the server returned its id', async () => {
    const state = server({ adapters: [] });
    const { api, router } = renderKafka('/service/svc-1/kafka', state, [
      handle(routes.createKafkaAdapter, (request) => {
        state.adapters = [
          buildAdapter({ id: 'ka-9', label: 'Trades', kafkaClusterConfigs: [], kafkaServices: [] }),
        ];
        expect(request.json).toEqual({
          label: 'Trades',
          reconnectInterval: 10000,
          haEnabled: true,
        });
        return { status: 201, body: { id: 'ka-9' } };
      }),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Create adapter' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a Kafka adapter' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Name' }), 'Trades');
    const interval = dialog.getByRole('textbox', { name: 'Reconnect interval (ms)' });
    await userEvent.clear(interval);
    await userEvent.type(interval, '10000');
    await userEvent.click(dialog.getByRole('switch', { name: /High availability/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create adapter' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Trades' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/service/svc-1/kafka/ka-9');
    expect(api.requestsTo(routes.createKafkaAdapter)).toHaveLength(1);
  });

  it.each([
    [
      402,
      KAFKA_MESSAGES.noPaymentMethod,
      'The adapter was not created',
      KAFKA_MESSAGES.noPaymentMethod,
    ],
    [
      400,
      KAFKA_MESSAGES.freeTierNotPermitted,
      'The adapter was not created',
      KAFKA_MESSAGES.freeTierNotPermitted,
    ],
    [
      400,
      KAFKA_MESSAGES.freeTrialSingleAdapter,
      'The adapter was not created',
      KAFKA_MESSAGES.freeTrialSingleAdapter,
    ],
    [
      500,
      'Failed to connect to the adapter check',
      'Warning',
      KAFKA_MESSAGES.adapterCheckFailed.replace('WARNING: ', ''),
    ],
  ])('shows a %s refusal as section 8 says', async (status, serverMessage, title, shown) => {
    renderKafka('/service/svc-1/kafka', server({ adapters: [] }), [
      handle(routes.createKafkaAdapter, () => apiErrorResponse(status, serverMessage)),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Create adapter' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a Kafka adapter' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Name' }), 'Trades');
    await userEvent.click(dialog.getByRole('button', { name: 'Create adapter' }));
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent(title);
    expect(alert).toHaveTextContent(shown);
  });

  it('says a service older than 6.9 has no Kafka adapters, and asks nothing', async () => {
    const { api } = renderKafka('/service/svc-1/kafka', server(), [], {
      service: buildService({ heraldVersion: '6.8.4' }),
    });
    expect(
      await screen.findByText(/^Kafka adapters need service version 6.9 or later/),
    ).toBeVisible();
    expect(api.requestsTo(routes.listKafkaAdapters)).toHaveLength(0);
  });

  it('refuses an empty name before calling the server', async () => {
    const { api } = renderKafka('/service/svc-1/kafka', server({ adapters: [] }));
    await userEvent.click(await screen.findByRole('button', { name: 'Create adapter' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a Kafka adapter' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create adapter' }));
    expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(/Label/);
    await waitFor(() => expect(api.requestsTo(routes.createKafkaAdapter)).toHaveLength(0));
  });
});
