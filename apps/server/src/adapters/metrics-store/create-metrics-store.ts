import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { createDatabaseMetricsStore } from './database-metrics-store';
import type { MetricsStore } from './metrics-store';
import { createPrometheusMetricsStore } from './prometheus-metrics-store';

export interface CreateMetricsStoreOptions {
  db: Database;
  config: Pick<Config, 'metricsRetentionDays' | 'prometheusUrl'>;
  clock: () => Date;
  logger: FastifyBaseLogger;
}

/**
 * The metrics store of this installation (docs/decisions/022): a Prometheus server when PROMETHEUS_URL is set (it
 * scrapes the runtimes itself and answers in PromQL), else samples in the database fed by the control plane's
 * scraper.
 */
export function createMetricsStore(options: CreateMetricsStoreOptions): MetricsStore {
  if (options.config.prometheusUrl) {
    return createPrometheusMetricsStore({ config: options.config, logger: options.logger });
  }
  return createDatabaseMetricsStore(options);
}
