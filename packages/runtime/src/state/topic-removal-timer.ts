import {
  isRemovalDue,
  nextBelowSince,
  parseRemoval,
  subscriptionThresholds,
  type Removal,
} from '@herald/contract/topics/topic-removal';
import type { Logger } from '../observability/log';
import type { DurableState } from './durable-state';

/**
 * Evaluates the REMOVAL property of topics on a timer (contract topics/topic-removal.ts) and removes those whose
 * conditions hold, durably, like a remove by selector. How long a topic has had too few subscriptions is kept in
 * memory: after a restart it counts again from the start.
 */
export interface RemovalTimerContext {
  state: DurableState;
  logger: Logger;
  intervalMs: number;
  /** How many sessions hold a subscription matching the path. */
  subscriptionsOf: (path: string) => number;
  removeTopics: (paths: string[]) => Promise<void>;
}

export function startRemovalTimer(context: RemovalTimerContext): { stop(): void } {
  const parsed = new Map<string, Removal | null>();
  const belowSince = new Map<string, Map<number, number>>();
  let isRunning = false;

  const removalOf = (text: string): Removal | null => {
    let removal = parsed.get(text);
    if (removal === undefined) {
      const result = parseRemoval(text);
      removal = result.ok ? result.removal : null;
      if (parsed.size < 1000) parsed.set(text, removal);
    }
    return removal;
  };

  const tick = async () => {
    if (isRunning) return;
    isRunning = true;
    try {
      const now = Date.now();
      const due: string[] = [];
      for (const path of context.state.removalPaths) {
        const topic = context.state.topics.get(path);
        const removal =
          topic?.properties.REMOVAL === undefined ? null : removalOf(topic.properties.REMOVAL);
        if (topic === undefined || removal === null) continue;
        const thresholds = subscriptionThresholds(removal);
        const since =
          thresholds.length === 0
            ? new Map<number, number>()
            : nextBelowSince(
                belowSince.get(path) ?? new Map(),
                thresholds,
                context.subscriptionsOf(path),
                now,
              );
        belowSince.set(path, since);
        if (isRemovalDue(removal, { now, updatedAt: topic.updatedAt, belowSince: since })) {
          due.push(path);
        }
      }
      for (const path of belowSince.keys()) {
        if (!context.state.removalPaths.has(path)) belowSince.delete(path);
      }
      if (due.length > 0) {
        await context.removeTopics(due);
        for (const path of due) belowSince.delete(path);
        context.logger.info('topics removed by their REMOVAL property', {
          count: due.length,
          paths: due.slice(0, 10),
        });
      }
    } catch (error) {
      context.logger.error('topic removal failed', { error: String(error) });
    } finally {
      isRunning = false;
    }
  };

  const timer = setInterval(() => void tick(), context.intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
