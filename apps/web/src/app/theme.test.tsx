import { Alert } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../testing/render';

function alertStyle(color: string, variant?: 'light' | 'filled') {
  render(
    <TestProviders>
      <Alert color={color} variant={variant} title={`A ${color} notice`}>
        Body
      </Alert>
    </TestProviders>,
  );
  return screen.getByRole('alert', { name: `A ${color} notice` }).style;
}

describe('light alerts in the theme', () => {
  it.each([
    ['yellow', 'light-dark(#7a4100, var(--mantine-color-yellow-2))'],
    ['orange', 'light-dark(#8a3108, var(--mantine-color-orange-2))'],
    ['red', 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-2))'],
  ])('title a %s notice in a colour that reads on its tint', (color, text) => {
    const style = alertStyle(color);
    expect(style.getPropertyValue('--alert-color')).toBe(text);
    expect(style.getPropertyValue('--alert-bg')).toBe(`var(--mantine-color-${color}-light)`);
  });

  it('keeps the light tint under a colour given with a shade (never orange on orange)', () => {
    const style = alertStyle('yellow.9');
    expect(style.getPropertyValue('--alert-bg')).toBe('var(--mantine-color-yellow-light)');
    expect(style.getPropertyValue('--alert-color')).toBe(
      'light-dark(#7a4100, var(--mantine-color-yellow-2))',
    );
  });

  it('leaves filled alerts to Mantine', () => {
    expect(alertStyle('yellow', 'filled').getPropertyValue('--alert-color')).not.toContain(
      'light-dark',
    );
  });
});
