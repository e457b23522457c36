import { Card, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** One titled section of the service settings page. */
export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card withBorder radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          {description !== undefined && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}
