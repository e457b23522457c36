/**
 * Defaults of a new publisher and subscriber: what the form starts with and what the API fills in for a field a
 * request leaves out. The spec names these settings (section 3) but shows no values or bounds (section 5: "Other
 * form bounds: not shown"), so they are ours (docs/decisions/047).
 */
export const KAFKA_SUBSCRIBER_DEFAULTS = {
  heraldTopicPattern: 'kafka/${topic}/${partition}',
  regexSubscription: false,
  /** One consumer per subscriber; more only help when the topics have that many partitions. */
  consumerCount: 1,
  keyType: 'STRING',
  valueType: 'STRING',
  createTopicHierarchy: false,
  /** Milliseconds a poll waits for records: short enough that a stop or a rebalance is prompt. */
  pollTimeout: 500,
  framework: {
    /** Attempts to write a record to our topic after the first fails, before the subscriber stops on it. */
    publicationRetries: 3,
    retryIntervalMs: 1_000,
  },
  topicProperties: {
    /** SERVER: values survive a restart of the service, as records committed in Kafka do. */
    persistencePolicy: 'SERVER',
    timeSeries: false,
    timeSeriesRetainedRange: null,
    timeSeriesSubscriptionRange: null,
    publishesValueOnly: false,
    doNotRetainValue: false,
  },
} as const;

export const KAFKA_PUBLISHER_DEFAULTS = {
  /** The topic path with `/` turned into `.` (issue 27 item 4). */
  kafkaTopicPattern: '${topic}',
  /** null: the topic path is the record key. */
  keyValue: null,
  valueType: 'STRING',
  framework: {
    /** Milliseconds to wait for Kafka's acknowledgement of a record: Kafka's producer `request.timeout.ms`. */
    updateTimeoutMs: 30_000,
  },
} as const;

/** Bounds the API holds a request to, named in its error messages. */
export const KAFKA_SERVICE_LIMITS = {
  consumerCount: { min: 1, max: 64 },
  pollTimeout: { min: 1, max: 60_000 },
  publicationRetries: { min: 0, max: 100 },
  retryIntervalMs: { min: 0, max: 3_600_000 },
  updateTimeoutMs: { min: 1, max: 3_600_000 },
} as const;
