import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { service } from '../../db/schema';
import type { LocalProvisioner } from '../provisioner/local-provisioner';

/** One group of Prometheus file-based service discovery (`file_sd_configs`). */
export interface PrometheusTargetGroup {
  targets: string[];
  labels: { service_id: string; service_name: string };
}

/** The file-SD document for the registered runtimes (sorted, so an unchanged set writes the same bytes). */
export function targetGroups(
  services: readonly { id: string; serviceName: string; httpPort: number }[],
): PrometheusTargetGroup[] {
  return [...services]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((entry) => ({
      targets: [`127.0.0.1:${entry.httpPort}`],
      labels: { service_id: entry.id, service_name: entry.serviceName },
    }));
}

/**
 * Writes the file whole or not at all: Prometheus may read it at any moment (it watches the file). Mode 0600 like
 * everything the control plane writes (Prometheus runs as the same user, as it does for `metrics-token`).
 */
export async function writeFileAtomically(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, content, { mode: 0o600 });
  await rename(temporary, file);
}

export interface PrometheusTargetsOptions {
  db: Database;
  config: Pick<Config, 'prometheusSdFile'>;
  logger: FastifyBaseLogger;
  provisioner: Pick<LocalProvisioner, 'endpointOf' | 'watchStatus'>;
  /** A full rewrite this often as well (a deleted service writes no status); default 30 s. */
  refreshMs?: number;
}

export interface PrometheusTargets {
  /** Writes the file now and after every status the provisioner writes. */
  start(): Promise<void>;
  /** Resolves once the file holds the targets as they are now. */
  refresh(): Promise<void>;
  close(): void;
}

/**
 * The provisioner's side of the Prometheus metrics store (docs/decisions/022): every registered runtime as a
 * scrape target `127.0.0.1:<httpPort>` labelled with its service id and name, rewritten atomically when a status
 * is written (a runtime registers or goes away), at start and periodically.
 */
export function createPrometheusTargets(options: PrometheusTargetsOptions): PrometheusTargets {
  const { db, config, logger, provisioner } = options;
  let lastWritten: string | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let unsubscribe: (() => void) | null = null;

  async function writeOnce(): Promise<void> {
    const rows = await db
      .select({ id: service.id, serviceName: service.serviceName })
      .from(service)
      .where(eq(service.desiredState, 'running'));
    const registered = rows.flatMap((row) => {
      const endpoint = provisioner.endpointOf(row.id);
      return endpoint ? [{ ...row, httpPort: endpoint.httpPort }] : [];
    });
    const content = `${JSON.stringify(targetGroups(registered), null, 2)}\n`;
    if (content === lastWritten) return;
    await writeFileAtomically(config.prometheusSdFile, content);
    lastWritten = content;
  }

  /** One write at a time; a request during a write runs one more write after it (coalesced). */
  function refresh(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await writeOnce().catch((error: unknown) => {
          logger.warn({ err: error }, 'Prometheus service discovery file could not be written');
        });
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    async start() {
      unsubscribe = provisioner.watchStatus(() => void refresh());
      timer = setInterval(() => void refresh(), options.refreshMs ?? 30_000);
      timer.unref();
      await refresh();
    },
    refresh,
    close() {
      unsubscribe?.();
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

/**
 * With PROMETHEUS_URL, keeps the service discovery file up to date while the app runs; registered before the
 * provisioner's onReady hook, so its first status writes already reach the file.
 */
export function schedulePrometheusTargets(
  app: FastifyInstance,
  db: Database,
  provisioner: PrometheusTargetsOptions['provisioner'],
): void {
  if (!app.config.prometheusUrl) return;
  const targets = createPrometheusTargets({ db, config: app.config, logger: app.log, provisioner });
  app.addHook('onReady', () => targets.start());
  app.addHook('onClose', async () => targets.close());
}
