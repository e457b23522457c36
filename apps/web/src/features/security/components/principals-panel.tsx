import type { Principal } from '@herald/contract/security/security.schema';
import { Anchor, Button, Card, CloseButton, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { DANGER_TEXT } from '../../../components/danger-colour';
import { principalWriteRefusal } from './principals-actions';
import type { PrincipalActionHandlers } from './principals-actions-menu';
import { RefusedButton } from './principals-refused-button';
import { PrincipalRoleBadges } from './principals-table';

export interface PrincipalsPanelProps extends PrincipalActionHandlers {
  principal: Principal;
  canEdit: boolean;
  explainHref: string;
  closeHref: string;
}

/** principals/{name}: one principal, bookmarkable, with its actions (or why they are off). */
export function PrincipalsPanel({
  principal,
  canEdit,
  explainHref,
  closeHref,
  onChangeRoles,
  onSetPassword,
  onRemove,
}: PrincipalsPanelProps) {
  const refusal = principalWriteRefusal(principal, canEdit);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="principal-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} fz="h3" id="principal-title" style={{ overflowWrap: 'anywhere' }}>
            Principal {principal.name}
          </Title>
          <CloseButton component={Link} to={closeHref} aria-label="Close the principal's panel" />
        </Group>
        <Group gap="xs" align="center">
          <Text size="sm" fw={600}>
            Roles
          </Text>
          <PrincipalRoleBadges roles={principal.roles} />
        </Group>
        <Text size="sm">
          {principal.lockingPrincipal === null
            ? 'Not locked: Owners and Admins change it here.'
            : `Locked by principal "${principal.lockingPrincipal}": only a session of that principal can change or remove it.`}
        </Text>
        <Group gap="xs">
          {refusal === null ? (
            <>
              <Button size="xs" variant="default" onClick={() => onChangeRoles(principal)}>
                Change roles
              </Button>
              <Button size="xs" variant="default" onClick={() => onSetPassword(principal)}>
                Set password
              </Button>
              <Button
                size="xs"
                variant="default"
                c={DANGER_TEXT}
                onClick={() => onRemove(principal)}
              >
                Remove
              </Button>
            </>
          ) : (
            <>
              <RefusedButton size="xs" label="Change roles" reason={refusal} />
              <RefusedButton size="xs" label="Set password" reason={refusal} />
              <RefusedButton size="xs" label="Remove" reason={refusal} />
            </>
          )}
          <Anchor component={Link} to={explainHref} size="sm" underline="always">
            Explain access
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
