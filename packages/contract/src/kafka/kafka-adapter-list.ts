import { KAFKA_MESSAGES } from '../messages';
import type { KafkaAdapterState } from './kafka-adapter-state';
import type { KafkaAdapter, KafkaAdapterRecord } from './kafka-adapter.schema';

/**
 * The adapter list of spec section 2 ("Kafka adapter screens": id, name, counts of clusters, publishers and
 * subscribers, activated, high availability, version) and the live state beside it (issue 27 item 8).
 */

export interface ReadableAdapters {
  adapters: KafkaAdapter[];
  /** Records without a label: sections 3 and 8 skip them and report each as a warning. */
  skipped: KafkaAdapterRecord[];
  warning: typeof KAFKA_MESSAGES.partialAdapterRecord;
}

/** Sections 3 and 8: a record without a label is left out of the list (and reported by the caller). */
export function readableAdapters(records: readonly KafkaAdapterRecord[]): ReadableAdapters {
  const adapters: KafkaAdapter[] = [];
  const skipped: KafkaAdapterRecord[] = [];
  for (const record of records) {
    const label = record.label?.trim();
    if (label === undefined || label === '') skipped.push(record);
    else adapters.push({ ...record, label: record.label ?? label });
  }
  return { adapters, skipped, warning: KAFKA_MESSAGES.partialAdapterRecord };
}

export interface AdapterCounts {
  clusters: number;
  publishers: number;
  subscribers: number;
}

export function adapterCounts(adapter: KafkaAdapterRecord): AdapterCounts {
  return {
    clusters: adapter.kafkaClusterConfigs.length,
    publishers: adapter.kafkaServices.filter((service) => service.type === 'PUBLISHING_SERVICE')
      .length,
    subscribers: adapter.kafkaServices.filter((service) => service.type === 'SUBSCRIPTION_SERVICE')
      .length,
  };
}

/** "1 cluster · 2 publishers · 0 subscribers", for people. */
export function adapterCountsText(counts: AdapterCounts): string {
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  return [
    plural(counts.clusters, 'cluster'),
    plural(counts.publishers, 'publisher'),
    plural(counts.subscribers, 'subscriber'),
  ].join(' · ');
}

export type AdapterHealth = 'disabled' | 'checking' | 'stopped' | 'connected' | 'partly' | 'none';

export interface AdapterLiveSummary {
  health: AdapterHealth;
  /** The adapter's status in people's words. */
  words: string;
  /** Records per second from Kafka into the service (its subscribers together). */
  inPerSecond: number | null;
  /** Records per second from the service to Kafka (its publishers together). */
  outPerSecond: number | null;
}

/**
 * The adapter's live status. `state` is undefined while the first answer is awaited (or when it failed): then only
 * the activation is known.
 */
export function adapterLiveSummary(
  adapter: { active: boolean; kafkaClusterConfigs: readonly unknown[] },
  state: KafkaAdapterState | undefined,
): AdapterLiveSummary {
  if (!adapter.active) {
    return { health: 'disabled', words: 'Disabled', inPerSecond: null, outPerSecond: null };
  }
  if (state === undefined) {
    return { health: 'checking', words: 'Checking…', inPerSecond: null, outPerSecond: null };
  }
  const inPerSecond = state.subscribers.reduce((sum, item) => sum + item.ratePerSecond, 0);
  const outPerSecond = state.publishers.reduce((sum, item) => sum + item.ratePerSecond, 0);
  if (!state.running) {
    return { health: 'stopped', words: 'Starting or restarting', inPerSecond, outPerSecond };
  }
  const total = adapter.kafkaClusterConfigs.length;
  const connected = state.clusters.filter((cluster) => cluster.connected).length;
  if (total === 0) {
    return { health: 'none', words: 'Running, no cluster yet', inPerSecond, outPerSecond };
  }
  if (connected >= total) {
    return { health: 'connected', words: 'Connected to Kafka', inPerSecond, outPerSecond };
  }
  if (connected === 0) {
    return { health: 'none', words: 'Not connected to Kafka', inPerSecond, outPerSecond };
  }
  return {
    health: 'partly',
    words: `Connected to ${connected} of ${total} clusters`,
    inPerSecond,
    outPerSecond,
  };
}

/** "12.5/s", "0/s": a rate as people read it; null (not known yet) is an en dash. */
export function rateText(perSecond: number | null): string {
  if (perSecond === null) return '–';
  const rounded = perSecond >= 100 ? Math.round(perSecond) : Math.round(perSecond * 10) / 10;
  return `${rounded.toLocaleString('en-US')}/s`;
}
