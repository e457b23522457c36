import type { z } from 'zod';
import { HIDDEN_PASSWORD_PLACEHOLDER } from '../constants';
import { KAFKA_MESSAGES } from '../messages';
import {
  kafkaClusterInputSchema,
  kafkaPublisherInputSchema,
  kafkaSubscriberInputSchema,
  SCHEMA_REGISTRY_CONFIG_KEYS,
  testKafkaConnectionRequestSchema,
  type KafkaCluster,
  type KafkaPersistencePolicy,
  type KafkaPublisher,
  type KafkaSaslMechanism,
  type KafkaSubscriber,
  type TestKafkaConnectionRequest,
} from './kafka-adapter.schema';
import {
  configurationFromForm,
  configurationToForm,
  dataTypeFromForm,
  dataTypeToForm,
  listFromForm,
  listToForm,
  securityProtocolFromForm,
  securityProtocolToForm,
  type FormDataType,
  type FormSecurityProtocol,
} from './kafka-form';
import { KAFKA_PUBLISHER_DEFAULTS, KAFKA_SUBSCRIBER_DEFAULTS } from './kafka-service-defaults';
import {
  authenticationForRequest,
  parseUserInfo,
  schemaRegistryUserInfoForRequest,
} from './kafka-secrets';
import type { PayloadConverterName } from './payload-converter-chain';

/**
 * The cluster, publisher and subscriber forms of the adapter screens (spec sections 2 and 3): what a form starts
 * with (from the API's record, or the defaults) and the request it sends, with section 3's conversions (kafka-form.ts)
 * and section 5's write-only passwords (kafka-secrets.ts). A refused form names each field that is wrong.
 */

export type FormNumber = number | string;
export type FormResult<T, F extends string> =
  { ok: true; value: T } | { ok: false; errors: Partial<Record<F | 'form', string>> };

function toNumber(value: FormNumber): number | undefined {
  if (typeof value === 'number') return value;
  if (value.trim() === '') return undefined;
  return Number(value);
}

/** Issues of a request schema on the form's fields: the issue's last named path segment, renamed where they differ. */
function issuesToErrors<F extends string>(
  issues: readonly z.core.$ZodIssue[],
  fieldOf: (path: readonly PropertyKey[]) => F | 'form',
): Partial<Record<F | 'form', string>> {
  const errors: Partial<Record<F | 'form', string>> = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    errors[field] ??= issue.message;
  }
  return errors;
}

function lastName(path: readonly PropertyKey[]): string | undefined {
  return [...path].reverse().find((segment): segment is string => typeof segment === 'string');
}

// ---------------------------------------------------------------------------------------------------------------
// Cluster

export interface ClusterFormValues {
  label: string;
  /** Broker addresses, comma-separated. */
  brokers: string;
  /** The configuration map as JSON text. */
  configuration: string;
  securityProtocol: FormSecurityProtocol;
  saslMechanism: KafkaSaslMechanism | '';
  userName: string;
  /** The placeholder when a password is stored: left as it is, the stored one is kept. */
  password: string;
  kerberosServiceName: string;
}
export type ClusterFormField = keyof ClusterFormValues;

export function clusterFormValues(cluster?: KafkaCluster): ClusterFormValues {
  const auth = cluster?.authentication;
  return {
    label: cluster?.label ?? '',
    brokers: listToForm(cluster?.kafkaBrokerAddresses ?? []),
    configuration: configurationToForm(cluster?.configuration ?? {}),
    securityProtocol: securityProtocolToForm(auth?.securityProtocol ?? 'plaintext'),
    saslMechanism: auth?.saslMechanism ?? '',
    userName: auth?.userName ?? '',
    password: auth?.password ?? '',
    kerberosServiceName: auth?.kerberosServiceName ?? '',
  };
}

type ClusterInput = z.output<typeof kafkaClusterInputSchema>;

function clusterAuthentication(values: ClusterFormValues) {
  const protocol = securityProtocolFromForm(values.securityProtocol);
  if (!protocol.ok) return protocol;
  if (!protocol.value.startsWith('sasl_')) {
    return { ok: true as const, value: { securityProtocol: protocol.value } };
  }
  const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());
  return {
    ok: true as const,
    value: authenticationForRequest({
      securityProtocol: protocol.value,
      saslMechanism: values.saslMechanism === '' ? undefined : values.saslMechanism,
      userName: values.saslMechanism === 'PLAIN' ? optional(values.userName) : undefined,
      // An empty password is no password: the stored one is kept (section 5).
      password:
        values.saslMechanism === 'PLAIN' && values.password !== '' ? values.password : undefined,
      kerberosServiceName:
        values.saslMechanism === 'GSSAPI' ? optional(values.kerberosServiceName) : undefined,
    }),
  };
}

function clusterField(path: readonly PropertyKey[]): ClusterFormField | 'form' {
  if (path[0] === 'kafkaBrokerAddresses') return 'brokers';
  if (path[0] === 'configuration') return 'configuration';
  const name = lastName(path);
  if (name === 'label') return 'label';
  if (
    name === 'securityProtocol' ||
    name === 'saslMechanism' ||
    name === 'userName' ||
    name === 'password' ||
    name === 'kerberosServiceName'
  ) {
    return name;
  }
  return 'form';
}

/** The body of POST .../clusters and PUT .../clusters/{clusterId}. */
export function clusterRequest(
  values: ClusterFormValues,
): FormResult<ClusterInput, ClusterFormField> {
  const configuration = configurationFromForm(values.configuration);
  if (!configuration.ok) return { ok: false, errors: { configuration: configuration.message } };
  const userInfo = configuration.value[SCHEMA_REGISTRY_CONFIG_KEYS.basicAuthUserInfo];
  if (userInfo !== undefined) {
    // Section 5: the schema registry's placeholder password is sent as empty (the stored one is kept).
    const { user, password } = parseUserInfo(userInfo);
    if (password === HIDDEN_PASSWORD_PLACEHOLDER) {
      configuration.value[SCHEMA_REGISTRY_CONFIG_KEYS.basicAuthUserInfo] =
        schemaRegistryUserInfoForRequest(user, password);
    }
  }
  const authentication = clusterAuthentication(values);
  if (!authentication.ok)
    return { ok: false, errors: { securityProtocol: authentication.message } };
  const parsed = kafkaClusterInputSchema.safeParse({
    label: values.label,
    kafkaBrokerAddresses: listFromForm(values.brokers),
    configuration: configuration.value,
    authentication: authentication.value,
  });
  if (!parsed.success)
    return { ok: false, errors: issuesToErrors(parsed.error.issues, clusterField) };
  return { ok: true, value: parsed.data };
}

export interface AdapterClusters {
  id: string;
  kafkaClusterConfigs: readonly { id: string }[];
}

/**
 * The body of POST /gateway-kafka-adapters/test-connection: the cluster without its configuration, plus clusterId
 * and kafkaAdapterId for a saved cluster (its stored password is then used). Section 8: a cluster id whose owning
 * adapter is not in the list refuses with 'A cluster id was provided to the connectivity test, ...'.
 */
export function connectionTestRequest(
  values: ClusterFormValues,
  clusterId: string | null,
  adapters: readonly AdapterClusters[],
): FormResult<TestKafkaConnectionRequest, ClusterFormField> {
  const authentication = clusterAuthentication(values);
  if (!authentication.ok)
    return { ok: false, errors: { securityProtocol: authentication.message } };
  let owner: string | undefined;
  if (clusterId !== null) {
    owner = adapters.find((adapter) =>
      adapter.kafkaClusterConfigs.some((cluster) => cluster.id === clusterId),
    )?.id;
    if (owner === undefined)
      return { ok: false, errors: { form: KAFKA_MESSAGES.clusterOwnerNotFound } };
  }
  const parsed = testKafkaConnectionRequestSchema.safeParse({
    label: values.label.trim() === '' ? undefined : values.label,
    kafkaBrokerAddresses: listFromForm(values.brokers),
    authentication: authentication.value,
    ...(clusterId !== null && owner !== undefined ? { clusterId, kafkaAdapterId: owner } : {}),
  });
  if (!parsed.success)
    return { ok: false, errors: issuesToErrors(parsed.error.issues, clusterField) };
  return { ok: true, value: parsed.data };
}

// ---------------------------------------------------------------------------------------------------------------
// Publisher

export interface PublisherFormValues {
  label: string;
  heraldTopicSelector: string;
  kafkaTopicPattern: string;
  /** Empty: the topic path is the record key. */
  keyValue: string;
  valueType: FormDataType;
  updateTimeoutMs: FormNumber;
  /** The converter chain, in order. */
  converters: PayloadConverterName[];
  /** $JSON_to_Avro's Avro schema, JSON text. */
  avroSchema: string;
  /** $JSON_to_Avro's registry subject; empty: `{kafkaTopic}-value`. */
  avroSubject: string;
}
export type PublisherFormField = keyof PublisherFormValues;

export function publisherFormValues(publisher?: KafkaPublisher): PublisherFormValues {
  const avro = publisher?.payloadConverters.find((step) => step.name === '$JSON_to_Avro');
  const subject = avro?.parameters['subject'];
  return {
    label: publisher?.label ?? '',
    heraldTopicSelector: publisher?.framework.heraldTopicSelector ?? '',
    kafkaTopicPattern: publisher?.kafkaTopicPattern ?? KAFKA_PUBLISHER_DEFAULTS.kafkaTopicPattern,
    keyValue: publisher?.keyValue ?? '',
    valueType: dataTypeToForm(publisher?.valueType ?? KAFKA_PUBLISHER_DEFAULTS.valueType),
    updateTimeoutMs:
      publisher?.framework.updateTimeoutMs ?? KAFKA_PUBLISHER_DEFAULTS.framework.updateTimeoutMs,
    converters: (publisher?.payloadConverters ?? []).map(
      (step) => step.name as PayloadConverterName,
    ),
    avroSchema: avro?.payloadConverterSchema
      ? JSON.stringify(avro.payloadConverterSchema, null, 2)
      : '',
    avroSubject: typeof subject === 'string' ? subject : '',
  };
}

type PublisherInput = z.output<typeof kafkaPublisherInputSchema>;

function publisherField(path: readonly PropertyKey[]): PublisherFormField | 'form' {
  if (path[0] === 'payloadConverters') return 'converters';
  const name = lastName(path);
  if (
    name === 'label' ||
    name === 'heraldTopicSelector' ||
    name === 'kafkaTopicPattern' ||
    name === 'keyValue' ||
    name === 'valueType' ||
    name === 'updateTimeoutMs'
  ) {
    return name;
  }
  return 'form';
}

function jsonObjectFromForm(text: string, what: string) {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      return { ok: true as const, value: parsed as Record<string, unknown> };
    }
    return { ok: false as const, message: `${what} must be a JSON object` };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false as const, message: `${what} is not valid JSON: ${reason}` };
  }
}

/** The body of POST .../publishers and PUT .../publishers/{publisherId}. */
export function publisherRequest(
  values: PublisherFormValues,
): FormResult<PublisherInput, PublisherFormField> {
  const valueType = dataTypeFromForm(values.valueType);
  if (!valueType.ok) return { ok: false, errors: { valueType: valueType.message } };
  const converters = [];
  for (const name of values.converters) {
    if (name !== '$JSON_to_Avro') {
      converters.push({ name, parameters: {} });
      continue;
    }
    const schema = jsonObjectFromForm(values.avroSchema, 'The Avro schema');
    if (!schema.ok) return { ok: false, errors: { avroSchema: schema.message } };
    const subject = values.avroSubject.trim();
    converters.push({
      name,
      parameters: subject === '' ? {} : { subject },
      payloadConverterSchema: schema.value,
    });
  }
  const keyValue = values.keyValue.trim();
  const parsed = kafkaPublisherInputSchema.safeParse({
    label: values.label,
    kafkaTopicPattern: values.kafkaTopicPattern,
    keyValue: keyValue === '' ? null : keyValue,
    valueType: valueType.value,
    framework: {
      heraldTopicSelector: values.heraldTopicSelector,
      updateTimeoutMs: toNumber(values.updateTimeoutMs),
    },
    payloadConverters: converters,
  });
  if (!parsed.success)
    return { ok: false, errors: issuesToErrors(parsed.error.issues, publisherField) };
  return { ok: true, value: parsed.data };
}

// ---------------------------------------------------------------------------------------------------------------
// Subscriber

export interface SubscriberFormValues {
  label: string;
  regexSubscription: boolean;
  /** Comma-separated topic names, or one regular expression. */
  kafkaTopics: string;
  consumerGroupId: string;
  consumerCount: FormNumber;
  keyType: FormDataType;
  valueType: FormDataType;
  heraldTopicPattern: string;
  createTopicHierarchy: boolean;
  pollTimeout: FormNumber;
  publicationRetries: FormNumber;
  retryIntervalMs: FormNumber;
  persistencePolicy: KafkaPersistencePolicy;
  timeSeries: boolean;
  timeSeriesRetainedRange: string;
  timeSeriesSubscriptionRange: string;
  publishesValueOnly: boolean;
  doNotRetainValue: boolean;
  converters: PayloadConverterName[];
  /** $CSV_to_JSON's column names, comma-separated (section 3). */
  csvHeaders: string;
}
export type SubscriberFormField = keyof SubscriberFormValues;

export function subscriberFormValues(subscriber?: KafkaSubscriber): SubscriberFormValues {
  const defaults = KAFKA_SUBSCRIBER_DEFAULTS;
  const properties = subscriber?.topicProperties ?? defaults.topicProperties;
  const csv = subscriber?.payloadConverters.find((step) => step.name === '$CSV_to_JSON');
  return {
    label: subscriber?.label ?? '',
    regexSubscription: subscriber?.regexSubscription ?? defaults.regexSubscription,
    // A regex is one entry: joining it would not split it again, but it may hold commas.
    kafkaTopics:
      subscriber?.regexSubscription === true
        ? (subscriber.kafkaTopics[0] ?? '')
        : listToForm(subscriber?.kafkaTopics ?? []),
    consumerGroupId: subscriber?.consumerGroupId ?? '',
    consumerCount: subscriber?.consumerCount ?? defaults.consumerCount,
    keyType: dataTypeToForm(subscriber?.keyType ?? defaults.keyType),
    valueType: dataTypeToForm(subscriber?.valueType ?? defaults.valueType),
    heraldTopicPattern: subscriber?.heraldTopicPattern ?? defaults.heraldTopicPattern,
    createTopicHierarchy: subscriber?.createTopicHierarchy ?? defaults.createTopicHierarchy,
    pollTimeout: subscriber?.pollTimeout ?? defaults.pollTimeout,
    publicationRetries:
      subscriber?.framework.publicationRetries ?? defaults.framework.publicationRetries,
    retryIntervalMs: subscriber?.framework.retryIntervalMs ?? defaults.framework.retryIntervalMs,
    persistencePolicy: properties.persistencePolicy,
    timeSeries: properties.timeSeries,
    timeSeriesRetainedRange: properties.timeSeriesRetainedRange ?? '',
    timeSeriesSubscriptionRange: properties.timeSeriesSubscriptionRange ?? '',
    publishesValueOnly: properties.publishesValueOnly,
    doNotRetainValue: properties.doNotRetainValue,
    converters: (subscriber?.payloadConverters ?? []).map(
      (step) => step.name as PayloadConverterName,
    ),
    csvHeaders: listToForm(csv?.parameters.headers ?? []),
  };
}

type SubscriberInput = z.output<typeof kafkaSubscriberInputSchema>;

const SUBSCRIBER_FIELDS = new Set<string>([
  'label',
  'kafkaTopics',
  'consumerGroupId',
  'consumerCount',
  'heraldTopicPattern',
  'pollTimeout',
  'publicationRetries',
  'retryIntervalMs',
  'persistencePolicy',
  'timeSeriesRetainedRange',
  'timeSeriesSubscriptionRange',
]);

function subscriberField(path: readonly PropertyKey[]): SubscriberFormField | 'form' {
  if (path[0] === 'payloadConverters') return 'converters';
  if (path[0] === 'kafkaTopics') return 'kafkaTopics';
  const name = lastName(path);
  if (name !== undefined && SUBSCRIBER_FIELDS.has(name)) return name as SubscriberFormField;
  if (name === 'keyType' || name === 'valueType') return name;
  return 'form';
}

/** The body of POST .../subscribers and PUT .../subscribers/{subscriberId}. */
export function subscriberRequest(
  values: SubscriberFormValues,
): FormResult<SubscriberInput, SubscriberFormField> {
  const keyType = dataTypeFromForm(values.keyType);
  if (!keyType.ok) return { ok: false, errors: { keyType: keyType.message } };
  const valueType = dataTypeFromForm(values.valueType);
  if (!valueType.ok) return { ok: false, errors: { valueType: valueType.message } };
  const headers = listFromForm(values.csvHeaders);
  const range = (text: string) => (text.trim() === '' ? null : text.trim());
  const parsed = kafkaSubscriberInputSchema.safeParse({
    label: values.label,
    regexSubscription: values.regexSubscription,
    kafkaTopics: values.regexSubscription
      ? [values.kafkaTopics.trim()].filter((topic) => topic !== '')
      : listFromForm(values.kafkaTopics),
    consumerGroupId: values.consumerGroupId,
    consumerCount: toNumber(values.consumerCount),
    keyType: keyType.value,
    valueType: valueType.value,
    heraldTopicPattern: values.heraldTopicPattern,
    createTopicHierarchy: values.createTopicHierarchy,
    pollTimeout: toNumber(values.pollTimeout),
    framework: {
      publicationRetries: toNumber(values.publicationRetries),
      retryIntervalMs: toNumber(values.retryIntervalMs),
    },
    topicProperties: {
      persistencePolicy: values.persistencePolicy,
      timeSeries: values.timeSeries,
      timeSeriesRetainedRange: values.timeSeries ? range(values.timeSeriesRetainedRange) : null,
      timeSeriesSubscriptionRange: values.timeSeries
        ? range(values.timeSeriesSubscriptionRange)
        : null,
      publishesValueOnly: values.publishesValueOnly,
      doNotRetainValue: values.doNotRetainValue,
    },
    payloadConverters: values.converters.map((name) => ({
      name,
      parameters: name === '$CSV_to_JSON' && headers.length > 0 ? { headers } : {},
    })),
  });
  if (!parsed.success) {
    return { ok: false, errors: issuesToErrors(parsed.error.issues, subscriberField) };
  }
  return { ok: true, value: parsed.data };
}
