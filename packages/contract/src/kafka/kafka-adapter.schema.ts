import { z } from 'zod';
import { HIDDEN_PASSWORD_PLACEHOLDER } from '../constants';
import {
  FIELD_LIMITS,
  idSchema,
  jsonObjectSchema,
  requiredText,
  unixMillisSchema,
} from '../common/fields';
import { checkConverterChain, type ConverterStepDescription } from './payload-converter-chain';
import { checkHeraldTopicPattern, checkKafkaTopicPattern } from './kafka-topic-patterns';
import {
  KAFKA_PUBLISHER_DEFAULTS,
  KAFKA_SERVICE_LIMITS,
  KAFKA_SUBSCRIBER_DEFAULTS,
} from './kafka-service-defaults';

/**
 * Kafka gateway adapter, spec section 3 (adapter, cluster, publisher, subscriber, scheduled
 * upgrade) and section 7 "Kafka gateway". Wire enums are as the API sends them; the form's
 * case conversions (security protocol upper-case, value type lower-case) are in kafka-form.ts.
 */

/** Lower case in the API (section 3); Kafka's own names are these upper-cased. */
export const KAFKA_SECURITY_PROTOCOLS = ['plaintext', 'ssl', 'sasl_plaintext', 'sasl_ssl'] as const;
export type KafkaSecurityProtocol = (typeof KAFKA_SECURITY_PROTOCOLS)[number];
export const KAFKA_SASL_MECHANISMS = ['PLAIN', 'GSSAPI'] as const;
export type KafkaSaslMechanism = (typeof KAFKA_SASL_MECHANISMS)[number];

export const KAFKA_SERVICE_TYPES = ['PUBLISHING_SERVICE', 'SUBSCRIPTION_SERVICE'] as const;
export type KafkaServiceType = (typeof KAFKA_SERVICE_TYPES)[number];

/** Key and value (de)serialisation types, upper case in the API (section 3). */
export const KAFKA_DATA_TYPES = [
  'STRING',
  'JSON',
  'INTEGER',
  'LONG',
  'DOUBLE',
  'BYTE_ARRAY',
] as const;
export type KafkaDataType = (typeof KAFKA_DATA_TYPES)[number];

/**
 * Topic persistence of subscriber-created topics. NONE: values live in memory only; SESSION:
 * topics are removed when the adapter's session closes; SERVER: values are persisted by the
 * service and survive a restart (DATA-PLANE `PERSISTENT`).
 */
export const KAFKA_PERSISTENCE_POLICIES = ['NONE', 'SESSION', 'SERVER'] as const;
export type KafkaPersistencePolicy = (typeof KAFKA_PERSISTENCE_POLICIES)[number];

/** Schema registry settings live in the cluster configuration under these keys (section 3). */
export const SCHEMA_REGISTRY_CONFIG_KEYS = {
  url: 'schema.registry.url',
  /** `user:password`. */
  basicAuthUserInfo: 'basic.auth.user.info',
  basicAuthCredentialsSource: 'basic.auth.credentials.source',
} as const;
export const SCHEMA_REGISTRY_CREDENTIALS_SOURCE = 'USER_INFO';

/** Defaults of DATA-PLANE "Adapters". */
export const KAFKA_DEFAULTS = {
  kafkaTopicPattern: KAFKA_PUBLISHER_DEFAULTS.kafkaTopicPattern,
  heraldTopicPattern: KAFKA_SUBSCRIBER_DEFAULTS.heraldTopicPattern,
} as const;

// ---------------------------------------------------------------------------------------------
// Entities, as the API returns them

export const kafkaClusterAuthenticationSchema = z.object({
  securityProtocol: z.enum(KAFKA_SECURITY_PROTOCOLS),
  saslMechanism: z.enum(KAFKA_SASL_MECHANISMS).optional(),
  userName: z.string().optional(),
  /** Write-only: the API never returns a stored password. */
  password: z.string().optional(),
  kerberosServiceName: z.string().optional(),
});
export type KafkaClusterAuthentication = z.infer<typeof kafkaClusterAuthenticationSchema>;

/** Kafka client configuration, a key/value map (shown as JSON text in the form). */
export const kafkaConfigurationSchema = z.record(z.string(), z.string());

export const kafkaClusterSchema = z.object({
  id: z.string(),
  label: z.string(),
  kafkaBrokerAddresses: z.array(z.string()),
  configuration: kafkaConfigurationSchema,
  authentication: kafkaClusterAuthenticationSchema,
});
export type KafkaCluster = z.infer<typeof kafkaClusterSchema>;

export const payloadConverterSchema = z.object({
  name: z.string(),
  parameters: jsonObjectSchema,
  /** A JSON Schema the converter validates against (section 3: "payloadConverterSchema as JSON"). */
  payloadConverterSchema: jsonObjectSchema.nullable().optional(),
});
export type PayloadConverter = z.infer<typeof payloadConverterSchema>;

export const kafkaPublisherSchema = z.object({
  id: z.string(),
  type: z.literal('PUBLISHING_SERVICE'),
  clusterId: z.string(),
  label: z.string(),
  kafkaTopicPattern: z.string(),
  /** The Kafka record key to send; null: the topic path is the key. */
  keyValue: z.string().nullable(),
  valueType: z.enum(KAFKA_DATA_TYPES),
  framework: z.object({
    heraldTopicSelector: z.string(),
    updateTimeoutMs: z.number().int().nonnegative(),
  }),
  payloadConverters: z.array(payloadConverterSchema),
});
export type KafkaPublisher = z.infer<typeof kafkaPublisherSchema>;

export const subscriberTopicPropertiesSchema = z.object({
  persistencePolicy: z.enum(KAFKA_PERSISTENCE_POLICIES),
  timeSeries: z.boolean(),
  /** e.g. `limit 1000` or `last 1H`. */
  timeSeriesRetainedRange: z.string().nullable(),
  timeSeriesSubscriptionRange: z.string().nullable(),
  publishesValueOnly: z.boolean(),
  doNotRetainValue: z.boolean(),
});
export type SubscriberTopicProperties = z.infer<typeof subscriberTopicPropertiesSchema>;

export const subscriberPayloadConverterSchema = z.object({
  name: z.string(),
  /** `headers`: the names `$CSV_to_JSON` gives the CSV's columns (comma-separated in the form; decision 047). */
  parameters: z.object({ headers: z.array(z.string()).optional() }).catchall(z.unknown()),
});
export type SubscriberPayloadConverter = z.infer<typeof subscriberPayloadConverterSchema>;

export const kafkaSubscriberSchema = z.object({
  id: z.string(),
  type: z.literal('SUBSCRIPTION_SERVICE'),
  clusterId: z.string(),
  label: z.string(),
  regexSubscription: z.boolean(),
  /** Topic names, or a single regular expression when regexSubscription is on. */
  kafkaTopics: z.array(z.string()),
  consumerGroupId: z.string(),
  consumerCount: z.number().int().positive(),
  keyType: z.enum(KAFKA_DATA_TYPES),
  valueType: z.enum(KAFKA_DATA_TYPES),
  heraldTopicPattern: z.string(),
  createTopicHierarchy: z.boolean(),
  /** Milliseconds. */
  pollTimeout: z.number().int().positive(),
  framework: z.object({
    publicationRetries: z.number().int().nonnegative(),
    retryIntervalMs: z.number().int().nonnegative(),
  }),
  topicProperties: subscriberTopicPropertiesSchema,
  payloadConverters: z.array(subscriberPayloadConverterSchema),
});
export type KafkaSubscriber = z.infer<typeof kafkaSubscriberSchema>;

export const kafkaServiceSchema = z.discriminatedUnion('type', [
  kafkaPublisherSchema,
  kafkaSubscriberSchema,
]);
export type KafkaService = z.infer<typeof kafkaServiceSchema>;

/**
 * An adapter as GET /gateway-kafka-adapters lists it. `label` is optional on the wire because
 * the client must skip (and warn about) records without one (sections 3 and 8); after that
 * filter use `kafkaAdapterSchema`.
 */
export const kafkaAdapterRecordSchema = z.object({
  id: z.string(),
  version: z.string(),
  label: z.string().optional(),
  /** Milliseconds between reconnection attempts to the clusters. */
  reconnectInterval: z.number().int().nonnegative(),
  /** The spec's "active flag (activated)". */
  active: z.boolean(),
  haEnabled: z.boolean(),
  kafkaClusterConfigs: z.array(kafkaClusterSchema),
  kafkaServices: z.array(kafkaServiceSchema),
  /**
   * Ours (issue 27): the status of its process in section 4's words (POD_PENDING, POD_INITIALIZING, RUNNING,
   * SUSPENDED for a deactivated one, ERROR); optional so a record without it still parses.
   */
  status: z.string().optional(),
});
export type KafkaAdapterRecord = z.infer<typeof kafkaAdapterRecordSchema>;

export const kafkaAdapterSchema = kafkaAdapterRecordSchema.extend({ label: z.string() });
export type KafkaAdapter = z.infer<typeof kafkaAdapterSchema>;

/** Scheduled upgrade of an adapter, spec section 3. `scheduledTimestamp` is unix milliseconds. */
export const adapterScheduledUpgradeSchema = z.object({
  adapterId: z.string(),
  newVersion: z.string(),
  scheduledTimestamp: unixMillisSchema,
});
export type AdapterScheduledUpgrade = z.infer<typeof adapterScheduledUpgradeSchema>;

// ---------------------------------------------------------------------------------------------
// Request bodies

const labelInputSchema = requiredText('Label');

/** 100 ms .. 1 hour. */
export const RECONNECT_INTERVAL_LIMITS_MS = { min: 100, max: 3_600_000 } as const;

/** POST /gateway-kafka-adapters {label, reconnectInterval, haEnabled}. */
export const createKafkaAdapterRequestSchema = z.strictObject({
  label: labelInputSchema,
  reconnectInterval: z
    .number({ error: 'Reconnect interval must be a number of milliseconds' })
    .int('Reconnect interval must be a whole number of milliseconds')
    .min(
      RECONNECT_INTERVAL_LIMITS_MS.min,
      `Reconnect interval must be at least ${RECONNECT_INTERVAL_LIMITS_MS.min} ms`,
    )
    .max(
      RECONNECT_INTERVAL_LIMITS_MS.max,
      `Reconnect interval must be at most ${RECONNECT_INTERVAL_LIMITS_MS.max} ms`,
    ),
  haEnabled: z.boolean({ error: 'haEnabled must be true or false' }),
});
export type CreateKafkaAdapterRequest = z.infer<typeof createKafkaAdapterRequestSchema>;

/** `host:port`, `[ipv6]:port`. */
export const kafkaBrokerAddressSchema = z
  .string()
  .trim()
  .regex(
    /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?):\d{1,5}$/,
    'A broker address is host:port',
  )
  .refine((address) => {
    const port = Number(address.slice(address.lastIndexOf(':') + 1));
    return port >= 1 && port <= 65_535;
  }, 'A broker port is between 1 and 65535');

/**
 * Cluster credentials in a request. The hidden-password placeholder stands for "unchanged" and
 * is never sent (section 5): omit `password` instead, and the stored one is kept.
 */
export const kafkaClusterAuthenticationInputSchema = z
  .strictObject({
    securityProtocol: z.enum(KAFKA_SECURITY_PROTOCOLS, {
      error: `Security protocol is one of ${KAFKA_SECURITY_PROTOCOLS.join(', ')}`,
    }),
    saslMechanism: z
      .enum(KAFKA_SASL_MECHANISMS, { error: 'SASL mechanism is PLAIN or GSSAPI' })
      .optional(),
    userName: z.string().trim().max(256).optional(),
    password: z.string().max(FIELD_LIMITS.text).optional(),
    kerberosServiceName: z.string().trim().max(256).optional(),
  })
  .superRefine((auth, ctx) => {
    const isSasl = auth.securityProtocol.startsWith('sasl_');
    if (auth.password === HIDDEN_PASSWORD_PLACEHOLDER) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: 'The hidden-password placeholder is never sent; omit the password to keep it',
      });
    }
    if (!isSasl) {
      if (auth.saslMechanism !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['saslMechanism'],
          message: 'A SASL mechanism needs a sasl_ protocol',
        });
      }
      return;
    }
    if (auth.saslMechanism === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['saslMechanism'],
        message: 'SASL mechanism is required',
      });
    } else if (auth.saslMechanism === 'PLAIN' && !auth.userName) {
      ctx.addIssue({ code: 'custom', path: ['userName'], message: 'User name is required' });
    } else if (auth.saslMechanism === 'GSSAPI' && !auth.kerberosServiceName) {
      ctx.addIssue({
        code: 'custom',
        path: ['kerberosServiceName'],
        message: 'Kerberos service name is required',
      });
    }
  });
export type KafkaClusterAuthenticationInput = z.infer<typeof kafkaClusterAuthenticationInputSchema>;

const brokerAddressesInputSchema = z
  .array(kafkaBrokerAddressSchema)
  .min(1, 'Add at least one broker address')
  .max(50, 'At most 50 broker addresses');

/** POST .../{adapterId}/clusters and PUT .../clusters/{clusterId} ("the same body"). */
export const kafkaClusterInputSchema = z.strictObject({
  label: labelInputSchema,
  kafkaBrokerAddresses: brokerAddressesInputSchema,
  configuration: z
    .record(
      z.string().trim().min(1, 'A configuration key must not be empty').max(256),
      z.string().max(FIELD_LIMITS.text),
    )
    .superRefine((configuration, ctx) => {
      const url = configuration[SCHEMA_REGISTRY_CONFIG_KEYS.url];
      if (url !== undefined && !isHttpUrl(url)) {
        ctx.addIssue({
          code: 'custom',
          path: [SCHEMA_REGISTRY_CONFIG_KEYS.url],
          message: 'The schema registry url must be an http:// or https:// address',
        });
      }
    })
    .default({}),
  authentication: kafkaClusterAuthenticationInputSchema,
});

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
export type KafkaClusterInput = z.input<typeof kafkaClusterInputSchema>;

/**
 * POST /gateway-kafka-adapters/test-connection: the cluster body without configuration, plus
 * clusterId and kafkaAdapterId (both) for an existing cluster, whose stored password is then used.
 */
export const testKafkaConnectionRequestSchema = z
  .strictObject({
    label: z.string().trim().max(FIELD_LIMITS.name).optional(),
    kafkaBrokerAddresses: brokerAddressesInputSchema,
    authentication: kafkaClusterAuthenticationInputSchema,
    clusterId: idSchema.optional(),
    kafkaAdapterId: idSchema.optional(),
  })
  .refine((body) => (body.clusterId === undefined) === (body.kafkaAdapterId === undefined), {
    message: 'clusterId and kafkaAdapterId are sent together',
    path: ['kafkaAdapterId'],
  });
export type TestKafkaConnectionRequest = z.infer<typeof testKafkaConnectionRequestSchema>;

export const payloadConverterInputSchema = z.strictObject({
  name: requiredText('Converter name'),
  parameters: jsonObjectSchema.default({}),
  payloadConverterSchema: jsonObjectSchema.nullable().optional(),
});

/** A whole number within one of KAFKA_SERVICE_LIMITS, with a message naming the field and its bounds. */
function boundedWholeNumber(field: string, limits: { min: number; max: number }, unit = '') {
  const message = `${field} must be a whole number from ${limits.min} to ${limits.max}${unit}`;
  return z
    .number({ error: message })
    .int(message)
    .min(limits.min, message)
    .max(limits.max, message);
}

function patternText(field: string, check: (pattern: string) => { ok: boolean; message?: string }) {
  return requiredText(field, FIELD_LIMITS.text).superRefine((pattern, ctx) => {
    const result = check(pattern);
    if (!result.ok)
      ctx.addIssue({ code: 'custom', message: result.message ?? `${field} is not valid` });
  });
}

/** Unknown converters, bad parameters and steps that cannot follow each other, each at its place in the list. */
function refineConverterChain(chain: readonly ConverterStepDescription[], ctx: z.RefinementCtx) {
  for (const problem of checkConverterChain(chain)) {
    ctx.addIssue({ code: 'custom', path: [problem.index], message: problem.message });
  }
}

/** POST .../clusters/{clusterId}/publishers {label, kafkaTopicPattern, keyValue, valueType, framework}; PUT the same. */
export const kafkaPublisherInputSchema = z.strictObject({
  label: labelInputSchema,
  kafkaTopicPattern: patternText('Kafka topic pattern', checkKafkaTopicPattern).default(
    KAFKA_PUBLISHER_DEFAULTS.kafkaTopicPattern,
  ),
  keyValue: z
    .string()
    .trim()
    .max(FIELD_LIMITS.text)
    .nullable()
    .default(KAFKA_PUBLISHER_DEFAULTS.keyValue),
  valueType: z
    .enum(KAFKA_DATA_TYPES, {
      error: `Value type is one of ${KAFKA_DATA_TYPES.join(', ')}`,
    })
    .default(KAFKA_PUBLISHER_DEFAULTS.valueType),
  framework: z.strictObject({
    heraldTopicSelector: requiredText('Topic selector', FIELD_LIMITS.text),
    updateTimeoutMs: boundedWholeNumber(
      'Update timeout',
      KAFKA_SERVICE_LIMITS.updateTimeoutMs,
      ' ms',
    ).default(KAFKA_PUBLISHER_DEFAULTS.framework.updateTimeoutMs),
  }),
  payloadConverters: z
    .array(payloadConverterInputSchema)
    .max(10)
    .superRefine(refineConverterChain)
    .default([]),
});
export type KafkaPublisherInput = z.input<typeof kafkaPublisherInputSchema>;

const timeSeriesRangeInputSchema = z.string().trim().min(1).max(256).nullable().optional();

/** POST .../clusters/{clusterId}/subscribers with the subscriber fields; PUT the same. */
export const kafkaSubscriberInputSchema = z
  .strictObject({
    label: labelInputSchema,
    regexSubscription: z.boolean().default(KAFKA_SUBSCRIBER_DEFAULTS.regexSubscription),
    kafkaTopics: z
      .array(z.string().trim().min(1, 'A Kafka topic must not be empty').max(FIELD_LIMITS.text))
      .min(1, 'Add at least one Kafka topic')
      .max(100, 'At most 100 Kafka topics'),
    consumerGroupId: requiredText('Consumer group id', 256),
    consumerCount: boundedWholeNumber('Consumer count', KAFKA_SERVICE_LIMITS.consumerCount).default(
      KAFKA_SUBSCRIBER_DEFAULTS.consumerCount,
    ),
    keyType: z
      .enum(KAFKA_DATA_TYPES, {
        error: `Key type is one of ${KAFKA_DATA_TYPES.join(', ')}`,
      })
      .default(KAFKA_SUBSCRIBER_DEFAULTS.keyType),
    valueType: z
      .enum(KAFKA_DATA_TYPES, {
        error: `Value type is one of ${KAFKA_DATA_TYPES.join(', ')}`,
      })
      .default(KAFKA_SUBSCRIBER_DEFAULTS.valueType),
    heraldTopicPattern: patternText('Topic pattern', checkHeraldTopicPattern).default(
      KAFKA_SUBSCRIBER_DEFAULTS.heraldTopicPattern,
    ),
    createTopicHierarchy: z.boolean().default(KAFKA_SUBSCRIBER_DEFAULTS.createTopicHierarchy),
    pollTimeout: boundedWholeNumber(
      'Poll timeout',
      KAFKA_SERVICE_LIMITS.pollTimeout,
      ' ms',
    ).default(KAFKA_SUBSCRIBER_DEFAULTS.pollTimeout),
    framework: z
      .strictObject({
        publicationRetries: boundedWholeNumber(
          'Publication retries',
          KAFKA_SERVICE_LIMITS.publicationRetries,
        ).default(KAFKA_SUBSCRIBER_DEFAULTS.framework.publicationRetries),
        retryIntervalMs: boundedWholeNumber(
          'Retry interval',
          KAFKA_SERVICE_LIMITS.retryIntervalMs,
          ' ms',
        ).default(KAFKA_SUBSCRIBER_DEFAULTS.framework.retryIntervalMs),
      })
      .default(KAFKA_SUBSCRIBER_DEFAULTS.framework),
    topicProperties: z
      .strictObject({
        persistencePolicy: z.enum(KAFKA_PERSISTENCE_POLICIES),
        timeSeries: z.boolean(),
        timeSeriesRetainedRange: timeSeriesRangeInputSchema,
        timeSeriesSubscriptionRange: timeSeriesRangeInputSchema,
        publishesValueOnly: z.boolean(),
        doNotRetainValue: z.boolean(),
      })
      .default(KAFKA_SUBSCRIBER_DEFAULTS.topicProperties),
    payloadConverters: z
      .array(
        z.strictObject({
          name: requiredText('Converter name'),
          parameters: z
            .object({ headers: z.array(z.string().trim().min(1).max(256)).optional() })
            .catchall(z.unknown())
            .default({}),
        }),
      )
      .max(10)
      .superRefine(refineConverterChain)
      .default([]),
  })
  .superRefine((subscriber, ctx) => {
    if (!subscriber.regexSubscription) return;
    // Section 3: a regex subscription is a single regular expression entry.
    if (subscriber.kafkaTopics.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['kafkaTopics'],
        message: 'A regex subscription has exactly one pattern',
      });
      return;
    }
    try {
      new RegExp(subscriber.kafkaTopics[0] ?? '');
    } catch {
      ctx.addIssue({
        code: 'custom',
        path: ['kafkaTopics', 0],
        message: 'Not a valid regular expression',
      });
    }
  });
export type KafkaSubscriberInput = z.input<typeof kafkaSubscriberInputSchema>;

const adapterVersionInputSchema = z
  .string({ error: 'A version is required' })
  .trim()
  .min(1, 'A version is required')
  .max(64);

/** POST /adapters/{type}/{adapterId}/scheduled-update {newVersion, scheduledTimestamp}. */
export const scheduleAdapterUpgradeRequestSchema = z.strictObject({
  newVersion: adapterVersionInputSchema,
  scheduledTimestamp: z
    .number({ error: 'scheduledTimestamp must be unix milliseconds' })
    .int('scheduledTimestamp must be unix milliseconds')
    .positive('scheduledTimestamp must be unix milliseconds'),
});
export type ScheduleAdapterUpgradeRequest = z.infer<typeof scheduleAdapterUpgradeRequestSchema>;

/** POST /adapters/{type}/{adapterId}/upgrade {newVersion}. */
export const upgradeAdapterRequestSchema = z.strictObject({
  newVersion: adapterVersionInputSchema,
});
export type UpgradeAdapterRequest = z.infer<typeof upgradeAdapterRequestSchema>;

/**
 * Section 7: "returns upgradeType and version or latest". `version`: the adapter was upgraded to
 * `version`; `latest`: it already runs the latest version (`version` is that version), which the
 * client reports as 'Already running latest adapter version'.
 */
export const ADAPTER_UPGRADE_TYPES = ['version', 'latest'] as const;
export const upgradeAdapterResponseSchema = z.object({
  upgradeType: z.enum(ADAPTER_UPGRADE_TYPES),
  version: z.string(),
});
export type UpgradeAdapterResponse = z.infer<typeof upgradeAdapterResponseSchema>;
