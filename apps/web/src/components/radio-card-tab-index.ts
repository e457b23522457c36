/**
 * The tab index of one card in a Mantine Radio.Group of Radio.Cards. Each card is a button, so without this each is
 * its own Tab stop; a radio group is one Tab stop, the checked radio (or the first when none is), and the arrow
 * keys move between its radios (WAI-ARIA APG "Radio Group"; Mantine's cards already handle the arrows).
 */
export function radioCardTabIndex(
  value: string,
  selected: string | null | undefined,
  values: readonly string[],
): 0 | -1 {
  const focusable =
    selected !== null && selected !== undefined && values.includes(selected) ? selected : values[0];
  return value === focusable ? 0 : -1;
}
