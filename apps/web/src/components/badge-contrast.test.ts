import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { LIGHT_TINT_TEXT, lightBadgeTextColor } from './badge-contrast';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((value) =>
    value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4,
  ) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

// 'dark' is Mantine's surface palette, not a notice colour.
const COLOURS = Object.keys(DEFAULT_THEME.colors).filter((name) => name !== 'dark');

describe('text on a light tint (badges, light alerts)', () => {
  it.each(COLOURS)('%s text reads at 4.5:1 on its light-scheme tint (shade 1)', (colour) => {
    const palette = DEFAULT_THEME.colors[colour]!;
    const text = LIGHT_TINT_TEXT[colour] ?? palette[9];
    expect(contrast(text, palette[1])).toBeGreaterThanOrEqual(4.5);
  });

  it('uses the readable shade in the light scheme and shade 2 in the dark one', () => {
    expect(lightBadgeTextColor('yellow')).toBe(
      'light-dark(#7a4100, var(--mantine-color-yellow-2))',
    );
    expect(lightBadgeTextColor('blue')).toBe(
      'light-dark(var(--mantine-color-blue-9), var(--mantine-color-blue-2))',
    );
  });
});
