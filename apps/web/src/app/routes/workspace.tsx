import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useCurrentWorkspace } from '../../features/workspaces/hooks/use-current-workspace';

/**
 * `/workspace/:workspaceId`: the services of a workspace. The services list of the services
 * issue replaces the empty state.
 */
export function WorkspaceRoute() {
  useDocumentTitle('Services · Herald Cloud');
  const { workspace } = useCurrentWorkspace();
  const serviceCount = workspace?.services.length ?? 0;
  return (
    <Stack gap="sm">
      <Title order={1}>Services</Title>
      <Text c="dimmed">
        {serviceCount === 0
          ? 'You have no services yet.'
          : `This organisation has ${serviceCount} service${serviceCount === 1 ? '' : 's'}.`}
      </Text>
    </Stack>
  );
}
