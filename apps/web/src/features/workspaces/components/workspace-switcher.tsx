import { Button, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { SCREEN_TEXTS } from '@herald/contract/messages';
import type { Workspace } from '@herald/contract/workspaces/workspace.schema';
import { useNavigate } from 'react-router';
import { rememberDefaultWorkspaceId } from '../utils/default-workspace';
import { CreateTeamModal } from './create-team-modal';
import { organisationLabel } from './workspace-breadcrumbs';

/**
 * Switches between the user's workspaces (the choice is remembered for `/workspace`) and opens
 * the Create team modal.
 */
export function WorkspaceSwitcher({
  workspace,
  workspaces,
}: {
  workspace: Workspace | null;
  workspaces: Workspace[];
}) {
  const navigate = useNavigate();
  const [isCreating, { open, close }] = useDisclosure(false);
  const current = workspace ? organisationLabel(workspace) : 'Choose an organisation';

  return (
    <>
      <Menu position="bottom-start" width="target" withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <Button
            variant="default"
            fullWidth
            justify="space-between"
            rightSection={<span aria-hidden="true">▾</span>}
            aria-label={`Organisation: ${current}. Switch organisation`}
          >
            {current}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Organisations</Menu.Label>
          {workspaces.map((item) => (
            <Menu.Item
              key={item.workspace_id}
              aria-current={item.workspace_id === workspace?.workspace_id ? 'true' : undefined}
              fw={item.workspace_id === workspace?.workspace_id ? 600 : undefined}
              onClick={() => {
                rememberDefaultWorkspaceId(item.workspace_id);
                void navigate(`/workspace/${item.workspace_id}`);
              }}
            >
              {organisationLabel(item)}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={open}>{SCREEN_TEXTS.createTeamButton}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <CreateTeamModal opened={isCreating} onClose={close} />
    </>
  );
}
