import {
  Alert,
  createTheme,
  type CSSVariablesResolver,
  type MantineThemeColors,
} from '@mantine/core';
import { lightBadgeTextColor } from '../components/badge-contrast';
import { variantColorResolver } from './scheme-aware-variant-colors';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 7 keeps white button text and link text above WCAG AA contrast (4.5:1);
  // Mantine's default shade 6 does not.
  // In the dark scheme shade 8 keeps white text on filled buttons above 4.5:1 (shade 5: 3.67:1).
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  // Deep shades picked for the light page (color="red.9") read on the dark page too.
  variantColorResolver,
  components: {
    // A titled notification greys its text (gray 6, 3.3:1 on white): too faint for WCAG AA.
    Notification: { styles: { description: { color: 'var(--mantine-color-text)' } } },
    Alert: Alert.extend({
      vars: (mantineTheme, props) => ({ root: lightAlertVars(mantineTheme.colors, props) }),
    }),
  },
});

/**
 * Mantine's dimmed text (gray 6) is 3.3:1 on white; gray 7 passes AA. So is its error red
 * (red 6, the text and border of an invalid field); red 9 passes AA.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  // In the dark scheme red 8, Mantine's error colour there, is 3.4:1 on the dark body (issue 25); red 4 passes AA.
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});

/**
 * A light alert's title is drawn in `--alert-color`, Mantine's shade 9: 2.69:1 on the yellow tint, 3.62:1 on
 * the orange one (WCAG AA needs 4.5:1), so titled yellow, orange, green, lime and teal notices get the readable
 * shade of badge-contrast.ts. A shade in the colour ("yellow.9") makes Mantine paint that solid shade as the
 * background under the same-hued title (orange on orange, issue 25 item 13): the light tint is kept instead.
 */
function lightAlertVars(
  colors: MantineThemeColors,
  { color, variant }: { color?: string; variant?: string },
) {
  if ((variant ?? 'light') !== 'light' || color === undefined) return {};
  const themeColor = /^([a-z]+)(?:\.\d)?$/.exec(color)?.[1];
  if (themeColor === undefined || !(themeColor in colors)) return {};
  return {
    '--alert-bg': `var(--mantine-color-${themeColor}-light)`,
    '--alert-color': lightBadgeTextColor(themeColor),
  };
}
