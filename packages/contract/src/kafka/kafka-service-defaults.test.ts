import { describe, expect, it } from 'vitest';
import {
  kafkaClusterInputSchema,
  kafkaPublisherInputSchema,
  kafkaSubscriberInputSchema,
} from './kafka-adapter.schema';
import { KAFKA_PUBLISHER_DEFAULTS, KAFKA_SUBSCRIBER_DEFAULTS } from './kafka-service-defaults';

const minimalSubscriber = {
  label: 'Prices in',
  kafkaTopics: ['prices'],
  consumerGroupId: 'herald',
};
const minimalPublisher = { label: 'Prices out', framework: { heraldTopicSelector: '?prices//' } };

describe('a subscriber request that leaves settings out', () => {
  it('gets every default of KAFKA_SUBSCRIBER_DEFAULTS', () => {
    expect(kafkaSubscriberInputSchema.parse(minimalSubscriber)).toEqual({
      ...minimalSubscriber,
      ...KAFKA_SUBSCRIBER_DEFAULTS,
      payloadConverters: [],
    });
  });

  it('keeps the settings it sends', () => {
    const parsed = kafkaSubscriberInputSchema.parse({
      ...minimalSubscriber,
      consumerCount: 4,
      pollTimeout: 250,
      framework: { publicationRetries: 0 },
    });
    expect(parsed).toMatchObject({
      consumerCount: 4,
      pollTimeout: 250,
      framework: { publicationRetries: 0, retryIntervalMs: 1_000 },
    });
  });

  it.each([
    [{ consumerCount: 0 }, ['consumerCount'], 'Consumer count must be a whole number from 1 to 64'],
    [
      { consumerCount: 1.5 },
      ['consumerCount'],
      'Consumer count must be a whole number from 1 to 64',
    ],
    [
      { pollTimeout: 60_001 },
      ['pollTimeout'],
      'Poll timeout must be a whole number from 1 to 60000 ms',
    ],
    [
      { framework: { publicationRetries: 101 } },
      ['framework', 'publicationRetries'],
      'Publication retries must be a whole number from 0 to 100',
    ],
    [
      { framework: { retryIntervalMs: -1 } },
      ['framework', 'retryIntervalMs'],
      'Retry interval must be a whole number from 0 to 3600000 ms',
    ],
    [
      { heraldTopicPattern: 'kafka/${offset}' },
      ['heraldTopicPattern'],
      'Pattern "kafka/${offset}" uses the unknown placeholder "${offset}"; the placeholders are ${topic}, ${partition}, ${key}',
    ],
    [
      { heraldTopicPattern: 'kafka/#' },
      ['heraldTopicPattern'],
      'Pattern "kafka/#" gives an invalid topic: Topic path "kafka/#" must not contain +, # or a NUL character',
    ],
  ])('refuses %o at %o: %s', (change, path, message) => {
    const result = kafkaSubscriberInputSchema.safeParse({ ...minimalSubscriber, ...change });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path, message })]);
  });
});

describe('a publisher request that leaves settings out', () => {
  it('gets every default of KAFKA_PUBLISHER_DEFAULTS', () => {
    expect(kafkaPublisherInputSchema.parse(minimalPublisher)).toEqual({
      ...KAFKA_PUBLISHER_DEFAULTS,
      ...minimalPublisher,
      framework: { ...KAFKA_PUBLISHER_DEFAULTS.framework, ...minimalPublisher.framework },
      payloadConverters: [],
    });
  });

  it.each([
    [
      { kafkaTopicPattern: 'out/${topic}' },
      ['kafkaTopicPattern'],
      'Pattern "out/${topic}" gives an invalid Kafka topic: Kafka topic name "out/sample" contains "/"; Kafka allows only letters, digits, ".", "_" and "-"',
    ],
    [
      { framework: { heraldTopicSelector: 'x', updateTimeoutMs: 0 } },
      ['framework', 'updateTimeoutMs'],
      'Update timeout must be a whole number from 1 to 3600000 ms',
    ],
  ])('refuses %o at %o: %s', (change, path, message) => {
    const result = kafkaPublisherInputSchema.safeParse({ ...minimalPublisher, ...change });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path, message })]);
  });
});

describe('payload converters in a request', () => {
  it('refuses a chain whose steps cannot follow each other, at the step', () => {
    const result = kafkaPublisherInputSchema.safeParse({
      ...minimalPublisher,
      payloadConverters: [{ name: '$JSON_to_String' }, { name: '$JSON_to_String' }],
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['payloadConverters', 1],
        message:
          'Converter 2 ($JSON_to_String) takes json, but the converter before it gives string',
      }),
    ]);
  });

  it('refuses an unknown converter on a subscriber', () => {
    const result = kafkaSubscriberInputSchema.safeParse({
      ...minimalSubscriber,
      payloadConverters: [{ name: 'csv' }],
    });
    expect(result.error?.issues[0]).toMatchObject({ path: ['payloadConverters', 0] });
  });

  it('accepts CSV with headers on a subscriber', () => {
    const converters = [{ name: '$CSV_to_JSON', parameters: { headers: ['bid', 'ask'] } }];
    const parsed = kafkaSubscriberInputSchema.parse({
      ...minimalSubscriber,
      payloadConverters: converters,
    });
    expect(parsed.payloadConverters).toEqual(converters);
  });
});

describe('a cluster request', () => {
  const cluster = {
    label: 'Main',
    kafkaBrokerAddresses: ['broker:9092'],
    authentication: { securityProtocol: 'plaintext' },
  };

  it.each([
    ['http://registry:8081', true],
    ['https://registry.example:443/base', true],
    ['registry:8081', false],
    ['ftp://registry', false],
    ['not a url', false],
  ])('schema registry url %s valid: %s', (url, valid) => {
    const result = kafkaClusterInputSchema.safeParse({
      ...cluster,
      configuration: { 'schema.registry.url': url },
    });
    expect(result.success).toBe(valid);
    if (!valid) {
      expect(result.error?.issues[0]).toMatchObject({
        path: ['configuration', 'schema.registry.url'],
        message: 'The schema registry url must be an http:// or https:// address',
      });
    }
  });
});
