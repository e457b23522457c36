/** One value received over the messaging session. */
export interface LiveValue {
  payload: Uint8Array;
  receivedAt: number;
  /** The stored value sent on subscribing (MQTT retained), not a change seen happening. */
  retained: boolean;
}

/** What the store holds of one topic: its newest value and the recent ones, newest first. */
export interface LiveEntry {
  latest: LiveValue;
  history: readonly LiveValue[];
}

/** How many recent values a topic keeps while the page is open. */
export const LIVE_HISTORY_LENGTH = 20;

export type FrameScheduler = (flush: () => void) => void;

const nextAnimationFrame: FrameScheduler = (flush) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => flush());
  else setTimeout(flush, 16);
};

/**
 * The live values of the topics in view, outside React. Messages are queued and applied once per animation frame,
 * and only the listeners of the topics that changed are told, so 1,000 changes a second re-render the few rows
 * that show them (through useSyncExternalStore), never the whole tree.
 */
export class LiveValueStore {
  private readonly entries = new Map<string, LiveEntry>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private pending: { topic: string; value: LiveValue }[] = [];
  private isScheduled = false;

  constructor(private readonly schedule: FrameScheduler = nextAnimationFrame) {}

  /** Queues a received message; it is applied at the next frame. */
  push(topic: string, value: LiveValue): void {
    this.pending.push({ topic, value });
    if (this.isScheduled) return;
    this.isScheduled = true;
    this.schedule(() => this.flush());
  }

  /** Applies every queued message and notifies each changed topic's listeners once. */
  flush(): void {
    this.isScheduled = false;
    const batch = this.pending;
    this.pending = [];
    const changed = new Set<string>();
    for (const { topic, value } of batch) {
      const previous = this.entries.get(topic);
      const history = [value, ...(previous?.history ?? [])].slice(0, LIVE_HISTORY_LENGTH);
      this.entries.set(topic, { latest: value, history });
      changed.add(topic);
    }
    for (const topic of changed) {
      for (const listener of this.listeners.get(topic) ?? []) listener();
    }
  }

  get(topic: string): LiveEntry | undefined {
    return this.entries.get(topic);
  }

  /** Listens to one topic's changes (the useSyncExternalStore subscribe). */
  listen(topic: string, listener: () => void): () => void {
    let set = this.listeners.get(topic);
    if (!set) {
      set = new Set();
      this.listeners.set(topic, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(topic);
    };
  }

  /** Drops what is known of a topic no longer in view, so memory follows what is visible. */
  forget(topic: string): void {
    if (!this.entries.delete(topic)) return;
    this.pending = this.pending.filter((item) => item.topic !== topic);
    for (const listener of this.listeners.get(topic) ?? []) listener();
  }

  /** How many topics the store holds (for tests and the bench). */
  get size(): number {
    return this.entries.size;
  }
}
