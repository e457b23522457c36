import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import type { TestDatabase } from '../testing/test-database';
import { countAttempt } from './rate-limit.repository';

const MINUTE = 60_000;

describe('rate limit counters', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('opens a window at the first attempt, so a clock minute boundary does not reset the count', async () => {
    // One second before a whole minute: clock-aligned windows would restart at 1 two seconds later.
    const first = new Date(Math.ceil(Date.now() / MINUTE) * MINUTE + 59_000);
    const at = (ms: number) => new Date(first.getTime() + ms);
    expect(await countAttempt(database.db, 'boundary', MINUTE, first)).toEqual({
      count: 1,
      windowStart: first,
    });
    expect(await countAttempt(database.db, 'boundary', MINUTE, at(2_000))).toEqual({
      count: 2,
      windowStart: first,
    });
    expect((await countAttempt(database.db, 'boundary', MINUTE, at(MINUTE - 1))).count).toBe(3);
    expect(await countAttempt(database.db, 'boundary', MINUTE, at(MINUTE))).toEqual({
      count: 1,
      windowStart: at(MINUTE),
    });
    expect((await countAttempt(database.db, 'boundary', MINUTE, at(MINUTE + 1))).count).toBe(2);
  });

  it('keeps keys apart and counts concurrent attempts once each', async () => {
    const now = new Date();
    const counts = await Promise.all(
      Array.from({ length: 20 }, () => countAttempt(database.db, 'concurrent', MINUTE, now)),
    );
    expect(counts.map((row) => row.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    expect((await countAttempt(database.db, 'other', MINUTE, now)).count).toBe(1);
  });
});
