import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useCurrentUser } from '../../features/auth/api/user-query';

/**
 * `/workspace`: where a completed user lands (spec section 4). The services list of the
 * workspaces issue replaces this; until then it says only what the user record tells.
 */
export function WorkspaceRoute() {
  useDocumentTitle('Services · Herald Cloud');
  const { user } = useCurrentUser();
  const serviceCount = user?.services.length ?? 0;
  return (
    <Stack gap="sm">
      <Title order={1}>Services</Title>
      <Text c="dimmed">
        {serviceCount === 0
          ? 'You have no services yet.'
          : `You have access to ${serviceCount} service${serviceCount === 1 ? '' : 's'}.`}
      </Text>
    </Stack>
  );
}
