import { describe, expect, it } from 'vitest';
import { HIDDEN_PASSWORD_PLACEHOLDER } from '../constants';
import { KAFKA_MESSAGES } from '../messages';
import type { KafkaCluster, KafkaSubscriber } from './kafka-adapter.schema';
import {
  clusterFormValues,
  clusterRequest,
  connectionTestRequest,
  publisherFormValues,
  publisherRequest,
  subscriberFormValues,
  subscriberRequest,
} from './kafka-form-values';

const stored: KafkaCluster = {
  id: 'c1',
  label: 'Main',
  kafkaBrokerAddresses: ['k1:9092', 'k2:9092'],
  configuration: {
    'schema.registry.url': 'http://registry:8081',
    'basic.auth.user.info': `reg:${HIDDEN_PASSWORD_PLACEHOLDER}`,
  },
  authentication: {
    securityProtocol: 'sasl_ssl',
    saslMechanism: 'PLAIN',
    userName: 'ada',
    password: HIDDEN_PASSWORD_PLACEHOLDER,
  },
};

describe('the cluster form', () => {
  it('shows the API record with the section 3 conversions', () => {
    expect(clusterFormValues(stored)).toMatchObject({
      brokers: 'k1:9092, k2:9092',
      securityProtocol: 'SASL_SSL',
      saslMechanism: 'PLAIN',
      password: HIDDEN_PASSWORD_PLACEHOLDER,
    });
    expect(JSON.parse(clusterFormValues(stored).configuration)).toEqual(stored.configuration);
  });

  it('sends both placeholders as unchanged: no password, an empty registry password', () => {
    const result = clusterRequest(clusterFormValues(stored));
    expect(result).toEqual({
      ok: true,
      value: {
        label: 'Main',
        kafkaBrokerAddresses: ['k1:9092', 'k2:9092'],
        configuration: {
          'schema.registry.url': 'http://registry:8081',
          'basic.auth.user.info': 'reg:',
        },
        authentication: { securityProtocol: 'sasl_ssl', saslMechanism: 'PLAIN', userName: 'ada' },
      },
    });
  });

  it('sends a new password, and numbers of the configuration as text', () => {
    const result = clusterRequest({
      ...clusterFormValues(stored),
      password: 's3cret',
      configuration: '{ "linger.ms": 5 }',
    });
    expect(result.ok && result.value.authentication.password).toBe('s3cret');
    expect(result.ok && result.value.configuration).toEqual({ 'linger.ms': '5' });
  });

  it('drops the SASL fields for a protocol without SASL', () => {
    const result = clusterRequest({ ...clusterFormValues(stored), securityProtocol: 'SSL' });
    expect(result.ok && result.value.authentication).toEqual({ securityProtocol: 'ssl' });
  });

  it.each([
    ['configuration', { configuration: '{ "a": ' }, /^Configuration is not valid JSON: /],
    ['configuration', { configuration: '[1]' }, /must be a JSON object/],
    ['brokers', { brokers: '' }, /Add at least one broker address/],
    ['brokers', { brokers: 'k1' }, /A broker address is host:port/],
    ['label', { label: ' ' }, /Label/],
    ['userName', { userName: '' }, /User name is required/],
    ['saslMechanism', { saslMechanism: '' as const }, /SASL mechanism is required/],
  ])('names the field %s when it is wrong', (field, change, message) => {
    const result = clusterRequest({ ...clusterFormValues(stored), ...change });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[field as keyof typeof result.errors]).toMatch(message);
  });
});

describe('the connection test', () => {
  const adapters = [{ id: 'ka-1', kafkaClusterConfigs: [{ id: 'c1' }] }];

  it('names the saved cluster and its adapter, without the configuration', () => {
    const result = connectionTestRequest(clusterFormValues(stored), 'c1', adapters);
    expect(result).toEqual({
      ok: true,
      value: {
        label: 'Main',
        kafkaBrokerAddresses: ['k1:9092', 'k2:9092'],
        authentication: { securityProtocol: 'sasl_ssl', saslMechanism: 'PLAIN', userName: 'ada' },
        clusterId: 'c1',
        kafkaAdapterId: 'ka-1',
      },
    });
  });

  it('tests a new cluster by its form alone', () => {
    const result = connectionTestRequest(
      { ...clusterFormValues(), brokers: 'localhost:9092' },
      null,
      adapters,
    );
    expect(result).toEqual({
      ok: true,
      value: {
        kafkaBrokerAddresses: ['localhost:9092'],
        authentication: { securityProtocol: 'plaintext' },
      },
    });
  });

  it('refuses a cluster whose owning adapter is not known (section 8)', () => {
    expect(connectionTestRequest(clusterFormValues(stored), 'c9', adapters)).toEqual({
      ok: false,
      errors: { form: KAFKA_MESSAGES.clusterOwnerNotFound },
    });
  });
});

describe('the publisher form', () => {
  it('starts with the defaults and sends the value type upper-cased, an empty key as null', () => {
    const values = { ...publisherFormValues(), label: 'Out', heraldTopicSelector: '?sensors//' };
    expect(values).toMatchObject({
      kafkaTopicPattern: '${topic}',
      valueType: 'string',
      keyValue: '',
    });
    const result = publisherRequest({ ...values, valueType: 'json' });
    expect(result).toEqual({
      ok: true,
      value: {
        label: 'Out',
        kafkaTopicPattern: '${topic}',
        keyValue: null,
        valueType: 'JSON',
        framework: { heraldTopicSelector: '?sensors//', updateTimeoutMs: 30_000 },
        payloadConverters: [],
      },
    });
  });

  it('sends an Avro converter with its schema, and refuses a schema that is not JSON', () => {
    const values = {
      ...publisherFormValues(),
      label: 'Out',
      heraldTopicSelector: '?a//',
      converters: ['$JSON_to_Avro' as const],
      avroSchema: '{"type":"string"}',
      avroSubject: 'out-value',
    };
    const result = publisherRequest(values);
    expect(result.ok && result.value.payloadConverters).toEqual([
      {
        name: '$JSON_to_Avro',
        parameters: { subject: 'out-value' },
        payloadConverterSchema: { type: 'string' },
      },
    ]);
    expect(publisherRequest({ ...values, avroSchema: '{' })).toMatchObject({
      ok: false,
      errors: { avroSchema: expect.stringMatching(/^The Avro schema is not valid JSON/) },
    });
  });

  it('names a missing selector and a bad timeout', () => {
    const result = publisherRequest({ ...publisherFormValues(), label: 'Out', updateTimeoutMs: 0 });
    expect(result).toMatchObject({
      ok: false,
      errors: {
        heraldTopicSelector: expect.stringMatching(/Topic selector/),
        updateTimeoutMs: 'Update timeout must be a whole number from 1 to 3600000 ms',
      },
    });
  });
});

describe('the subscriber form', () => {
  const subscriber: KafkaSubscriber = {
    id: 's1',
    type: 'SUBSCRIPTION_SERVICE',
    clusterId: 'c1',
    label: 'In',
    regexSubscription: false,
    kafkaTopics: ['prices', 'trades'],
    consumerGroupId: 'g1',
    consumerCount: 2,
    keyType: 'STRING',
    valueType: 'JSON',
    heraldTopicPattern: 'kafka/${topic}/${partition}',
    createTopicHierarchy: false,
    pollTimeout: 500,
    framework: { publicationRetries: 3, retryIntervalMs: 1000 },
    topicProperties: {
      persistencePolicy: 'SERVER',
      timeSeries: false,
      timeSeriesRetainedRange: null,
      timeSeriesSubscriptionRange: null,
      publishesValueOnly: false,
      doNotRetainValue: false,
    },
    payloadConverters: [{ name: '$CSV_to_JSON', parameters: { headers: ['a', 'b'] } }],
  };

  it('round-trips a record through the form: lists comma-separated, types lower case', () => {
    const values = subscriberFormValues(subscriber);
    expect(values).toMatchObject({
      kafkaTopics: 'prices, trades',
      valueType: 'json',
      converters: ['$CSV_to_JSON'],
      csvHeaders: 'a, b',
    });
    const result = subscriberRequest(values);
    const { id: _id, type: _type, clusterId: _cluster, ...body } = subscriber;
    expect(result).toEqual({ ok: true, value: body });
  });

  it('keeps a regex with commas as one entry', () => {
    const values = {
      ...subscriberFormValues(subscriber),
      regexSubscription: true,
      kafkaTopics: 'a{1,2}',
    };
    const result = subscriberRequest(values);
    expect(result.ok && result.value.kafkaTopics).toEqual(['a{1,2}']);
  });

  it.each([
    ['kafkaTopics', { kafkaTopics: ' , ' }, 'Add at least one Kafka topic'],
    ['consumerCount', { consumerCount: 65 }, 'Consumer count must be a whole number from 1 to 64'],
    ['consumerGroupId', { consumerGroupId: '' }, expect.stringMatching(/Consumer group id/)],
    [
      'kafkaTopics',
      { regexSubscription: true, kafkaTopics: '([' },
      'Not a valid regular expression',
    ],
  ])('names the field %s when it is wrong', (field, change, message) => {
    expect(subscriberRequest({ ...subscriberFormValues(subscriber), ...change })).toMatchObject({
      ok: false,
      errors: { [field]: message },
    });
  });
});
