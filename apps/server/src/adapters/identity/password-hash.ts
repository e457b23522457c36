import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';

/**
 * Password hashing for the identity adapter: scrypt from node:crypto, which runs on libuv's thread pool (off the
 * main thread), at ASVS 5.0 strength (V11.4.2 / OWASP: N=2^17, r=8, p=1; ~128 MiB and a few hundred ms per hash).
 *
 * Stored format, self-describing so that the cost can be raised later without breaking old hashes:
 * `scrypt$<N>$<r>$<p>$<salt base64>$<key base64>` (16-byte salt, 64-byte key).
 */

export interface ScryptCost {
  /** CPU/memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
}

/** The production parameters. */
export const PASSWORD_HASH_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

const SALT_BYTES = 16;
const KEY_BYTES = 64;
const PREFIX = 'scrypt';

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = {
    N: cost.N,
    r: cost.r,
    p: cost.p,
    // scrypt needs 128·N·r·p bytes; node's default cap (32 MiB) is below that at N=2^17.
    maxmem: 256 * cost.N * cost.r * cost.p,
  };
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

/**
 * A hasher with the given cost for new hashes (tests inject a small one). `verify` always uses the parameters
 * stored in the hash, so hashes of any cost verify.
 */
export function createPasswordHasher(cost: ScryptCost = PASSWORD_HASH_COST): PasswordHasher {
  return {
    async hash(password) {
      const salt = randomBytes(SALT_BYTES);
      const key = await derive(password, salt, cost);
      return [PREFIX, cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join(
        '$',
      );
    },
    async verify({ hash, password }) {
      const parsed = parseHash(hash);
      if (!parsed) return false;
      const key = await derive(password, parsed.salt, parsed.cost);
      return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
    },
  };
}

/** Reads a stored hash; undefined when it is not in our format (it then never verifies). */
export function parseHash(
  hash: string,
): { cost: ScryptCost; salt: Buffer; key: Buffer } | undefined {
  const parts = hash.split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return undefined;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const isPowerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0;
  if (!isPowerOfTwo || N > 2 ** 20 || !Number.isInteger(r) || r < 1 || r > 32) return undefined;
  if (!Number.isInteger(p) || p < 1 || p > 16) return undefined;
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const key = Buffer.from(parts[5] ?? '', 'base64');
  if (salt.length < SALT_BYTES || key.length !== KEY_BYTES) return undefined;
  return { cost: { N, r, p }, salt, key };
}
