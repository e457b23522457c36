import { describe, expect, it } from 'vitest';
import { radioCardTabIndex } from './radio-card-tab-index';

const PLANS = ['free', 'small', 'large'];

describe('radioCardTabIndex', () => {
  it.each([
    ['the checked card', 'small', 'small', 0],
    ['another card', 'free', 'small', -1],
    ['the first card when none is checked', 'free', '', 0],
    ['a later card when none is checked', 'large', undefined, -1],
    ['the first card when the checked value is not offered', 'free', 'gone', 0],
  ] as const)('gives %s tab index %i', (_case, value, selected, tabIndex) => {
    expect(radioCardTabIndex(value, selected, PLANS)).toBe(tabIndex);
  });
});
