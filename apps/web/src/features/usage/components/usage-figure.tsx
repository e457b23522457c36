import { Stack, Text } from '@mantine/core';

/** One figure of the usage screen: a label over its value (e.g. "Total" / "1,234"). */
export function UsageFigure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2} data-usage-figure={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Stack>
  );
}
