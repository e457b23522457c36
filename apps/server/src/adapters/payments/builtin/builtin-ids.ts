import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * A provider-style id (`cs_test_...`): `length` base-62 characters from the CSPRNG. A checkout session's id is the
 * capability to its card page, so it carries about 286 bits (48 characters).
 */
export function builtinId(prefix: string, length = 24): string {
  const bytes = randomBytes(length * 2);
  let id = '';
  for (let index = 0; index < bytes.length && id.length < length; index += 1) {
    const byte = bytes[index]!;
    // 248 = 4 × 62: bytes above it are skipped so every character is equally likely.
    if (byte < 248) id += ALPHABET[byte % 62];
  }
  while (id.length < length) id += ALPHABET[randomBytes(1)[0]! % 62];
  return `${prefix}${id}`;
}
