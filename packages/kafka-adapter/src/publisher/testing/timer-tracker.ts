import { createHook } from 'node:async_hooks';

/**
 * Timers created while it tracks, by code whose stack matches `origin`, still alive (neither fired nor cleared): for
 * "stop() leaves no timers". Counting every timer of the process would count the test runner's and the MQTT
 * clients' too, so a timer is attributed by the stack of its creation.
 */
export function trackTimers(origin: RegExp): { alive(): string[]; stop(): void } {
  const alive = new Map<number, string>();
  const hook = createHook({
    init(asyncId, type) {
      if (type !== 'Timeout') return;
      const stack = new Error().stack ?? '';
      const frame = stack.split('\n').find((line) => origin.test(line));
      if (frame !== undefined) alive.set(asyncId, frame.trim());
    },
    destroy(asyncId) {
      alive.delete(asyncId);
    },
  });
  hook.enable();
  return { alive: () => [...alive.values()], stop: () => hook.disable() };
}
