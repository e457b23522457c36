import { randomBytes } from 'node:crypto';

/** Ids in the payment provider's style (`sub_…`, `in_…`): a prefix and 24 random base62 characters. */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function billingId(prefix: 'sub_' | 'in_' | 'il_' | 'cl_'): string {
  let id = prefix;
  const length = prefix.length + 24;
  while (id.length < length) {
    // 248 = 4 × 62: skipping bytes ≥ 248 keeps every character equally likely.
    for (const byte of randomBytes(32)) {
      if (byte < 248 && id.length < length) id += ALPHABET[byte % 62];
    }
  }
  return id;
}
