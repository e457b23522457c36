import type { UsagePoint } from '@herald/contract/usage/usage-periods';
import type { UsageMetric, UsageQueryType } from '@herald/contract/usage/usage.schema';

/**
 * The metrics store port (ARCHITECTURE "Ports and their adapters", docs/decisions/022): where usage history lives
 * and how the usage API is answered. Embedded default: samples in the database, fed by the control plane's scraper
 * (database-metrics-store.ts). Larger installations: a Prometheus server scrapes the runtimes itself (the
 * provisioner writes file-based service discovery) and usage is answered by PromQL (prometheus-metrics-store.ts).
 */

/** One reading of a runtime's /metrics. */
export interface RuntimeScrape {
  /** Unix seconds the runtime process started (herald_runtime_start_time_seconds): a new value means a restart. */
  startedAt: number;
  /** Counters since that start. */
  billedMessages: number;
  /** Messages published by clients: the "in" part of the billed messages. */
  messagesIn: number;
  /** The part of the billed messages adapter sessions caused (herald_adapter_billed_messages_total; issue 27). */
  adapterBilledMessages: number;
  bytes: number;
  /** Gauges now. */
  sessions: number;
  topics: number;
}

export interface UsageQuestion {
  serviceId: string;
  serviceName: string;
  metric: UsageMetric;
  queryType: UsageQueryType;
  /** Unix seconds, inclusive / exclusive. */
  from: number;
  to: number;
  /** Series step in seconds (histograms; counters' peak and low compare steps). */
  step: number;
}

export interface MetricsStore {
  readonly kind: 'database' | 'prometheus';
  /**
   * The database store: records one scrape at `at` (the increase since the stored last reading, Prometheus counter
   * semantics, and the gauges), atomically with the new last reading. Absent on the Prometheus store (Prometheus
   * scrapes the runtimes itself).
   */
  recordScrape?(serviceId: string, scrape: RuntimeScrape, at: Date): Promise<void>;
  /** A single value (sum, peak, low, increase) or a zero-filled series (histogram), per contract usage-aggregate.ts. */
  answer(question: UsageQuestion): Promise<number | UsagePoint[]>;
  /**
   * The answers of one usage call (one question per metric, same service, query type and window), in order. Stores
   * that can answer them together (the database store: one scan of the rows instead of one per metric) provide it.
   */
  answerMany?(questions: readonly UsageQuestion[]): Promise<(number | UsagePoint[])[]>;
  /** Downsampling and retention (database store); run at start and then hourly. */
  maintain?(now: Date): Promise<void>;
  close(): Promise<void>;
}
