import { Button, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { SCREEN_TEXTS } from '@herald/contract/messages';
import { CreateTeamModal } from './create-team-modal';

/** `/workspace` for a user who belongs to no organisation (e.g. after leaving the last one). */
export function NoWorkspace() {
  useDocumentTitle('Organisations · Herald Cloud');
  const [isCreating, { open, close }] = useDisclosure(false);
  return (
    <Stack gap="sm" align="flex-start">
      <Title order={1}>No organisation yet</Title>
      <Text c="dimmed">You are not a member of any organisation. Create a team to start.</Text>
      <Button onClick={open}>{SCREEN_TEXTS.createTeamButton}</Button>
      <CreateTeamModal opened={isCreating} onClose={close} />
    </Stack>
  );
}
