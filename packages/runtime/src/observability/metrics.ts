/** Counters of the runtime, exported on `GET /metrics` in the Prometheus text format (version 0.0.4). */
export interface RuntimeCounters {
  messagesIn: number;
  messagesOut: number;
  bytesIn: number;
  bytesOut: number;
  /**
   * What usage bills (docs/decisions/022): messages published by clients plus messages delivered to clients, and
   * their payload bytes. The runtime's own `$SYS/` information is not billed, even when a console subscribed to it.
   */
  billedMessages: number;
  billedBytes: number;
  /**
   * The part of `billedMessages` that adapter sessions caused (published by one, delivered to one): the free trial's
   * adapter cap (spec section 9) is read from it. Still counted in `billedMessages`: it is the service's usage too.
   */
  adapterBilledMessages: number;
  /** Unix seconds the process started: a new value tells a scraper the counters started again from zero. */
  startedAtSeconds: number;
}

export function createCounters(startedAtMs: number = Date.now()): RuntimeCounters {
  return {
    messagesIn: 0,
    messagesOut: 0,
    bytesIn: 0,
    bytesOut: 0,
    billedMessages: 0,
    billedBytes: 0,
    adapterBilledMessages: 0,
    // Whole seconds, as Prometheus client libraries export process_start_time_seconds.
    startedAtSeconds: Math.round(startedAtMs / 1000),
  };
}

/** A message published by a client (it passed every check): counted in and billed; `byAdapter` an adapter's too. */
export function countPublished(
  counters: RuntimeCounters,
  payloadBytes: number,
  byAdapter: boolean,
): void {
  counters.messagesIn += 1;
  counters.bytesIn += payloadBytes;
  counters.billedMessages += 1;
  counters.billedBytes += payloadBytes;
  if (byAdapter) counters.adapterBilledMessages += 1;
}

/**
 * A message delivered to a client: counted out, and billed unless it is the runtime's own `$SYS/` information;
 * `toAdapter`: delivered to an adapter session, so billed to the adapter too.
 */
export function countDelivered(
  counters: RuntimeCounters,
  topic: string,
  payloadBytes: number,
  toAdapter: boolean,
): void {
  counters.messagesOut += 1;
  counters.bytesOut += payloadBytes;
  if (topic.startsWith('$SYS/')) return;
  counters.billedMessages += 1;
  counters.billedBytes += payloadBytes;
  if (toAdapter) counters.adapterBilledMessages += 1;
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

export function renderMetrics(
  serviceName: string,
  gauges: { sessions: number; topics: number },
  counters: RuntimeCounters,
): string {
  const label = `{service="${escapeLabel(serviceName)}"}`;
  const series: [string, 'gauge' | 'counter', string, number][] = [
    ['herald_sessions', 'gauge', 'Connected MQTT sessions.', gauges.sessions],
    ['herald_topics', 'gauge', 'Topics in the topic tree.', gauges.topics],
    ['herald_messages_in_total', 'counter', 'Messages published by clients.', counters.messagesIn],
    [
      'herald_messages_out_total',
      'counter',
      'Messages delivered to clients.',
      counters.messagesOut,
    ],
    ['herald_bytes_in_total', 'counter', 'Payload bytes published by clients.', counters.bytesIn],
    ['herald_bytes_out_total', 'counter', 'Payload bytes delivered to clients.', counters.bytesOut],
    [
      'herald_billed_messages_total',
      'counter',
      'Messages published by clients plus messages delivered to clients ($SYS excluded).',
      counters.billedMessages,
    ],
    [
      'herald_adapter_billed_messages_total',
      'counter',
      'The billed messages adapter sessions published or were delivered (also in herald_billed_messages_total).',
      counters.adapterBilledMessages,
    ],
    [
      'herald_bytes_total',
      'counter',
      'Payload bytes published by clients plus delivered to clients ($SYS excluded).',
      counters.billedBytes,
    ],
    [
      'herald_runtime_start_time_seconds',
      'gauge',
      'Unix time the runtime process started, in seconds.',
      counters.startedAtSeconds,
    ],
  ];
  return series
    .map(
      ([name, type, help, value]) =>
        `# HELP ${name} ${help}\n# TYPE ${name} ${type}\n${name}${label} ${value}\n`,
    )
    .join('');
}
