import type { Principal } from '@herald/contract/security/security.schema';
import { Button, Menu, Text } from '@mantine/core';
import { principalWriteRefusal } from './principals-actions';

export interface PrincipalActionHandlers {
  onChangeRoles: (principal: Principal) => void;
  onSetPassword: (principal: Principal) => void;
  onRemove: (principal: Principal) => void;
  onExplain: (principal: Principal) => void;
}

/** A row's actions; the writes are off, with the reason at the top of the menu, where the dashboard may not change. */
export function PrincipalActionsMenu({
  principal,
  canEdit,
  onChangeRoles,
  onSetPassword,
  onRemove,
  onExplain,
}: PrincipalActionHandlers & { principal: Principal; canEdit: boolean }) {
  const refusal = principalWriteRefusal(principal, canEdit);
  const isRefused = refusal !== null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" aria-label={`Actions for ${principal.name}`}>
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown maw={280}>
        {isRefused && (
          <Text size="xs" px="sm" py={6} c="dimmed">
            {refusal}
          </Text>
        )}
        <Menu.Item disabled={isRefused} onClick={() => onChangeRoles(principal)}>
          Change roles
        </Menu.Item>
        <Menu.Item disabled={isRefused} onClick={() => onSetPassword(principal)}>
          Set password
        </Menu.Item>
        <Menu.Item disabled={isRefused} onClick={() => onRemove(principal)}>
          Remove
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item onClick={() => onExplain(principal)}>Explain access</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
