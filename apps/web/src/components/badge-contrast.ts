/**
 * Text colours that keep Mantine's light badges at WCAG AA contrast (4.5:1 for their small bold text): Mantine's
 * own shade 9 is enough for blue, red and gray but not for green and orange (measured with axe in Chromium).
 */
const LIGHT_BADGE_TEXT: Record<string, string> = {
  green: '#1b5e20',
  orange: '#8a3108',
  teal: '#05604a',
};

export function lightBadgeTextColor(color: string): string {
  const onLight = LIGHT_BADGE_TEXT[color] ?? `var(--mantine-color-${color}-9)`;
  // The dark scheme's light badge is a dark tint: a light shade reads there (light-dark() follows the
  // `color-scheme` Mantine sets on the page).
  return `light-dark(${onLight}, var(--mantine-color-${color}-2))`;
}
