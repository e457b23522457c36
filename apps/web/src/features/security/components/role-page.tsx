import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { isBuiltInRole } from '@herald/contract/security/permissions';
import type { Principal, Role, SecurityStore } from '@herald/contract/security/security.schema';
import { Link, useNavigate } from 'react-router';
import { EMPTY_ROLE_FORM, roleToFormValues } from '../utils/role-form';
import { DisabledWriteButton } from './disabled-write-button';
import { RemoveRoleButton } from './remove-role-button';
import { RoleEditor } from './role-editor';

export interface RolePageProps {
  serviceId: string;
  store: SecurityStore;
  principals: Principal[] | undefined;
  /** The role in the URL; null for the create form. */
  roleName: string | null;
  /** For the create form: the role to copy ("Copy to a new role"). */
  copyOf: string | null;
  canEdit: boolean;
  rolesUrl: string;
  roleUrl: (name: string) => string;
  createUrl: (copyOf?: string) => string;
}

/** roles/roles/{roleName} (bookmarkable) and the create form: one role, read-only where it cannot change. */
export function RolePage(props: RolePageProps) {
  const { serviceId, store, roleName, copyOf, canEdit, rolesUrl, roleUrl } = props;
  const navigate = useNavigate();
  const back = (
    <Anchor component={Link} to={rolesUrl} size="sm">
      ← All roles
    </Anchor>
  );

  if (roleName === null) {
    const source = copyOf === null ? undefined : store.roles.find((role) => role.name === copyOf);
    return (
      <Stack gap="md">
        {back}
        <Title order={2}>{source ? `New role, copied from ${source.name}` : 'New role'}</Title>
        {canEdit ? (
          <RoleEditor
            serviceId={serviceId}
            store={store}
            role={null}
            initialValues={
              source ? { ...roleToFormValues(source, ''), lockingPrincipal: '' } : EMPTY_ROLE_FORM
            }
            readOnly={false}
            onSaved={(name) => void navigate(roleUrl(name))}
            onCancel={() => void navigate(rolesUrl)}
          />
        ) : (
          <Alert color="gray" variant="light">
            Only an Admin or Owner of the workspace can create roles.
          </Alert>
        )}
      </Stack>
    );
  }

  const role = store.roles.find((candidate) => candidate.name === roleName);
  if (role === undefined) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="yellow" variant="light" title="No such role">
          <Text size="sm">
            This service has no role named <b>{roleName}</b>. It may have been removed.
          </Text>
          <Button component={Link} to={rolesUrl} size="xs" variant="default" mt="xs">
            Back to the roles
          </Button>
        </Alert>
      </Stack>
    );
  }
  return (
    <RoleDetails {...props} role={role} back={back} onRemoved={() => void navigate(rolesUrl)} />
  );
}

function RoleDetails({
  serviceId,
  store,
  principals,
  canEdit,
  role,
  back,
  createUrl,
  onRemoved,
}: RolePageProps & { role: Role; back: React.ReactNode; onRemoved: () => void }) {
  const isLocked = role.lockingPrincipal !== null;
  const readOnly = role.builtIn || isLocked || !canEdit;
  const copyButton = canEdit ? (
    <Button component={Link} to={createUrl(role.name)} variant="default">
      Copy to a new role
    </Button>
  ) : (
    <DisabledWriteButton variant="default" label="Copy to a new role" />
  );
  return (
    <Stack gap="md">
      {back}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Title order={2} style={{ overflowWrap: 'anywhere' }}>
            {role.name}
          </Title>
          {role.builtIn && (
            <Badge size="sm" variant="outline" color="gray">
              Built-in
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          {copyButton}
          {!role.builtIn && !isLocked && canEdit && (
            <RemoveRoleButton
              serviceId={serviceId}
              roleName={role.name}
              store={store}
              principals={principals}
              onRemoved={onRemoved}
            />
          )}
        </Group>
      </Group>
      {isBuiltInRole(role.name) && (
        <Alert color="blue" variant="light">
          Built-in roles are read-only: workspace members and service API tokens act through them.
          To vary one, copy it to a new role or include it in one.
        </Alert>
      )}
      {isLocked && (
        <Alert color="yellow" variant="light">
          Locked by the principal {role.lockingPrincipal}: only its sessions can change or remove
          this role.
        </Alert>
      )}
      {!role.builtIn && !isLocked && !canEdit && (
        <Alert color="gray" variant="light">
          Only an Admin or Owner of the workspace can change roles.
        </Alert>
      )}
      <RoleEditor
        serviceId={serviceId}
        store={store}
        role={role}
        initialValues={roleToFormValues(role)}
        readOnly={readOnly}
        // The saved role comes back through the refetch; the form already shows it.
        onSaved={() => undefined}
      />
    </Stack>
  );
}
