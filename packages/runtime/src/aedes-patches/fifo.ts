/**
 * A first-in first-out queue with O(1) push and shift, for mqemitter's waiting messages: `Array.prototype.shift` on
 * an array of tens of thousands of elements copies the array each time, so draining a burst of n queued messages
 * cost O(n²) (40,000 queued messages: 2.9 s measured here).
 */
export class Fifo<T> {
  private items: Array<T | undefined> = [];
  private head = 0;

  get length(): number {
    return this.items.length - this.head;
  }

  push(item: T): number {
    this.items.push(item);
    return this.length;
  }

  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head];
    this.items[this.head] = undefined;
    this.head += 1;
    // Drop the consumed front once it is most of the array (amortised O(1); an empty queue starts afresh).
    if (this.head === this.items.length) {
      this.items = [];
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
}
