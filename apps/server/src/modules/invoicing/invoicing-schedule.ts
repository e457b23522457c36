import type { FastifyInstance } from 'fastify';
import { runInvoicing } from './invoicing-run';

export const INVOICING_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Runs the invoicing run once the app is ready and hourly after (as the log store's maintenance): it invoices a
 * month an hour after it ended, resumes a month a crash left unfinished, and charges invoices not yet charged. A
 * failure is logged, never fatal; the next run tries again. Not started when `enabled` is false (tests run it by
 * hand with a moved clock).
 */
export function scheduleInvoicing(app: FastifyInstance, enabled = true): void {
  if (!enabled) return;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closing = false;
  const run = (): Promise<void> =>
    (running ??= runInvoicing(app)
      .then((report) => {
        if (report.invoicesCreated > 0 || report.charged > 0 || report.failed > 0) {
          app.log.info(
            {
              months: report.months,
              invoicesCreated: report.invoicesCreated,
              charged: report.charged,
              failed: report.failed,
            },
            'Invoicing run',
          );
        }
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'Invoicing run failed'))
      .finally(() => {
        running = undefined;
      }));
  app.addHook('onReady', async () => {
    // Not awaited: readiness does not wait for a month of usage to be measured.
    void run();
    timer = setInterval(() => {
      if (!closing) void run();
    }, INVOICING_INTERVAL_MS);
    timer.unref();
  });
  // The database closes after this: let a run in progress finish first.
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(timer);
    await running;
  });
}
