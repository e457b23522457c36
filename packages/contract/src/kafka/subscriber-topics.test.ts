import { describe, expect, it } from 'vitest';
import { checkTopicProperties } from '../topics/topic-properties';
import type { SubscriberTopicProperties } from './kafka-adapter.schema';
import { subscriberTopicSpec, topicParents, type SubscriberValueKind } from './subscriber-topics';

const base: SubscriberTopicProperties = {
  persistencePolicy: 'SERVER',
  timeSeries: false,
  timeSeriesRetainedRange: null,
  timeSeriesSubscriptionRange: null,
  publishesValueOnly: false,
  doNotRetainValue: false,
};

describe('subscriberTopicSpec', () => {
  const cases: [string, Partial<SubscriberTopicProperties>, SubscriberValueKind, unknown][] = [
    [
      'defaults, a JSON value',
      {},
      'json',
      {
        type: 'JSON',
        properties: {
          PERSISTENT: 'true',
          PUBLISH_VALUES_ONLY: 'false',
          DONT_RETAIN_VALUE: 'false',
        },
      },
    ],
    [
      'NONE persistence, value only, not retained, a string',
      { persistencePolicy: 'NONE', publishesValueOnly: true, doNotRetainValue: true },
      'string',
      {
        type: 'STRING',
        properties: { PERSISTENT: 'false', PUBLISH_VALUES_ONLY: 'true', DONT_RETAIN_VALUE: 'true' },
      },
    ],
    [
      'SESSION persistence is memory only',
      { persistencePolicy: 'SESSION' },
      'long',
      {
        type: 'INT64',
        properties: {
          PERSISTENT: 'false',
          PUBLISH_VALUES_ONLY: 'false',
          DONT_RETAIN_VALUE: 'false',
        },
      },
    ],
    [
      'a double',
      {},
      'number',
      {
        type: 'DOUBLE',
        properties: {
          PERSISTENT: 'true',
          PUBLISH_VALUES_ONLY: 'false',
          DONT_RETAIN_VALUE: 'false',
        },
      },
    ],
    [
      'a time series with both ranges, bytes',
      {
        timeSeries: true,
        timeSeriesRetainedRange: ' limit 50 ',
        timeSeriesSubscriptionRange: 'last 5m',
        doNotRetainValue: true,
      },
      'bytes',
      {
        type: 'TIME_SERIES',
        properties: {
          PERSISTENT: 'true',
          PUBLISH_VALUES_ONLY: 'false',
          TIME_SERIES_EVENT_VALUE_TYPE: 'BINARY',
          TIME_SERIES_RETAINED_RANGE: 'limit 50',
          TIME_SERIES_SUBSCRIPTION_RANGE: 'last 5m',
        },
      },
    ],
    [
      'a time series without ranges keeps our defaults',
      { timeSeries: true, timeSeriesRetainedRange: '', timeSeriesSubscriptionRange: null },
      'json',
      {
        type: 'TIME_SERIES',
        properties: {
          PERSISTENT: 'true',
          PUBLISH_VALUES_ONLY: 'false',
          TIME_SERIES_EVENT_VALUE_TYPE: 'JSON',
        },
      },
    ],
  ];
  it.each(cases)('%s', (_name, settings, kind, expected) => {
    const spec = subscriberTopicSpec({ ...base, ...settings }, kind);
    expect(spec).toEqual(expected);
    // Whatever it gives, the runtime accepts (the same check its admin API runs).
    expect(checkTopicProperties(spec.type, spec.properties)).toEqual({ ok: true });
  });
});

describe('topicParents', () => {
  it.each([
    ['kafka/orders/0', ['kafka', 'kafka/orders']],
    ['single', []],
    ['a/b', ['a']],
    ['/lead/x', ['/lead']],
    ['a//b', ['a']],
  ])('%s → %j', (path, parents) => {
    expect(topicParents(path)).toEqual(parents);
  });
});
