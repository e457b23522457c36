import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

/** A page whose issue is still to come: says so honestly rather than a 404. */
function NotYetAvailable({ title }: { title: string }) {
  useDocumentTitle(`${title} · Herald Cloud`);
  return (
    <Stack gap="sm">
      <Title order={1}>{title}</Title>
      <Text c="dimmed">This page is not available yet.</Text>
    </Stack>
  );
}

/** `/workspace/:workspaceId/evaluation` (the evaluation guide is a later issue). */
export function EvaluationRoute() {
  return <NotYetAvailable title="Evaluation guide" />;
}
