import { describe, expect, it } from 'vitest';
import { countDelivered, countPublished, createCounters, renderMetrics } from './metrics';

describe('runtime metrics', () => {
  it('bills publishes and deliveries with their payload bytes, but not $SYS deliveries', () => {
    const counters = createCounters(Date.UTC(2026, 0, 1, 0, 0, 0, 600));
    countPublished(counters, 10, false);
    countDelivered(counters, 'plant/a', 10, false);
    countDelivered(counters, '$SYS/herald/server', 300, false);
    expect(counters).toEqual({
      messagesIn: 1,
      messagesOut: 2,
      bytesIn: 10,
      bytesOut: 310,
      billedMessages: 2,
      billedBytes: 20,
      adapterBilledMessages: 0,
      startedAtSeconds: Date.UTC(2026, 0, 1, 0, 0, 1) / 1000,
    });
  });

  it("bills an adapter session's publishes and deliveries to the service and to the adapter", () => {
    const counters = createCounters();
    countPublished(counters, 3, true);
    countPublished(counters, 3, false);
    countDelivered(counters, 'plant/a', 3, true);
    countDelivered(counters, 'plant/a', 3, false);
    countDelivered(counters, '$SYS/herald/server', 3, true);
    expect(counters).toMatchObject({
      billedMessages: 4,
      adapterBilledMessages: 2,
      billedBytes: 12,
    });
  });

  it('exports every series in the text exposition format with the service label', () => {
    const counters = createCounters(1_700_000_000_000);
    countPublished(counters, 5, true);
    countPublished(counters, 5, false);
    const text = renderMetrics('my "svc"', { sessions: 2, topics: 7 }, counters);
    expect(text).toContain(
      '# TYPE herald_billed_messages_total counter\nherald_billed_messages_total{service="my \\"svc\\""} 2\n',
    );
    expect(text).toContain(
      '# TYPE herald_adapter_billed_messages_total counter\nherald_adapter_billed_messages_total{service="my \\"svc\\""} 1\n',
    );
    expect(text).toContain(
      '# TYPE herald_bytes_total counter\nherald_bytes_total{service="my \\"svc\\""} 10\n',
    );
    expect(text).toContain(
      '# TYPE herald_runtime_start_time_seconds gauge\nherald_runtime_start_time_seconds{service="my \\"svc\\""} 1700000000\n',
    );
    expect(text).toContain('herald_sessions{service="my \\"svc\\""} 2\n');
    expect(text).toContain('herald_topics{service="my \\"svc\\""} 7\n');
  });
});
