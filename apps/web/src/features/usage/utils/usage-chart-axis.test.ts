import { describe, expect, it } from 'vitest';
import { LEVEL_CURVE, axisTickInterval } from './usage-chart-axis';

describe('axisTickInterval', () => {
  it.each([
    ['hour', 'preserveStartEnd'],
    ['halfday', 'preserveStartEnd'],
    ['day', 'preserveStartEnd'],
    ['isoWeek', 0],
    ['month', 'preserveStartEnd'],
  ] as const)('labels a %s axis with interval %j', (period, expected) => {
    expect(axisTickInterval(period)).toBe(expected);
  });
});

describe('LEVEL_CURVE', () => {
  it('centres each step of a level on its own label, as the bar of that step is', () => {
    // d3's curveStep changes value half-way between two points; curveStepAfter at the next point (a step late).
    expect(LEVEL_CURVE).toBe('step');
  });
});
