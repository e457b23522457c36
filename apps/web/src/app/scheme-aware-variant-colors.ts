import {
  defaultVariantColorsResolver,
  parseThemeColor,
  rem,
  type VariantColorsResolver,
} from '@mantine/core';

/**
 * The shade a deep colour's text and outline take on the dark page: a shade picked to read on white (red 9, gray 7,
 * yellow 9) is 2.5:1 or worse on Mantine's dark surfaces (issue 25, axe color-contrast), shade 4 is above 4.5:1.
 */
const DARK_SCHEME_SHADE = 4;

/** Variants whose text (and outline) is the colour itself, on the page's own background. */
const INK_VARIANTS = new Set(['outline', 'subtle', 'transparent']);

/**
 * Mantine's variant colours, except that a colour given with a deep shade (`color="red.9"`) on an outline, subtle or
 * transparent control keeps that shade on the light page only: light-dark() follows the `color-scheme` Mantine sets,
 * so the dark page gets shade 4 of the same colour. Filled and light variants, and colours without a shade (which
 * Mantine already resolves per scheme), are Mantine's own.
 */
export const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (!INK_VARIANTS.has(input.variant)) return colors;
  const parsed = parseThemeColor({
    color: input.color || input.theme.primaryColor,
    theme: input.theme,
  });
  if (!parsed.isThemeColor || parsed.shade === undefined || parsed.shade <= DARK_SCHEME_SHADE) {
    return colors;
  }
  const ink = (shade: number) =>
    `light-dark(var(--mantine-color-${parsed.color}-${shade}), var(--mantine-color-${parsed.color}-${DARK_SCHEME_SHADE}))`;
  if (input.variant === 'outline') {
    return { ...colors, color: ink(parsed.shade), border: `${rem(1)} solid ${ink(parsed.shade)}` };
  }
  // Subtle and transparent text is at most shade 6 in Mantine's resolver: keep that on the light page.
  return { ...colors, color: ink(Math.min(parsed.shade, 6)) };
};
