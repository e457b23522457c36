import { describe, expect, it } from 'vitest';
import type { LiveValue } from '../hooks/live-value-store';
import { numericSeries } from './numeric-series';

const encoder = new TextEncoder();
/** Newest first, as the live store keeps them. */
const history = (...payloads: string[]): LiveValue[] =>
  payloads.map((payload, index) => ({
    payload: encoder.encode(payload),
    receivedAt: 1_000 * (payloads.length - index),
    retained: false,
  }));

describe("a topic's recent values as a chart", () => {
  it.each([
    ['JSON numbers, oldest first', 'JSON', ['3', '2.5', '1'], [1, 2.5, 3]],
    ['numeric text', 'STRING', ['21.5', '-3', '1e2'], [100, -3, 21.5]],
    ['DOUBLE', 'DOUBLE', ['1.5', '0.5'], [0.5, 1.5]],
    ['one value is no series', 'JSON', ['3'], null],
    ['an object is not a number', 'JSON', ['3', '{"celsius": 2}'], null],
    ['text that is not a number', 'STRING', ['3', 'warm'], null],
    ['a number inside text', 'STRING', ['3', '3 degrees'], null],
  ] as const)('%s', (_, type, payloads, expected) => {
    const points = numericSeries(type, {}, history(...payloads));
    expect(points?.map((point) => point.value) ?? null).toEqual(expected);
  });
});
