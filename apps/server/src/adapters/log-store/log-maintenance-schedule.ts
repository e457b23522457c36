import type { FastifyInstance } from 'fastify';
import type { LogStore } from './log-store';

export const LOG_MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Runs the log store's maintenance once when the app is ready (before the provisioner starts collecting: today's
 * partition exists before the first line arrives) and hourly after. A failure is logged, never fatal: lines still
 * land in the default partition, and the next run tries again.
 */
export function scheduleLogMaintenance(
  app: FastifyInstance,
  store: LogStore,
  clock: () => Date,
): void {
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const run = (): Promise<void> =>
    (running ??= store
      .maintain(clock())
      .catch((error: unknown) => app.log.error({ err: error }, 'Log store maintenance failed'))
      .finally(() => {
        running = undefined;
      }));
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(() => void run(), LOG_MAINTENANCE_INTERVAL_MS);
    timer.unref();
  });
  // The database closes after this: let a run in progress finish first.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
