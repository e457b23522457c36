import { describe, expect, it } from 'vitest';
import { PASSWORD_HASH_COST, createPasswordHasher, parseHash } from './password-hash';

describe('password hashing (scrypt)', () => {
  it('hashes at the production cost N=2^17, r=8, p=1 with a 16-byte salt and a 64-byte key, off the main thread', async () => {
    expect(PASSWORD_HASH_COST).toEqual({ N: 131072, r: 8, p: 1 });
    const hasher = createPasswordHasher();
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 5);
    const started = performance.now();
    const hash = await hasher.hash('correct horse battery staple');
    const elapsed = performance.now() - started;
    clearInterval(timer);

    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    const parsed = parseHash(hash);
    expect(parsed?.cost).toEqual({ N: 131072, r: 8, p: 1 });
    expect(parsed?.salt).toHaveLength(16);
    expect(parsed?.key).toHaveLength(64);
    // The event loop kept running while scrypt worked in the thread pool.
    expect(ticks).toBeGreaterThan(Math.floor(elapsed / 5 / 4));

    expect(await hasher.verify({ hash, password: 'correct horse battery staple' })).toBe(true);
    expect(await hasher.verify({ hash, password: 'correct horse battery stapler' })).toBe(false);
  }, 30_000);

  it('salts every hash and verifies hashes of any stored cost', async () => {
    const cheap = createPasswordHasher({ N: 1024, r: 8, p: 1 });
    const [first, second] = [await cheap.hash('pass phrase'), await cheap.hash('pass phrase')];
    expect(first).not.toBe(second);
    const other = createPasswordHasher({ N: 2048, r: 4, p: 2 });
    expect(await other.verify({ hash: first, password: 'pass phrase' })).toBe(true);
    expect(await cheap.verify({ hash: await other.hash('x-y-z-w'), password: 'x-y-z-w' })).toBe(
      true,
    );
  });

  it('treats Unicode-equivalent passwords alike (NFKC)', async () => {
    const hasher = createPasswordHasher({ N: 1024, r: 8, p: 1 });
    const hash = await hasher.hash('caf\u00e9-au-lait');
    expect(await hasher.verify({ hash, password: 'cafe\u0301-au-lait' })).toBe(true);
  });

  it.each([
    'plain-text',
    '',
    'bcrypt$10$x$y$z$w',
    'scrypt$100$8$1$c2FsdHNhbHRzYWx0c2FsdA==$a2V5',
    'scrypt$1024$8$1$c2FsdA==$' + Buffer.alloc(64).toString('base64'),
    'scrypt$16777216$8$1$' +
      Buffer.alloc(16).toString('base64') +
      '$' +
      Buffer.alloc(64).toString('base64'),
  ])('never verifies a malformed or unsafe stored hash %j', async (hash) => {
    expect(await createPasswordHasher().verify({ hash, password: 'anything' })).toBe(false);
  });
});
