import { Stack, Text } from '@mantine/core';

export type LabelledFigureProps = {
  label: string;
  value: string;
  size?: 'lg' | 'xl';
} & {
  /** data-* attributes for the figure's box (e2e finds usage figures by `data-usage-figure`). */
  [attribute: `data-${string}`]: string | undefined;
};

/** A figure of a card or screen: a dimmed label over its value in bold (e.g. "Sessions" / "12"). */
export function LabelledFigure({ label, value, size = 'xl', ...data }: LabelledFigureProps) {
  return (
    <Stack gap={2} {...data}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size={size} fw={700}>
        {value}
      </Text>
    </Stack>
  );
}
