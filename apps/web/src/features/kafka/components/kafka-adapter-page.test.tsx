import { routes } from '@herald/contract/api/routes';
import { HIDDEN_PASSWORD_PLACEHOLDER } from '@herald/contract/constants';
import { KAFKA_MESSAGES, SUCCESS_MESSAGES } from '@herald/contract/messages';
import { InMemoryProvider, OpenFeature } from '@openfeature/react-sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, handle } from '../../../testing/api-mock';
import { jsonResponse } from '../../../testing/fetch-mock';
import {
  buildAdapter,
  buildCluster,
  buildState,
  renderKafka,
  type KafkaServerState,
} from '../testing/kafka-factories';

const scheduledUpdateOn = () =>
  OpenFeature.setProviderAndWait(
    new InMemoryProvider({
      'dashboard.kafka.scheduledUpdate': {
        variants: { on: true, off: false },
        defaultVariant: 'on',
        disabled: false,
      },
    }),
  );

const metadata = handle(routes.getMetadata, () => ({
  status: 200,
  body: {
    tiers: [],
    heraldVersions: [{ tag: '6.9.2' }],
    adapterVersions: [
      {
        tag: '1.1',
        type: 'kafka-gateway' as const,
        eol: false,
        minHeraldVersion: '6.9',
        maxHeraldVersion: null,
      },
    ],
    latestHeraldVersion: '6.11',
    regions: [],
  },
}));

async function chooseVersionAndTime(dialog: ReturnType<typeof within>) {
  await userEvent.click(dialog.getByLabelText('New version', { selector: 'input' }));
  await userEvent.click(await screen.findByRole('option', { name: '1.1' }));
  // datetime-local takes its value typed whole.
  await userEvent.type(dialog.getByLabelText('Upgrade at'), '2030-01-01T12:00');
}

afterEach(async () => {
  vi.restoreAllMocks();
  await OpenFeature.setProviderAndWait(new InMemoryProvider({}));
});

function server(overrides: Partial<KafkaServerState> = {}): KafkaServerState {
  return { adapters: [buildAdapter()], state: buildState(), ...overrides };
}

const page = '/service/svc-1/kafka/ka-1';

async function clusterCard(name = 'Main cluster') {
  return within(await screen.findByRole('region', { name }));
}

describe('Kafka → an adapter', () => {
  it('disables only once the server call succeeded, and says so from its answer', async () => {
    const state = server();
    let answer: 'fail' | 'ok' = 'fail';
    renderKafka(page, state, [
      handle(routes.disableKafkaAdapter, () => {
        if (answer === 'fail') return apiErrorResponse(500, 'Internal error');
        state.adapters = [buildAdapter({ active: false })];
        return { status: 200, body: { id: 'ka-1', active: false } };
      }),
    ]);
    expect(await screen.findByRole('link', { name: "This adapter's log" })).toHaveAttribute(
      'href',
      '/service/svc-1/logs/kafka/ka-1',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Disable' }));
    expect(
      await screen.findByText('An error was encountered in changing the adapter'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Disable' })).toBeVisible();
    answer = 'ok';
    await userEvent.click(screen.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByRole('button', { name: 'Enable' })).toBeVisible();
    expect(screen.getAllByText('Disabled')[0]).toBeVisible();
  });

  it('saves a cluster with the section 3 conversions, keeping the stored password', async () => {
    const { api } = renderKafka(page, server(), [
      handle(routes.updateKafkaCluster, () => ({ status: 200, body: buildCluster() })),
    ]);
    await userEvent.click((await clusterCard()).getByRole('button', { name: 'Edit cluster' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Edit cluster "Main cluster"' }),
    );
    expect(dialog.getByLabelText('Password')).toHaveValue(HIDDEN_PASSWORD_PLACEHOLDER);
    expect(dialog.getByRole('textbox', { name: 'Broker addresses' })).toHaveValue(
      'broker-1:9092, broker-2:9092',
    );
    const brokers = dialog.getByRole('textbox', { name: 'Broker addresses' });
    await userEvent.clear(brokers);
    await userEvent.type(brokers, 'k1:9092,k2:9093,');
    await userEvent.click(dialog.getByRole('button', { name: 'Save cluster' }));
    expect(
      await screen.findByText(SUCCESS_MESSAGES.configurationSaved('Main cluster')),
    ).toBeVisible();
    expect(api.requestsTo(routes.updateKafkaCluster).map((request) => request.json)).toEqual([
      {
        label: 'Main cluster',
        kafkaBrokerAddresses: ['k1:9092', 'k2:9093'],
        configuration: {},
        authentication: {
          securityProtocol: 'sasl_plaintext',
          saslMechanism: 'PLAIN',
          userName: 'ada',
        },
      },
    ]);
  });

  it('shows a configuration that is not JSON on its field, and sends nothing', async () => {
    const { api } = renderKafka(page, server());
    await userEvent.click((await clusterCard()).getByRole('button', { name: 'Edit cluster' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Edit cluster "Main cluster"' }),
    );
    const configuration = dialog.getByRole('textbox', { name: 'Configuration' });
    await userEvent.clear(configuration);
    await userEvent.type(configuration, '{{ "linger.ms": ');
    await userEvent.click(dialog.getByRole('button', { name: 'Save cluster' }));
    expect(configuration).toHaveAccessibleDescription(/Configuration is not valid JSON/);
    expect(api.requestsTo(routes.updateKafkaCluster)).toHaveLength(0);
  });

  it('tests the connection: true is a success, the failed-to-test error is the failure text', async () => {
    let reachable = true;
    const { api } = renderKafka(page, server(), [
      handle(routes.testKafkaConnection, () =>
        reachable
          ? { status: 200 as const, body: true as const }
          : apiErrorResponse(400, `${KAFKA_MESSAGES.failedToTestConnection}: connect ECONNREFUSED`),
      ),
    ]);
    await userEvent.click((await clusterCard()).getByRole('button', { name: 'Edit cluster' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Edit cluster "Main cluster"' }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Test connection' }));
    expect(await dialog.findByText('Connection successful: the cluster answered.')).toBeVisible();
    reachable = false;
    await userEvent.click(dialog.getByRole('button', { name: 'Test connection' }));
    expect(
      await dialog.findByText(
        `Could not connect: ${KAFKA_MESSAGES.failedToTestConnection}: connect ECONNREFUSED`,
      ),
    ).toBeVisible();
    expect(api.requestsTo(routes.testKafkaConnection)[0]?.json).toEqual({
      label: 'Main cluster',
      kafkaBrokerAddresses: ['broker-1:9092', 'broker-2:9092'],
      authentication: {
        securityProtocol: 'sasl_plaintext',
        saslMechanism: 'PLAIN',
        userName: 'ada',
      },
      clusterId: 'c-1',
      kafkaAdapterId: 'ka-1',
    });
  });

  it('adds a subscriber with comma-separated topics and upper-cased types', async () => {
    const { api } = renderKafka(page, server(), [
      handle(routes.createKafkaSubscriber, () => ({ status: 201, body: { id: 's-2' } })),
    ]);
    await userEvent.click((await clusterCard()).getByRole('button', { name: 'Add subscriber' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a subscriber' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Name' }), 'Orders in');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Kafka topics' }), 'orders, refunds');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Consumer group id' }), 'g1');
    await userEvent.click(dialog.getByLabelText('Value type', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'json' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save subscriber' }));
    expect(await screen.findByText(SUCCESS_MESSAGES.subscriberSaved('Orders in'))).toBeVisible();
    expect(api.requestsTo(routes.createKafkaSubscriber)[0]?.json).toMatchObject({
      label: 'Orders in',
      kafkaTopics: ['orders', 'refunds'],
      consumerGroupId: 'g1',
      keyType: 'STRING',
      valueType: 'JSON',
    });
  });

  it('adds a publisher and names a missing selector', async () => {
    const { api } = renderKafka(page, server(), [
      handle(routes.createKafkaPublisher, () => ({ status: 201, body: { id: 'p-2' } })),
    ]);
    await userEvent.click((await clusterCard()).getByRole('button', { name: 'Add publisher' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a publisher' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Name' }), 'Out');
    await userEvent.click(dialog.getByRole('button', { name: 'Save publisher' }));
    const selector = dialog.getByRole('textbox', { name: 'Topic selector' });
    expect(selector).toHaveAccessibleDescription(/Topic selector/);
    await userEvent.type(selector, '?sensors//');
    await userEvent.click(dialog.getByRole('button', { name: 'Save publisher' }));
    expect(await screen.findByText(SUCCESS_MESSAGES.publisherSaved('Out'))).toBeVisible();
    expect(api.requestsTo(routes.createKafkaPublisher).map((request) => request.json)).toEqual([
      {
        label: 'Out',
        kafkaTopicPattern: '${topic}',
        keyValue: null,
        valueType: 'STRING',
        framework: { heraldTopicSelector: '?sensors//', updateTimeoutMs: 30000 },
        payloadConverters: [],
      },
    ]);
  });

  it('deletes a subscriber after confirming, and it leaves the list', async () => {
    const state = server();
    renderKafka(page, state, [
      handle(routes.deleteKafkaSubscriber, () => {
        state.adapters = [buildAdapter({ kafkaServices: [] })];
        return { status: 204, body: undefined };
      }),
    ]);
    const card = await clusterCard();
    await userEvent.click(card.getByRole('button', { name: 'Delete "Prices in"' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Delete the subscriber "Prices in"?' }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(card.queryByText('Prices in')).not.toBeInTheDocument());
  });

  it('deletes the adapter after confirming and goes back to the list', async () => {
    const state = server();
    renderKafka(page, state, [
      handle(routes.deleteKafkaAdapter, () => {
        state.adapters = [];
        return { status: 204, body: undefined };
      }),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete adapter' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: /^Delete the adapter ".+"\?$/ }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/^No Kafka adapters yet/)).toBeInTheDocument();
    expect(screen.queryByText('Kafka adapter not found')).not.toBeInTheDocument();
  });

  it('shows the last records a subscriber consumed and the topic each became', async () => {
    const sample = {
      kafkaTopic: 'prices',
      partition: 2,
      offset: '41',
      key: 'EURUSD',
      topicPath: 'kafka/prices/2',
      value: '{"bid":1.08}',
      at: Date.UTC(2026, 10, 28, 6, 0),
    };
    renderKafka(
      page,
      server({
        state: buildState({
          subscribers: [{ id: 's-1', lag: 0, ratePerSecond: 1, samples: [sample] }],
        }),
      }),
    );
    const card = await clusterCard();
    await userEvent.click(await card.findByRole('button', { name: 'Sample of "Prices in"' }));
    const table = within(await screen.findByRole('table', { name: 'Last records of "Prices in"' }));
    expect(table.getByText('prices · partition 2 · offset 41')).toBeVisible();
    expect(table.getByText('EURUSD')).toBeVisible();
    expect(table.getByText('{"bid":1.08}')).toBeVisible();
    expect(table.getByRole('link', { name: 'kafka/prices/2' })).toHaveAttribute(
      'href',
      '/service/svc-1/topics/kafka/prices/2',
    );
  });

  it('offers only the adapter versions the service version admits, and reports the latest', async () => {
    const { api } = renderKafka(page, server(), [
      handle(routes.getMetadata, () => ({
        status: 200,
        body: {
          tiers: [],
          heraldVersions: [{ tag: '6.9.2' }],
          adapterVersions: [
            {
              tag: '1.0',
              type: 'kafka-gateway' as const,
              eol: false,
              minHeraldVersion: '6.9',
              maxHeraldVersion: null,
            },
            {
              tag: '0.9',
              type: 'kafka-gateway' as const,
              eol: true,
              minHeraldVersion: '6.6',
              maxHeraldVersion: null,
            },
            {
              tag: '2.0',
              type: 'kafka-gateway' as const,
              eol: false,
              minHeraldVersion: '6.10',
              maxHeraldVersion: null,
            },
            {
              tag: '1.1',
              type: 'rest-gateway' as const,
              eol: false,
              minHeraldVersion: '6.8',
              maxHeraldVersion: null,
            },
          ],
          latestHeraldVersion: '6.11',
          regions: [],
        },
      })),
      handle(routes.upgradeAdapter, () => ({
        status: 200,
        body: { upgradeType: 'latest' as const, version: '1.0' },
      })),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Upgrade "Orders"' }));
    await userEvent.click(dialog.getByLabelText('New version', { selector: 'input' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['1.0']);
    await userEvent.click(options[0] as HTMLElement);
    await userEvent.click(dialog.getByRole('button', { name: 'Upgrade now' }));
    expect(await screen.findByText(SUCCESS_MESSAGES.alreadyLatestAdapterVersion)).toBeVisible();
    expect(api.requestsTo(routes.upgradeAdapter)[0]?.url).toContain(
      '/adapters/kafka-gateway/ka-1/upgrade',
    );
  });

  it('shows a scheduled upgrade and cancels it', async () => {
    await scheduledUpdateOn();
    const { api } = renderKafka(page, server(), [
      handle(routes.getAdapterScheduledUpgrade, () => ({
        status: 200,
        body: {
          adapterId: 'ka-1',
          newVersion: '1.1',
          scheduledTimestamp: Date.UTC(2030, 0, 1, 12),
        },
      })),
      handle(routes.cancelAdapterScheduledUpgrade, () => ({ status: 204, body: undefined })),
    ]);
    const notice = within(await screen.findByRole('alert', { name: 'Upgrade scheduled' }));
    expect(notice.getByText(/Upgrade to version 1.1 on/)).toBeVisible();
    await userEvent.click(notice.getByRole('button', { name: 'Cancel scheduled upgrade' }));
    expect(await screen.findByText(SUCCESS_MESSAGES.adapterUpgradeCancelled)).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Upgrade scheduled')).not.toBeInTheDocument());
    expect(api.requestsTo(routes.cancelAdapterScheduledUpgrade)).toHaveLength(1);
  });

  it('schedules an upgrade at a chosen time (flag dashboard.kafka.scheduledUpdate)', async () => {
    await scheduledUpdateOn();
    const { api } = renderKafka(page, server(), [
      metadata,
      handle(routes.scheduleAdapterUpgrade, (request) => ({
        status: 200,
        body: {
          adapterId: 'ka-1',
          ...(request.json as { newVersion: string; scheduledTimestamp: number }),
        },
      })),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Upgrade "Orders"' }));
    await chooseVersionAndTime(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Schedule upgrade' }));
    expect(await screen.findByText(SUCCESS_MESSAGES.adapterUpgradeScheduled)).toBeVisible();
    expect(api.requestsTo(routes.scheduleAdapterUpgrade).map((request) => request.json)).toEqual([
      { newVersion: '1.1', scheduledTimestamp: new Date('2030-01-01T12:00').getTime() },
    ]);
    expect(await screen.findByRole('alert', { name: 'Upgrade scheduled' })).toHaveTextContent(
      'Upgrade to version 1.1 on',
    );
  });

  it('reports a schedule reply without version and timestamp (section 8)', async () => {
    await scheduledUpdateOn();
    renderKafka(page, server(), [
      metadata,
      handle(routes.scheduleAdapterUpgrade, () => jsonResponse(200, { adapterId: 'ka-1' })),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Upgrade "Orders"' }));
    await chooseVersionAndTime(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Schedule upgrade' }));
    expect(await screen.findByText(KAFKA_MESSAGES.unexpectedScheduledUpdateResponse)).toBeVisible();
  });

  it('offers no scheduled upgrade without the flag', async () => {
    const { api } = renderKafka(page, server(), [metadata]);
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Upgrade "Orders"' }));
    expect(dialog.getByRole('button', { name: 'Upgrade now' })).toBeVisible();
    expect(dialog.queryByRole('button', { name: 'Schedule upgrade' })).not.toBeInTheDocument();
    expect(api.requestsTo(routes.getAdapterScheduledUpgrade)).toHaveLength(0);
  });

  it('says so for an adapter id the service does not have', async () => {
    renderKafka('/service/svc-1/kafka/nope', server());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kafka adapter not found' }),
    ).toBeVisible();
  });
});
