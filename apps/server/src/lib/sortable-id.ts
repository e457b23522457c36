import { randomBytes } from 'node:crypto';

let lastMillis = 0;
let sequence = 0;

/**
 * A UUID-shaped id whose text order is its creation order within this process: 48 bits of
 * milliseconds, a 16-bit sequence for ids made in the same millisecond, then 64 random bits.
 * Rows that tie on a millisecond timestamp (audit events of one request, invitations sent together)
 * then still list in the order they happened when the id breaks the tie.
 */
export function newSortableId(now: number = Date.now()): string {
  if (now <= lastMillis) {
    sequence += 1;
    // Past 65,535 ids in one millisecond, borrow the next millisecond rather than wrap around.
    if (sequence > 0xffff) {
      lastMillis += 1;
      sequence = 0;
    }
  } else {
    lastMillis = now;
    sequence = 0;
  }
  const hex =
    lastMillis.toString(16).padStart(12, '0') +
    sequence.toString(16).padStart(4, '0') +
    randomBytes(8).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
