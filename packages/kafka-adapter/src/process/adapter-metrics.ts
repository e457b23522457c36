import type { AdapterState } from './adapter-state';

/**
 * The adapter's Prometheus text (docs/decisions/048): per subscriber the records consumed, published and failed and
 * the lag of each partition; per publisher its handle's counters; the process's resident memory. Label values are
 * escaped as the exposition format asks.
 */
const escape = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const labels = (pairs: Record<string, string | number>) =>
  `{${Object.entries(pairs)
    .map(([name, value]) => `${name}="${escape(String(value))}"`)
    .join(',')}}`;

export function renderAdapterMetrics(
  adapterId: string,
  state: AdapterState,
  rssBytes: number,
): string {
  const lines: string[] = [];
  const family = (name: string, type: 'counter' | 'gauge', help: string) => {
    lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
  };
  const base = { adapter: adapterId };
  family('herald_kafka_subscriber_consumed_total', 'counter', 'Kafka records a subscriber read.');
  for (const s of state.subscribers)
    lines.push(
      `herald_kafka_subscriber_consumed_total${labels({ ...base, subscriber: s.id })} ${s.consumed}`,
    );
  family(
    'herald_kafka_subscriber_published_total',
    'counter',
    'Records a subscriber wrote to the service, acknowledged.',
  );
  for (const s of state.subscribers)
    lines.push(
      `herald_kafka_subscriber_published_total${labels({ ...base, subscriber: s.id })} ${s.published}`,
    );
  family(
    'herald_kafka_subscriber_failed_total',
    'counter',
    'Records a subscriber gave up on (logged).',
  );
  for (const s of state.subscribers)
    lines.push(
      `herald_kafka_subscriber_failed_total${labels({ ...base, subscriber: s.id })} ${s.failed}`,
    );
  family(
    'herald_kafka_subscriber_lag',
    'gauge',
    'Records behind the end of a partition, as of the last fetch.',
  );
  for (const s of state.subscribers) {
    for (const [place, lag] of Object.entries(s.lagByPartition)) {
      const cut = place.lastIndexOf('/');
      lines.push(
        `herald_kafka_subscriber_lag${labels({ ...base, subscriber: s.id, topic: place.slice(0, cut), partition: place.slice(cut + 1) })} ${lag}`,
      );
    }
  }
  family(
    'herald_kafka_publisher_produced_total',
    'counter',
    'Records a publisher produced to Kafka.',
  );
  for (const p of state.publishers)
    lines.push(
      `herald_kafka_publisher_produced_total${labels({ ...base, publisher: p.id })} ${p.produced}`,
    );
  family(
    'herald_kafka_publisher_failed_total',
    'counter',
    'Values a publisher could not deliver (logged).',
  );
  for (const p of state.publishers)
    lines.push(
      `herald_kafka_publisher_failed_total${labels({ ...base, publisher: p.id })} ${p.failed}`,
    );
  family(
    'herald_kafka_publisher_buffered',
    'gauge',
    'Values a publisher holds while Kafka is away.',
  );
  for (const p of state.publishers)
    lines.push(
      `herald_kafka_publisher_buffered${labels({ ...base, publisher: p.id })} ${p.buffered}`,
    );
  family('herald_kafka_cluster_connected', 'gauge', '1 when the adapter reaches the cluster.');
  for (const c of state.clusters)
    lines.push(
      `herald_kafka_cluster_connected${labels({ ...base, cluster: c.id })} ${c.connected ? 1 : 0}`,
    );
  family(
    'herald_kafka_adapter_resident_memory_bytes',
    'gauge',
    'Resident memory of the adapter process.',
  );
  lines.push(`herald_kafka_adapter_resident_memory_bytes${labels(base)} ${rssBytes}`);
  return `${lines.join('\n')}\n`;
}
