import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

export interface PageCardProps {
  /** The page's one h1; also the document title. */
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Below the card: links to the neighbouring pages (log in, sign up). */
  footer?: ReactNode;
}

/**
 * The frame of the blank-layout pages (login, sign-up, onboarding steps): the product name
 * above one centred card that holds the page's heading and content.
 */
export function PageCard({ title, description, children, footer }: PageCardProps) {
  useDocumentTitle(`${title} · Herald Cloud`);
  return (
    <Container size={440} px="md" py={{ base: 32, sm: 72 }}>
      <Stack gap="lg">
        <Text fw={700} fz="xl" ta="center">
          Herald Cloud
        </Text>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="md">
            <Stack gap={6}>
              <Title order={1} fz="h2">
                {title}
              </Title>
              {description !== undefined && <Text c="dimmed">{description}</Text>}
            </Stack>
            {children}
          </Stack>
        </Paper>
        {footer !== undefined && (
          <Stack gap={6} align="center">
            {footer}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
