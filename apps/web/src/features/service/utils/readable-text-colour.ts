/**
 * The text colour that stays readable on a background colour: black on light colours, white on
 * dark ones, by WCAG relative luminance (WCAG 2.x, "relative luminance"): the one of the two with
 * the higher contrast ratio wins.
 */
export function readableTextColour(background: string): '#000000' | '#ffffff' {
  const luminance = relativeLuminance(background);
  if (luminance === null) return '#000000';
  // Contrast with white is 1.05 / (L + 0.05), with black (L + 0.05) / 0.05.
  return 1.05 / (luminance + 0.05) > (luminance + 0.05) / 0.05 ? '#ffffff' : '#000000';
}

/** Relative luminance of `#rgb` or `#rrggbb`; null for anything else. */
export function relativeLuminance(colour: string): number | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim());
  if (match === null || match[1] === undefined) return null;
  const hex =
    match[1].length === 3
      ? match[1]
          .split('')
          .map((digit) => digit + digit)
          .join('')
      : match[1];
  const [red, green, blue] = [0, 2, 4].map((offset) => {
    const channel = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}
