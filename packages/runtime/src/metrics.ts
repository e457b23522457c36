/** Counters of the runtime, exported on `GET /metrics` in the Prometheus text format (version 0.0.4). */
export interface RuntimeCounters {
  messagesIn: number;
  messagesOut: number;
  bytesIn: number;
  bytesOut: number;
}

export function createCounters(): RuntimeCounters {
  return { messagesIn: 0, messagesOut: 0, bytesIn: 0, bytesOut: 0 };
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
  ];
  return series
    .map(
      ([name, type, help, value]) =>
        `# HELP ${name} ${help}\n# TYPE ${name} ${type}\n${name}${label} ${value}\n`,
    )
    .join('');
}
