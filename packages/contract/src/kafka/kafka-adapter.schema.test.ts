import { describe, expect, it } from 'vitest';
import {
  kafkaAdapterRecordSchema,
  kafkaAdapterSchema,
  kafkaServiceSchema,
  kafkaSubscriberInputSchema,
  upgradeAdapterResponseSchema,
} from './kafka-adapter.schema';

const subscriber = {
  label: 'Prices in',
  kafkaTopics: ['prices', 'trades'],
  consumerGroupId: 'herald-prices',
  consumerCount: 2,
  keyType: 'STRING',
  valueType: 'JSON',
  heraldTopicPattern: 'kafka/${topic}/${partition}',
  pollTimeout: 500,
  framework: { publicationRetries: 3, retryIntervalMs: 1000 },
  topicProperties: {
    persistencePolicy: 'SERVER',
    timeSeries: false,
    publishesValueOnly: false,
    doNotRetainValue: false,
  },
};

describe('a Kafka subscriber request', () => {
  it('defaults regexSubscription, createTopicHierarchy and payloadConverters', () => {
    expect(kafkaSubscriberInputSchema.parse(subscriber)).toMatchObject({
      regexSubscription: false,
      createTopicHierarchy: false,
      payloadConverters: [],
    });
  });

  it('takes a single regular expression when regexSubscription is on', () => {
    const body = { ...subscriber, regexSubscription: true, kafkaTopics: ['prices\\..*'] };
    expect(kafkaSubscriberInputSchema.safeParse(body).success).toBe(true);
  });

  it('rejects several entries for a regex subscription', () => {
    const result = kafkaSubscriberInputSchema.safeParse({ ...subscriber, regexSubscription: true });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['kafkaTopics'],
      message: 'A regex subscription has exactly one pattern',
    });
  });

  it('rejects an invalid regular expression', () => {
    const result = kafkaSubscriberInputSchema.safeParse({
      ...subscriber,
      regexSubscription: true,
      kafkaTopics: ['(['],
    });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['kafkaTopics', 0],
      message: 'Not a valid regular expression',
    });
  });

  it.each([
    ['lower-case value type', { valueType: 'json' }],
    ['no consumers', { consumerCount: 0 }],
    ['no topics', { kafkaTopics: [] }],
    [
      'an unknown persistence policy',
      { topicProperties: { ...subscriber.topicProperties, persistencePolicy: 'DISK' } },
    ],
  ])('rejects %s', (_case, change) => {
    expect(kafkaSubscriberInputSchema.safeParse({ ...subscriber, ...change }).success).toBe(false);
  });
});

describe('an adapter record from the API', () => {
  const record = {
    id: 'a1',
    version: '1.2.0',
    reconnectInterval: 5000,
    active: true,
    haEnabled: false,
    kafkaClusterConfigs: [],
    kafkaServices: [],
  };

  it('parses without a label, so the client can skip it with a warning (section 8)', () => {
    expect(kafkaAdapterRecordSchema.safeParse(record).success).toBe(true);
    expect(kafkaAdapterSchema.safeParse(record).success).toBe(false);
    expect(kafkaAdapterSchema.safeParse({ ...record, label: 'Main' }).success).toBe(true);
  });

  it('tells publishers and subscribers apart by type', () => {
    const publisher = {
      id: 'p1',
      type: 'PUBLISHING_SERVICE',
      clusterId: 'c1',
      label: 'Out',
      kafkaTopicPattern: '${topic}',
      keyValue: null,
      valueType: 'STRING',
      framework: { heraldTopicSelector: '?prices//', updateTimeoutMs: 0 },
      payloadConverters: [],
    };
    expect(kafkaServiceSchema.parse(publisher).type).toBe('PUBLISHING_SERVICE');
    expect(kafkaServiceSchema.safeParse({ ...publisher, type: 'OTHER' }).success).toBe(false);
  });
});

describe('the immediate upgrade reply', () => {
  it.each(['version', 'latest'])('accepts upgradeType %s', (upgradeType) => {
    expect(upgradeAdapterResponseSchema.safeParse({ upgradeType, version: '1.3.0' }).success).toBe(
      true,
    );
  });
});
