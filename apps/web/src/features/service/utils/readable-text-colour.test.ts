import { describe, expect, it } from 'vitest';
import { readableTextColour, relativeLuminance } from './readable-text-colour';

describe('readableTextColour', () => {
  it.each([
    ['#000000', '#ffffff'],
    ['#1a2b3c', '#ffffff'],
    ['#c62828', '#ffffff'],
    ['#ffffff', '#000000'],
    ['#ffeb3b', '#000000'],
    ['#FFF', '#000000'],
    ['#0f0', '#000000'],
    ['not a colour', '#000000'],
  ])('writes on %s in %s', (background, expected) => {
    expect(readableTextColour(background)).toBe(expected);
  });
});

describe('relativeLuminance', () => {
  it('is 0 for black and 1 for white', () => {
    expect(relativeLuminance('#000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1);
  });
});
