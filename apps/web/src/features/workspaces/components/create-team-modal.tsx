import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { SCREEN_TEXTS } from '@herald/contract/messages';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useCreateWorkspaceMutation } from '../api/create-workspace-mutation';
import { rememberDefaultWorkspaceId } from '../utils/default-workspace';

/**
 * Spec sections 2 and 5: one trimmed field, Team name; 'Create new team' stays disabled while it
 * is empty. On success the new team becomes the current workspace.
 */
export function CreateTeamModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const navigate = useNavigate();
  const createWorkspace = useCreateWorkspaceMutation();
  const trimmed = name.trim();

  const close = () => {
    setName('');
    createWorkspace.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed === '') return;
    createWorkspace.mutate(
      { name: trimmed },
      {
        onSuccess: ({ workspace_id }) => {
          rememberDefaultWorkspaceId(workspace_id);
          close();
          void navigate(`/workspace/${workspace_id}`);
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={SCREEN_TEXTS.createTeamButton}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={SCREEN_TEXTS.createTeamField}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={64}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={trimmed === ''} loading={createWorkspace.isPending}>
              {SCREEN_TEXTS.createTeamButton}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
