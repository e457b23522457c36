import { Menu, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';

const SCHEMES: { value: MantineColorScheme; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: 'Match system' },
];

/**
 * The colour scheme switch of the account menu: light, dark, or the system's (prefers-color-scheme,
 * the default). Mantine keeps the choice in localStorage, so it survives reloads without an inline
 * script the CSP would refuse (docs/decisions/018).
 */
export function ColourSchemeItems() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <>
      <Menu.Label>Colour scheme</Menu.Label>
      {SCHEMES.map(({ value, label }) => {
        const isCurrent = colorScheme === value;
        return (
          <Menu.Item
            key={value}
            // aria-checked is not allowed on a menuitem; aria-current names the chosen one.
            aria-current={isCurrent ? 'true' : undefined}
            leftSection={<span aria-hidden="true">{isCurrent ? '✓' : ''}</span>}
            fw={isCurrent ? 600 : undefined}
            onClick={() => setColorScheme(value)}
          >
            {label}
          </Menu.Item>
        );
      })}
    </>
  );
}
