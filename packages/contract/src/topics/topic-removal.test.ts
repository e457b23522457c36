import { describe, expect, it } from 'vitest';
import {
  isRemovalDue,
  nextBelowSince,
  parseRemoval,
  subscriptionThresholds,
  type Removal,
} from './topic-removal';

function removal(text: string): Removal {
  const parsed = parseRemoval(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.removal;
}

describe('REMOVAL', () => {
  it('parses conditions with "and" binding tighter than "or"', () => {
    expect(
      removal('when no updates for 10m and subscriptions < 1 for 30s or time after 5').anyOf,
    ).toEqual([
      [
        { kind: 'noUpdatesFor', ms: 600_000 },
        { kind: 'subscriptionsBelow', threshold: 1, ms: 30_000 },
      ],
      [{ kind: 'timeAfter', epochMs: 5 }],
    ]);
  });

  it.each([
    ['no updates for 10m', 'must be "when"'],
    ['when', 'must be "when"'],
    ['when no updates for ten', 'is not a duration'],
    ['when subscriptions < 0 for 1s', 'at least 1'],
    ['when no updates for 1m and', 'must be "when"'],
    ['when the moon is full', 'is not a removal condition'],
  ])('refuses "%s"', (text, message) => {
    const parsed = parseRemoval(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(message);
  });

  it('is due when every condition of one alternative holds', () => {
    const rule = removal('when no updates for 1s and subscriptions < 1 for 2s or time after 10000');
    const facts = (now: number, belowSince?: number) => ({
      now,
      updatedAt: 0,
      belowSince: new Map(belowSince === undefined ? [] : [[1, belowSince]]),
    });
    expect(isRemovalDue(rule, facts(1500, 0))).toBe(false);
    expect(isRemovalDue(rule, facts(2000, 0))).toBe(true);
    expect(isRemovalDue(rule, facts(5000))).toBe(false);
    expect(isRemovalDue(rule, facts(10_001))).toBe(true);
  });

  it('tracks since when a topic has had too few subscriptions', () => {
    const rule = removal('when subscriptions < 2 for 1s or subscriptions < 1 for 5s');
    expect(subscriptionThresholds(rule)).toEqual([2, 1]);
    let since = nextBelowSince(new Map(), [2, 1], 1, 100);
    expect([...since]).toEqual([[2, 100]]);
    since = nextBelowSince(since, [2, 1], 0, 200);
    expect([...since]).toEqual([
      [2, 100],
      [1, 200],
    ]);
    since = nextBelowSince(since, [2, 1], 3, 300);
    expect(since.size).toBe(0);
  });
});
