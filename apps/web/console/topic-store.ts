/**
 * The console's live topic values: the first `limit` paths in the order they arrived (retained values first, as
 * the runtime delivers them on subscribe), each with its latest value and time. Later paths are counted, not kept,
 * so a tree of 100,000 topics costs the page no more than 500 rows.
 */
export const TOPIC_LIMIT = 500;
const VALUE_CHARS = 200;

export interface TopicRow {
  path: string;
  value: string;
  updatedAt: Date;
}

export interface TopicStore {
  /** Records a value; false when the path is beyond the limit (counted only). */
  update(path: string, payload: Uint8Array, at: Date): boolean;
  remove(path: string): void;
  rows(): TopicRow[];
  /** Paths seen beyond the limit. */
  readonly overflow: number;
}

const decoder = new TextDecoder('utf-8', { fatal: false });

/** A value as text a person can read: UTF-8 shortened, or the size of a binary payload. */
export function displayValue(payload: Uint8Array): string {
  if (payload.some((byte) => byte === 0)) return `(${payload.length} bytes of binary data)`;
  const text = decoder.decode(payload);
  return text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS)}…` : text;
}

export function createTopicStore(limit = TOPIC_LIMIT): TopicStore {
  const rows = new Map<string, TopicRow>();
  const beyond = new Set<string>();
  return {
    update(path, payload, at) {
      const row = rows.get(path);
      if (row === undefined && rows.size >= limit) {
        beyond.add(path);
        return false;
      }
      rows.set(path, { path, value: displayValue(payload), updatedAt: at });
      return true;
    },
    remove(path) {
      rows.delete(path);
      beyond.delete(path);
    },
    rows: () => [...rows.values()],
    get overflow() {
      return beyond.size;
    },
  };
}
