/** What the cache reads to know whether an entry is still true (db/write-generation.ts). */
export interface Generation {
  readonly value: number;
}

interface Entry<V> {
  readonly generation: number;
  readonly value: V;
}

export const DEFAULT_CACHE_ENTRIES = 10_000;

/**
 * A bounded LRU of reads, each valid exactly while the write generation it was read at is still current: any write
 * to the database makes every entry stale at once, so there is no per-table invalidation to forget.
 */
export class GenerationCache<V> {
  readonly #entries = new Map<string, Entry<V>>();

  constructor(
    private readonly generation: Generation,
    private readonly maxEntries: number = DEFAULT_CACHE_ENTRIES,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /** The value read at the current generation, else undefined (a stale entry is dropped). */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.generation !== this.generation.value) return undefined;
    // Re-inserting moves the key to the newest end of the Map's insertion order (least recently used first).
    this.#entries.set(key, entry);
    return entry.value;
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  /**
   * The cached value, or `load()`'s. The generation is taken before the load starts: if any write began or ended
   * while it ran, the result is not kept. Null (nothing found) is never kept, so unknown keys cannot fill the cache.
   */
  async getOrLoad(key: string, load: () => Promise<V | null>): Promise<V | null> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const generation = this.generation.value;
    const value = await load();
    if (value !== null && generation === this.generation.value) this.#set(key, generation, value);
    return value;
  }

  #set(key: string, generation: number, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, { generation, value });
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }
}
