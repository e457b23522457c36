import type { SubscriberTopicProperties } from './kafka-adapter.schema';
import type { TopicType } from '../topics/topic.schema';

/**
 * What a subscriber writes to our topics (issue 27 item 3): the topic a consumed record becomes is created before
 * its first value with the subscriber's `topicProperties` (spec section 3) mapped to our topic model (DATA-PLANE
 * "Topics", docs/decisions/019), and, with `createTopicHierarchy`, its parents first.
 */

/** What a value is once its converter chain has run (the adapter's payload kinds). */
export type SubscriberValueKind = 'json' | 'string' | 'number' | 'long' | 'bytes';

/** Our type for each value kind: a time series keeps the same as its event value type. */
const TYPE_OF_KIND: Record<SubscriberValueKind, Exclude<TopicType, 'TIME_SERIES'>> = {
  json: 'JSON',
  string: 'STRING',
  number: 'DOUBLE',
  long: 'INT64',
  bytes: 'BINARY',
};

export interface SubscriberTopicSpec {
  type: TopicType;
  properties: Record<string, string>;
}

/**
 * The type and properties of the topic a record becomes. Persistence: SERVER keeps the topic across restarts
 * (PERSISTENT "true"); NONE and SESSION keep it in memory only (PERSISTENT "false": our runtime has no per-session
 * topic ownership, so SESSION topics live until the runtime restarts). A time series takes the ranges given, else
 * our defaults; DONT_RETAIN_VALUE does not apply to a time series (which always keeps its events).
 */
export function subscriberTopicSpec(
  settings: SubscriberTopicProperties,
  kind: SubscriberValueKind,
): SubscriberTopicSpec {
  const valueType = TYPE_OF_KIND[kind];
  const properties: Record<string, string> = {
    PERSISTENT: settings.persistencePolicy === 'SERVER' ? 'true' : 'false',
    PUBLISH_VALUES_ONLY: String(settings.publishesValueOnly),
  };
  if (!settings.timeSeries) {
    properties.DONT_RETAIN_VALUE = String(settings.doNotRetainValue);
    return { type: valueType, properties };
  }
  properties.TIME_SERIES_EVENT_VALUE_TYPE = valueType;
  const retained = settings.timeSeriesRetainedRange?.trim();
  const subscription = settings.timeSeriesSubscriptionRange?.trim();
  if (retained) properties.TIME_SERIES_RETAINED_RANGE = retained;
  if (subscription) properties.TIME_SERIES_SUBSCRIPTION_RANGE = subscription;
  return { type: 'TIME_SERIES', properties };
}

/** The parents of a topic path, the shortest first: `a/b/c` → `a`, `a/b`. Empty levels are not topics. */
export function topicParents(path: string): string[] {
  const levels = path.split('/');
  const parents: string[] = [];
  for (let end = 1; end < levels.length; end += 1) {
    const parent = levels.slice(0, end).join('/');
    if (levels[end - 1] !== '') parents.push(parent);
  }
  return parents;
}
