import {
  TIME_SERIES_EVENT_VALUE_TYPES,
  TOPIC_PROPERTY_NAMES,
  TOPIC_TYPES,
  type TopicProperties,
  type TopicPropertyName,
  type TopicType,
} from './topic.schema';
import { parseRemoval } from './topic-removal';
import { parseTimeSeriesRange } from './time-series-range';

/**
 * Topic properties (DATA-PLANE "Topics"): which apply to which type, their defaults, what they mean (the Add topic
 * dialog shows `description`), and `checkTopicProperties`, which names a bad property or value. Every value is a
 * string, as the platform keeps them. What each property does in our runtime: docs/decisions/019 ("Runtime topic
 * model").
 */
export interface TopicPropertyRule {
  name: TopicPropertyName;
  /** The types it may be set on. */
  types: readonly TopicType[];
  /** The value the runtime acts on when it is not set; null when absence means "none". */
  defaultValue: string | null;
  description: string;
  /** Why a value is wrong, or null when it is right. */
  check: (value: string) => string | null;
}

export const DEFAULT_TIME_SERIES_RETAINED_RANGE = 'limit 1000';
export const OWNER_PATTERN = /^\$Principal is "([^"\\]{1,128})"$/;

const ALL_TYPES = TOPIC_TYPES;
const NOT_TIME_SERIES = TOPIC_TYPES.filter((type) => type !== 'TIME_SERIES');

const oneOf =
  (values: readonly string[]) =>
  (value: string): string | null =>
    values.includes(value)
      ? null
      : `must be ${values
          .slice(0, -1)
          .map((item) => `"${item}"`)
          .join(', ')} or "${values.at(-1) ?? ''}"`;

const BOOLEAN = oneOf(['true', 'false']);

const RULES: readonly TopicPropertyRule[] = [
  {
    name: 'PUBLISH_VALUES_ONLY',
    types: ALL_TYPES,
    defaultValue: 'false',
    description:
      'Send whole values, never deltas. MQTT always sends whole values, so this is kept for other clients.',
    check: BOOLEAN,
  },
  {
    name: 'DONT_RETAIN_VALUE',
    types: NOT_TIME_SERIES,
    defaultValue: 'false',
    description:
      'Deliver each value to current subscribers only: the topic keeps no value and a new subscriber gets none.',
    check: BOOLEAN,
  },
  {
    name: 'PERSISTENT',
    types: ALL_TYPES,
    defaultValue: 'true',
    description:
      'Keep the topic and its value across restarts. "false" keeps it in memory only: it is gone after a restart.',
    check: BOOLEAN,
  },
  {
    name: 'VALIDATE_VALUES',
    types: ALL_TYPES,
    defaultValue: 'false',
    description:
      'Refuse values that do not fit the type. INT64, DOUBLE and time series topics always check; this makes JSON topics require JSON text and STRING topics UTF-8.',
    check: BOOLEAN,
  },
  {
    name: 'TIME_SERIES_EVENT_VALUE_TYPE',
    types: ['TIME_SERIES'],
    defaultValue: 'JSON',
    description: 'The type of each event value of the time series.',
    check: oneOf(TIME_SERIES_EVENT_VALUE_TYPES),
  },
  {
    name: 'TIME_SERIES_RETAINED_RANGE',
    types: ['TIME_SERIES'],
    defaultValue: DEFAULT_TIME_SERIES_RETAINED_RANGE,
    description:
      'Which events the time series keeps: "limit 100" (the newest 100), "last 1h" (those of the last hour), or both.',
    check: (value) => {
      const parsed = parseTimeSeriesRange(value);
      return parsed.ok ? null : parsed.message;
    },
  },
  {
    name: 'TIME_SERIES_SUBSCRIPTION_RANGE',
    types: ['TIME_SERIES'],
    defaultValue: null,
    description:
      'Which past events a new subscriber receives, in the same syntax ("limit 10", "last 5m"). MQTT subscribers get the latest event only.',
    check: (value) => {
      const parsed = parseTimeSeriesRange(value);
      return parsed.ok ? null : parsed.message;
    },
  },
  {
    name: 'REMOVAL',
    types: ALL_TYPES,
    defaultValue: null,
    description:
      'Remove the topic automatically, e.g. "when no updates for 10m", "when subscriptions < 1 for 30s" or "when time after 1767225600000"; combine with "and" / "or".',
    check: (value) => {
      const parsed = parseRemoval(value);
      return parsed.ok ? null : parsed.message;
    },
  },
  {
    name: 'CONFLATION',
    types: ALL_TYPES,
    defaultValue: 'conflate',
    description:
      'How a slow subscriber\'s queue is shortened: "off", "conflate", "unsubscribe" or "always".',
    check: oneOf(['off', 'conflate', 'unsubscribe', 'always']),
  },
  {
    name: 'COMPRESSION',
    types: ALL_TYPES,
    defaultValue: 'low',
    description: 'Compression of values sent to subscribers: "off", "low", "medium" or "high".',
    check: oneOf(['off', 'low', 'medium', 'high']),
  },
  {
    name: 'OWNER',
    types: ALL_TYPES,
    defaultValue: null,
    description:
      'A principal that may read and write this topic whatever its roles, written $Principal is "name".',
    check: (value) => (OWNER_PATTERN.test(value) ? null : 'must be written $Principal is "name"'),
  },
  {
    name: 'PRIORITY',
    types: ALL_TYPES,
    defaultValue: 'default',
    description: 'Delivery priority of the topic\'s values: "low", "default" or "high".',
    check: oneOf(['low', 'default', 'high']),
  },
  {
    name: 'TIDY_ON_UNSUBSCRIBE',
    types: ALL_TYPES,
    defaultValue: 'false',
    description:
      'Drop values queued for a subscriber that unsubscribes. MQTT clients keep no queue per topic, so this is kept for other clients.',
    check: BOOLEAN,
  },
  {
    name: 'SCHEMA',
    types: ['JSON'],
    defaultValue: null,
    description: 'A JSON Schema describing the values, kept for clients and tools.',
    check: (value) => {
      try {
        const parsed: unknown = JSON.parse(value);
        return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
          ? null
          : 'must be a JSON object';
      } catch (_error) {
        return 'must be a JSON object';
      }
    },
  },
];

export const TOPIC_PROPERTY_RULES: Readonly<Record<TopicPropertyName, TopicPropertyRule>> =
  Object.fromEntries(RULES.map((rule) => [rule.name, rule])) as Record<
    TopicPropertyName,
    TopicPropertyRule
  >;

/** The properties that may be set on a topic of this type, in the order of DATA-PLANE "Topics". */
export function propertiesForType(type: TopicType): TopicPropertyRule[] {
  return TOPIC_PROPERTY_NAMES.map((name) => TOPIC_PROPERTY_RULES[name]).filter((rule) =>
    rule.types.includes(type),
  );
}

export type PropertiesCheck = { ok: true } | { ok: false; property: string; message: string };

/** Names the first property that is unknown, not for this type, or has a bad value. */
export function checkTopicProperties(
  type: TopicType,
  properties: Readonly<Record<string, string>>,
): PropertiesCheck {
  for (const [name, value] of Object.entries(properties)) {
    const rule = (TOPIC_PROPERTY_RULES as Partial<Record<string, TopicPropertyRule>>)[name];
    if (rule === undefined) {
      return { ok: false, property: name, message: `${name} is not a topic property` };
    }
    if (!rule.types.includes(type)) {
      return {
        ok: false,
        property: name,
        message: `${name} does not apply to a ${type} topic (only ${rule.types.join(', ')})`,
      };
    }
    const problem = rule.check(value);
    if (problem !== null) {
      return { ok: false, property: name, message: `${name} ${problem}; got "${value}"` };
    }
  }
  return { ok: true };
}

/**
 * The properties a new topic is stored with: the given ones, plus for a time series its event value type and
 * retained range, so that what it keeps is visible on the topic.
 */
export function withTypeDefaults(type: TopicType, properties: TopicProperties): TopicProperties {
  if (type !== 'TIME_SERIES') return { ...properties };
  return {
    TIME_SERIES_EVENT_VALUE_TYPE: 'JSON',
    TIME_SERIES_RETAINED_RANGE: DEFAULT_TIME_SERIES_RETAINED_RANGE,
    ...properties,
  };
}

/** A property's value as the runtime acts on it: the topic's own, else the default. */
export function effectiveProperty(
  properties: TopicProperties,
  name: TopicPropertyName,
): string | null {
  return properties[name] ?? TOPIC_PROPERTY_RULES[name].defaultValue;
}

/** The principal named by OWNER, or null. */
export function topicOwner(properties: TopicProperties): string | null {
  const owner = properties.OWNER;
  if (owner === undefined) return null;
  return OWNER_PATTERN.exec(owner)?.[1] ?? null;
}
