import type { FastifyBaseLogger } from 'fastify';
import type { ServiceStore } from './service-store';

/** setTimeout's maximum delay; a scheduled update further away re-arms on the way. */
const MAX_TIMER_MS = 2_147_483_647;

/** One timer for the nearest scheduled version update, re-armed after every reconciliation. */
export function createUpdateScheduler(options: {
  /** Where the nearest schedule is read: the services' (the loop), or the adapters' (kafka-gateway). */
  store: Pick<ServiceStore, 'nextScheduledUpdate'>;
  clock: () => Date;
  logger: FastifyBaseLogger;
  onDue: (serviceId: string) => void;
}) {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  return {
    arm(): void {
      if (stopped) return;
      void (async () => {
        const next = await options.store.nextScheduledUpdate();
        if (timer) clearTimeout(timer);
        timer = null;
        if (!next || stopped) return;
        const delay = Math.max(0, Math.min(next.at - options.clock().getTime(), MAX_TIMER_MS));
        timer = setTimeout(() => {
          timer = null;
          options.onDue(next.id);
        }, delay);
        timer.unref();
      })().catch((error: unknown) =>
        options.logger.error({ err: error }, 'Arming the scheduler failed'),
      );
    },
    stop(): void {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
