import { parseDuration } from './time-series-range';

/**
 * The REMOVAL topic property (a subset of the platform's removal conditions): `when <condition>` joined by `and` /
 * `or` (`and` binds tighter). Conditions: `no updates for <duration>`, `subscriptions < <n> for <duration>`,
 * `time after <epoch ms>`. The runtime evaluates them on a timer and removes the topic when they hold.
 */
export type RemovalCondition =
  | { kind: 'noUpdatesFor'; ms: number }
  | { kind: 'subscriptionsBelow'; threshold: number; ms: number }
  | { kind: 'timeAfter'; epochMs: number };

/** Alternatives (or) of conjunctions (and). */
export interface Removal {
  anyOf: RemovalCondition[][];
}

export type RemovalParse = { ok: true; removal: Removal } | { ok: false; message: string };

const SYNTAX =
  'must be "when" and conditions such as "no updates for 10m", "subscriptions < 1 for 30s" or "time after <epoch ms>", joined by "and" / "or"';

function parseCondition(words: string[]): RemovalCondition | string {
  const text = words.join(' ');
  let match = /^no updates for (\S+)$/.exec(text);
  if (match !== null) {
    const duration = parseDuration(match[1] ?? '');
    return duration.ok ? { kind: 'noUpdatesFor', ms: duration.ms } : duration.message;
  }
  match = /^subscriptions < (\d{1,6}) for (\S+)$/.exec(text);
  if (match !== null) {
    const threshold = Number(match[1]);
    if (threshold < 1) return 'subscriptions < n needs n of at least 1';
    const duration = parseDuration(match[2] ?? '');
    return duration.ok
      ? { kind: 'subscriptionsBelow', threshold, ms: duration.ms }
      : duration.message;
  }
  match = /^time after (\d{1,15})$/.exec(text);
  if (match !== null) return { kind: 'timeAfter', epochMs: Number(match[1]) };
  return `"${text}" is not a removal condition`;
}

export function parseRemoval(text: string): RemovalParse {
  const words = text.trim().split(/\s+/);
  if (words[0] !== 'when' || words.length < 2) return { ok: false, message: SYNTAX };
  const anyOf: RemovalCondition[][] = [[]];
  let current: string[] = [];
  const close = (): string | null => {
    if (current.length === 0) return SYNTAX;
    const condition = parseCondition(current);
    if (typeof condition === 'string') return condition;
    anyOf.at(-1)?.push(condition);
    current = [];
    return null;
  };
  for (const word of words.slice(1)) {
    if (word === 'and' || word === 'or') {
      const problem = close();
      if (problem !== null) return { ok: false, message: problem };
      if (word === 'or') anyOf.push([]);
    } else current.push(word);
  }
  const problem = close();
  if (problem !== null) return { ok: false, message: problem };
  return { ok: true, removal: { anyOf } };
}

/** What the runtime knows about a topic when it evaluates its removal. */
export interface RemovalFacts {
  now: number;
  /** Epoch ms of the last update (or the creation). */
  updatedAt: number;
  /** Per threshold n: since when the topic has had fewer than n subscriptions (absent: not fewer now). */
  belowSince: ReadonlyMap<number, number>;
}

function holds(condition: RemovalCondition, facts: RemovalFacts): boolean {
  switch (condition.kind) {
    case 'noUpdatesFor':
      return facts.now - facts.updatedAt >= condition.ms;
    case 'subscriptionsBelow': {
      const since = facts.belowSince.get(condition.threshold);
      return since !== undefined && facts.now - since >= condition.ms;
    }
    case 'timeAfter':
      return facts.now > condition.epochMs;
  }
}

export function isRemovalDue(removal: Removal, facts: RemovalFacts): boolean {
  return removal.anyOf.some((all) => all.every((condition) => holds(condition, facts)));
}

/** The subscription thresholds a removal watches. */
export function subscriptionThresholds(removal: Removal): number[] {
  return [
    ...new Set(
      removal.anyOf.flatMap((all) =>
        all.flatMap((condition) =>
          condition.kind === 'subscriptionsBelow' ? [condition.threshold] : [],
        ),
      ),
    ),
  ];
}

/**
 * The next `belowSince` after counting `subscriptions` at `now`: a threshold the count is below keeps its earlier
 * time (or starts now); one it is not below is dropped.
 */
export function nextBelowSince(
  previous: ReadonlyMap<number, number>,
  thresholds: readonly number[],
  subscriptions: number,
  now: number,
): Map<number, number> {
  const next = new Map<number, number>();
  for (const threshold of thresholds) {
    if (subscriptions < threshold) next.set(threshold, previous.get(threshold) ?? now);
  }
  return next;
}
