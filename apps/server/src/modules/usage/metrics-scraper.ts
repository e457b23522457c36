import { SERVICE_TOKEN_SCOPES } from '@herald/contract/services/service-token';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MetricsStore } from '../../adapters/metrics-store/metrics-store';
import { readRuntimeScrape } from '../../adapters/metrics-store/prometheus-text';
import type { Provisioner } from '../../adapters/provisioner/provisioner';
import { RuntimeCallError } from '../../adapters/provisioner/runtime-call-error';
import { getMetricsText } from '../../adapters/provisioner/runtime-client';
import type { Database } from '../../db/database';
import { service } from '../../db/schema';
import type { TokenSigner } from '../service-api/tokens';

export interface MetricsScraperOptions {
  db: Database;
  provisioner: Pick<Provisioner, 'endpointOf'>;
  tokens: Pick<TokenSigner, 'signServiceToken'>;
  /** The database store (a store without recordScrape is scraped by someone else: the scraper does nothing). */
  store: MetricsStore;
  intervalSeconds: number;
  clock: () => Date;
  logger: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;
  /** Runtimes scraped at the same time; the rest wait for a free slot. */
  concurrency?: number;
}

export interface MetricsScraper {
  /** Scrapes at once, then every interval; runs the store's maintenance at once and hourly. */
  start(): void;
  /** One round over every running service (resolves when each scrape of the round ended). */
  scrapeAll(): Promise<void>;
  /** Stops the timers and waits for the scrapes under way. */
  close(): Promise<void>;
}

/** Our own tokens last 5 minutes; one is reused until a minute before it expires. */
const TOKEN_TTL_SECONDS = 300;
const TOKEN_RENEW_BEFORE_MS = 60_000;
const MAINTENANCE_INTERVAL_MS = 3_600_000;

interface CachedToken {
  credentialVersion: number;
  token: string;
  expiresAtMs: number;
}

/**
 * The control plane's usage scraper (docs/decisions/022): every METRICS_SCRAPE_SECONDS it reads each running
 * runtime's /metrics and records the reading in the database metrics store. Each service is scraped on its own:
 * a runtime that does not answer (the runtime client gives up after 2 s) holds one slot, never the others'
 * schedule, and is skipped by the next round while its scrape is still under way.
 */
export function createMetricsScraper(options: MetricsScraperOptions): MetricsScraper {
  const { db, provisioner, tokens, store, clock, logger } = options;
  const concurrency = options.concurrency ?? 8;
  const inFlight = new Set<string>();
  const tokenCache = new Map<string, CachedToken>();
  /** Services whose last scrape failed: logged once at warn, then quietly until they answer again. */
  const failing = new Set<string>();
  const rounds = new Set<Promise<void>>();
  const controller = new AbortController();
  const timers: NodeJS.Timeout[] = [];

  async function tokenFor(serviceId: string, credentialVersion: number): Promise<string> {
    const cached = tokenCache.get(serviceId);
    const now = clock().getTime();
    // Signing (ES256) on every scrape would be waste: reuse the token until shortly before it expires.
    if (
      cached &&
      cached.credentialVersion === credentialVersion &&
      cached.expiresAtMs - TOKEN_RENEW_BEFORE_MS > now
    ) {
      return cached.token;
    }
    const { token, expiresIn } = await tokens.signServiceToken({
      serviceId,
      subject: 'control-plane',
      scope: SERVICE_TOKEN_SCOPES.readWrite,
      credentialVersion,
      ttlSeconds: TOKEN_TTL_SECONDS,
    });
    tokenCache.set(serviceId, { credentialVersion, token, expiresAtMs: now + expiresIn * 1000 });
    return token;
  }

  async function scrapeOne(serviceId: string, credentialVersion: number): Promise<void> {
    const endpoint = provisioner.endpointOf(serviceId);
    if (!endpoint || !store.recordScrape) return;
    try {
      const text = await getMetricsText(
        endpoint,
        await tokenFor(serviceId, credentialVersion),
        controller.signal,
      );
      await store.recordScrape(serviceId, readRuntimeScrape(text), clock());
      failing.delete(serviceId);
    } catch (error) {
      // A refused token (credentials rotated, key replaced) is signed again next time.
      if (error instanceof RuntimeCallError && error.status === 401) tokenCache.delete(serviceId);
      if (controller.signal.aborted) return;
      const level = failing.has(serviceId) ? 'debug' : 'warn';
      failing.add(serviceId);
      logger[level]({ err: error, serviceId }, 'usage scrape failed');
    }
  }

  async function scrapeAll(): Promise<void> {
    if (!store.recordScrape || controller.signal.aborted) return;
    const rows = await db
      .select({ id: service.id, credentialVersion: service.credentialVersion })
      .from(service)
      .where(eq(service.desiredState, 'running'));
    const due = rows.filter((row) => !inFlight.has(row.id) && provisioner.endpointOf(row.id));
    for (const row of due) inFlight.add(row.id);
    let next = 0;
    const worker = async () => {
      while (next < due.length) {
        const row = due[next]!;
        next += 1;
        try {
          await scrapeOne(row.id, row.credentialVersion);
        } finally {
          inFlight.delete(row.id);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, due.length) }, worker));
    // Tokens of services that stopped running are forgotten.
    const running = new Set(rows.map((row) => row.id));
    for (const id of tokenCache.keys()) if (!running.has(id)) tokenCache.delete(id);
  }

  /** A round in the background: tracked so close() waits for it; its failure is logged, never thrown. */
  function runRound(): void {
    const round = scrapeAll()
      .catch((error: unknown) => logger.error({ err: error }, 'usage scrape round failed'))
      .finally(() => rounds.delete(round));
    rounds.add(round);
  }

  function runMaintenance(): void {
    if (!store.maintain) return;
    const work = store
      .maintain(clock())
      .catch((error: unknown) => logger.error({ err: error }, 'usage maintenance failed'))
      .finally(() => rounds.delete(work));
    rounds.add(work);
  }

  return {
    start() {
      runMaintenance();
      timers.push(setInterval(runMaintenance, MAINTENANCE_INTERVAL_MS).unref());
      if (!store.recordScrape) return;
      // At once: after a control-plane restart the gap is at most the downtime plus one interval.
      runRound();
      timers.push(setInterval(runRound, options.intervalSeconds * 1000).unref());
    },
    scrapeAll,
    async close() {
      for (const timer of timers) clearInterval(timer);
      controller.abort();
      await Promise.allSettled([...rounds]);
    },
  };
}
