/**
 * Records per second over the last few whole seconds (the adapter's "messages per second" of issue 27 item 8), in
 * buckets of one second: no timer, read on demand, O(window) memory.
 */
export class RateMeter {
  private readonly buckets: number[];
  private currentSecond = 0;

  constructor(
    private readonly windowSeconds = 5,
    private readonly now: () => number = Date.now,
  ) {
    this.buckets = new Array<number>(windowSeconds).fill(0);
  }

  add(count: number): void {
    this.advance();
    const index = this.currentSecond % this.windowSeconds;
    this.buckets[index] = (this.buckets[index] ?? 0) + count;
  }

  /** The mean over the last `windowSeconds` complete seconds. */
  perSecond(): number {
    this.advance();
    const current = this.buckets[this.currentSecond % this.windowSeconds] ?? 0;
    const total = this.buckets.reduce((sum, count) => sum + count, 0) - current;
    return total / (this.windowSeconds - 1);
  }

  private advance(): void {
    const second = Math.floor(this.now() / 1000);
    if (this.currentSecond === 0) this.currentSecond = second;
    const steps = Math.min(second - this.currentSecond, this.windowSeconds);
    for (let step = 1; step <= steps; step += 1) {
      this.buckets[(this.currentSecond + step) % this.windowSeconds] = 0;
    }
    if (second > this.currentSecond) this.currentSecond = second;
  }
}
