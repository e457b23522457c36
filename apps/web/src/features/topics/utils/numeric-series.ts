import type { TopicProperties, TopicType } from '@herald/contract/topics/topic.schema';
import { decodeTopicValue } from '@herald/contract/topics/topic-values';
import type { LiveValue } from '../hooks/live-value-store';

export interface NumericPoint {
  receivedAt: number;
  value: number;
}

/** A number, or text that is exactly one (`"21.5"` from a STRING topic); anything else has no place on a chart. */
function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (
    typeof value === 'string' &&
    value.trim() !== '' &&
    /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(value.trim())
  ) {
    const number = Number(value);
    return Number.isFinite(number) ? number : null;
  }
  return null;
}

/**
 * The recent values of a topic as points to chart, oldest first (issue 25 item 17), or null when they are not a
 * numeric series: fewer than two values, or any value that is not a number.
 */
export function numericSeries(
  type: TopicType,
  properties: TopicProperties,
  history: readonly LiveValue[],
): NumericPoint[] | null {
  if (history.length < 2) return null;
  const points: NumericPoint[] = [];
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const item = history[index]!;
    const value = asNumber(decodeTopicValue(type, properties, item.payload));
    if (value === null) return null;
    points.push({ receivedAt: item.receivedAt, value });
  }
  return points;
}
