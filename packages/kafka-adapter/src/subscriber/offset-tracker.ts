/**
 * The at-least-once rule of a subscriber (issue 27 item 3): a partition's offset is committed only once the runtime
 * has acknowledged that record and every earlier one of the partition. Records are taken in offset order and may be
 * acknowledged in any order; `settle` answers the offset to commit now (Kafka's committed offset is the NEXT record
 * to read), or null when the oldest record taken is still unacknowledged. Offsets are decimal strings, as Kafka
 * clients give them (64-bit), compared as bigints.
 */
export class PartitionOffsets {
  /** Offsets taken and not yet acknowledged, in the order taken (ascending). */
  private readonly pending: bigint[] = [];
  private readonly settled = new Set<bigint>();
  /** The highest offset taken so far, or null before the first. */
  private last: bigint | null = null;

  /** Records taken and not yet acknowledged. */
  get inFlight(): number {
    return this.pending.length - this.settled.size;
  }

  take(offset: string): void {
    const value = BigInt(offset);
    if (this.last !== null && value <= this.last) {
      throw new Error(
        `offset ${offset} taken after ${String(this.last)}: records are taken in order`,
      );
    }
    this.last = value;
    this.pending.push(value);
  }

  /** The record at `offset` is acknowledged (or given up as failed); answers the offset to commit, if any. */
  settle(offset: string): string | null {
    const value = BigInt(offset);
    if (!this.pending.includes(value)) return null;
    this.settled.add(value);
    let committable: bigint | null = null;
    while (this.pending.length > 0 && this.settled.has(this.pending[0] as bigint)) {
      const head = this.pending.shift() as bigint;
      this.settled.delete(head);
      committable = head + 1n;
    }
    return committable === null ? null : committable.toString();
  }
}
