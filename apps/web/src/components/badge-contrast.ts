/**
 * Text colours that keep Mantine's light tints (light badges, light alerts' titles) at WCAG AA contrast (4.5:1 for
 * their small bold text): Mantine's own shade 9 is enough for blue, red and gray but not for green, teal, lime,
 * yellow and orange (yellow 9 is 2.69:1 on yellow 1; badge-contrast.test.ts checks every colour).
 */
export const LIGHT_TINT_TEXT: Readonly<Record<string, string>> = {
  green: '#1b5e20',
  lime: '#3b5a00',
  orange: '#8a3108',
  teal: '#05604a',
  yellow: '#7a4100',
};

export function lightBadgeTextColor(color: string): string {
  const onLight = LIGHT_TINT_TEXT[color] ?? `var(--mantine-color-${color}-9)`;
  // The dark scheme's light badge is a dark tint: a light shade reads there (light-dark() follows the
  // `color-scheme` Mantine sets on the page).
  return `light-dark(${onLight}, var(--mantine-color-${color}-2))`;
}
