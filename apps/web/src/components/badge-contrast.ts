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
  return LIGHT_BADGE_TEXT[color] ?? `var(--mantine-color-${color}-9)`;
}
