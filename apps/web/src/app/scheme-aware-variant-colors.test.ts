import { createTheme, mergeMantineTheme, DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';
import { variantColorResolver } from './scheme-aware-variant-colors';

const fullTheme = mergeMantineTheme(DEFAULT_THEME, createTheme(theme));

describe('variantColorResolver', () => {
  it.each([
    // variant, color, expected text colour
    ['outline', 'red.9', 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))'],
    ['outline', 'gray.7', 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-gray-4))'],
    ['subtle', 'red.9', 'light-dark(var(--mantine-color-red-6), var(--mantine-color-red-4))'],
    [
      'transparent',
      'yellow.9',
      'light-dark(var(--mantine-color-yellow-6), var(--mantine-color-yellow-4))',
    ],
  ])('%s %s reads on both pages: %s', (variant, color, expected) => {
    const colors = variantColorResolver({ color, variant, theme: fullTheme });
    expect(colors.color).toBe(expected);
    if (variant === 'outline') expect(colors.border).toContain(expected);
  });

  it.each([
    ['filled', 'red.9'],
    ['light', 'red.9'],
    ['outline', 'red'],
    ['outline', 'red.3'],
    ['subtle', 'gray'],
    ['outline', '#123456'],
  ])('%s %s is left to Mantine', (variant, color) => {
    const input = { color, variant, theme: fullTheme };
    expect(variantColorResolver(input)).toEqual(
      // Mantine's own resolver, which the theme replaces.
      DEFAULT_THEME.variantColorResolver(input),
    );
  });

  it('is the theme’s resolver', () => {
    expect(theme.variantColorResolver).toBe(variantColorResolver);
  });
});
