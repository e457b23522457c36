import { Card, Group, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** One section of the billing page: a card with its heading (h2) and an optional action beside it. */
export function BillingCard({
  title,
  action,
  children,
  'data-billing-section': section,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  'data-billing-section': string;
}) {
  const titleId = useId();
  return (
    <Card
      withBorder
      radius="md"
      component="section"
      aria-labelledby={titleId}
      data-billing-section={section}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
