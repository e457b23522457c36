import { describe, expect, it } from 'vitest';
import { KAFKA_MESSAGES } from '../messages';
import {
  adapterCounts,
  adapterCountsText,
  adapterLiveSummary,
  rateText,
  readableAdapters,
} from './kafka-adapter-list';
import type { KafkaAdapterState } from './kafka-adapter-state';
import type { KafkaAdapterRecord } from './kafka-adapter.schema';

function record(overrides: Partial<KafkaAdapterRecord> = {}): KafkaAdapterRecord {
  return {
    id: 'ka-1',
    version: '1.0',
    label: 'Orders',
    reconnectInterval: 5000,
    active: true,
    haEnabled: false,
    kafkaClusterConfigs: [],
    kafkaServices: [],
    ...overrides,
  };
}

const cluster = (id: string) => ({
  id,
  label: id,
  kafkaBrokerAddresses: ['localhost:9092'],
  configuration: {},
  authentication: { securityProtocol: 'plaintext' as const },
});

function state(overrides: Partial<KafkaAdapterState> = {}): KafkaAdapterState {
  return {
    running: true,
    status: 'RUNNING',
    clusters: [],
    subscribers: [],
    publishers: [],
    ...overrides,
  };
}

describe('records without a label (sections 3 and 8)', () => {
  it.each([
    ['no label', { label: undefined }],
    ['an empty label', { label: '' }],
    ['a blank label', { label: '   ' }],
  ])('skips a record with %s and names the warning', (_, overrides) => {
    const skipped = record({ id: 'ka-2', ...overrides });
    const result = readableAdapters([record(), skipped]);
    expect(result.adapters.map((adapter) => adapter.id)).toEqual(['ka-1']);
    expect(result.skipped).toEqual([skipped]);
    expect(result.warning).toBe(KAFKA_MESSAGES.partialAdapterRecord);
  });

  it('keeps every labelled record, in order', () => {
    const result = readableAdapters([record({ id: 'b' }), record({ id: 'a' })]);
    expect(result.adapters.map((adapter) => adapter.id)).toEqual(['b', 'a']);
    expect(result.skipped).toEqual([]);
  });
});

describe('the summary counts', () => {
  it('counts clusters, publishers and subscribers', () => {
    const publisher = {
      id: 'p1',
      type: 'PUBLISHING_SERVICE' as const,
      clusterId: 'c1',
      label: 'Out',
      kafkaTopicPattern: '${topic}',
      keyValue: null,
      valueType: 'STRING' as const,
      framework: { heraldTopicSelector: '?a//', updateTimeoutMs: 1000 },
      payloadConverters: [],
    };
    const counts = adapterCounts(
      record({
        kafkaClusterConfigs: [cluster('c1'), cluster('c2')],
        kafkaServices: [publisher, { ...publisher, id: 'p2' }],
      }),
    );
    expect(counts).toEqual({ clusters: 2, publishers: 2, subscribers: 0 });
    expect(adapterCountsText(counts)).toBe('2 clusters · 2 publishers · 0 subscribers');
    expect(adapterCountsText({ clusters: 1, publishers: 1, subscribers: 1 })).toBe(
      '1 cluster · 1 publisher · 1 subscriber',
    );
  });
});

describe('the live status in words', () => {
  const two = [cluster('c1'), cluster('c2')];
  it.each([
    ['disabled', { active: false, kafkaClusterConfigs: two }, state(), 'disabled', 'Disabled'],
    [
      'waiting for the state',
      { active: true, kafkaClusterConfigs: two },
      undefined,
      'checking',
      'Checking…',
    ],
    [
      'not running',
      { active: true, kafkaClusterConfigs: two },
      state({ running: false }),
      'stopped',
      'Starting or restarting',
    ],
    [
      'no cluster',
      { active: true, kafkaClusterConfigs: [] },
      state(),
      'none',
      'Running, no cluster yet',
    ],
    [
      'every cluster connected',
      { active: true, kafkaClusterConfigs: two },
      state({
        clusters: [
          { id: 'c1', connected: true },
          { id: 'c2', connected: true },
        ],
      }),
      'connected',
      'Connected to Kafka',
    ],
    [
      'one of two',
      { active: true, kafkaClusterConfigs: two },
      state({
        clusters: [
          { id: 'c1', connected: true },
          { id: 'c2', connected: false },
        ],
      }),
      'partly',
      'Connected to 1 of 2 clusters',
    ],
    [
      'none connected',
      { active: true, kafkaClusterConfigs: two },
      state({ clusters: [{ id: 'c1', connected: false, error: 'refused' }] }),
      'none',
      'Not connected to Kafka',
    ],
  ] as const)('%s', (_, adapter, live, health, words) => {
    expect(adapterLiveSummary(adapter, live)).toMatchObject({ health, words });
  });

  it('adds up the rates of each direction', () => {
    const summary = adapterLiveSummary(
      { active: true, kafkaClusterConfigs: [cluster('c1')] },
      state({
        subscribers: [
          { id: 's1', lag: 3, ratePerSecond: 2.5, samples: [] },
          { id: 's2', lag: 0, ratePerSecond: 1, samples: [] },
        ],
        publishers: [{ id: 'p1', produced: 10, failed: 0, buffered: 0, ratePerSecond: 4 }],
      }),
    );
    expect(summary).toMatchObject({ inPerSecond: 3.5, outPerSecond: 4 });
  });

  it.each([
    [null, '–'],
    [0, '0/s'],
    [3.25, '3.3/s'],
    [1234.4, '1,234/s'],
  ])('shows the rate %s as %s', (rate, text) => {
    expect(rateText(rate)).toBe(text);
  });
});
