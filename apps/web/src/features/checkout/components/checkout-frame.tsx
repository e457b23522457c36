import { Paper, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** The frame of the two checkout pages: one centred card with the page's heading. */
export function CheckoutFrame({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(`${title} · Herald Cloud`);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={560} mx="auto" mt="lg">
      <Stack gap="md">
        <Title order={1} fz="h2">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
