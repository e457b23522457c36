import type { Principal } from '@herald/contract/security/security.schema';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { LoadFailed } from '../../../components/query-states';
import { showToast } from '../../../lib/ui/toast';
import { useAuthentication, useRemovePrincipalMutation } from '../api/authentication-queries';
import { useSecurity } from '../api/security-queries';
import { explainHref } from './explain-href';
import { CANNOT_CHANGE_SECURITY_REASON } from './principals-actions';
import { PrincipalsAddModal } from './principals-add-modal';
import { PrincipalsPanel } from './principals-panel';
import { PrincipalsPasswordModal } from './principals-password-modal';
import { RefusedButton } from './principals-refused-button';
import { closedSessions, PrincipalsRolesModal } from './principals-roles-modal';
import { TableSkeleton } from './principals-skeleton';
import { PrincipalsTable } from './principals-table';

export interface PrincipalsPageProps {
  serviceId: string;
  canEdit: boolean;
  /** principals/{principalName}: the principal whose panel is open. */
  principalName: string | undefined;
}

/** Auth → Principals (spec section 2 principals/{principalName?}): who may connect with a username and password. */
export function PrincipalsPage({ serviceId, canEdit, principalName }: PrincipalsPageProps) {
  useDocumentTitle('Principals · Auth · Herald Cloud');
  const authentication = useAuthentication(serviceId);
  const store = useSecurity(serviceId);
  const navigate = useNavigate();
  const [isAdding, setAdding] = useState(false);
  const [changingRoles, setChangingRoles] = useState<Principal | null>(null);
  const [settingPassword, setSettingPassword] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Principal | null>(null);
  const remove = useRemovePrincipalMutation(serviceId);
  const base = `/service/${serviceId}/authentication/principals`;

  if (authentication.isPending || store.isPending)
    return <TableSkeleton label="Loading principals" />;
  if (authentication.isError || store.isError) {
    return (
      <LoadFailed
        title="The principals could not be loaded"
        error={authentication.error ?? store.error}
        onRetry={() => Promise.all([authentication.refetch(), store.refetch()])}
      />
    );
  }
  const { principals } = authentication.data;
  const roleNames = store.data.roles.map((role) => role.name);
  const selected =
    principalName === undefined
      ? undefined
      : principals.find((principal) => principal.name === principalName);
  const handlers = {
    onChangeRoles: setChangingRoles,
    onSetPassword: (principal: Principal) => setSettingPassword(principal.name),
    onRemove: setRemoving,
    onExplain: (principal: Principal) =>
      void navigate(explainHref(serviceId, `principal:${principal.name}`)),
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Text size="sm" maw={640}>
          A principal is a username and password an MQTT client connects with; its roles decide what
          its sessions may do. Clients may also connect with a service API token or, where allowed,
          anonymously.
        </Text>
        {canEdit ? (
          <Button onClick={() => setAdding(true)}>Add principal</Button>
        ) : (
          <RefusedButton label="Add principal" reason={CANNOT_CHANGE_SECURITY_REASON} />
        )}
      </Group>
      {principalName !== undefined && selected === undefined && (
        <Alert color="yellow" variant="light" title={`No principal named "${principalName}"`}>
          It may have been removed. Pick one from the list.
        </Alert>
      )}
      {selected !== undefined && (
        <PrincipalsPanel
          principal={selected}
          canEdit={canEdit}
          explainHref={explainHref(serviceId, `principal:${selected.name}`)}
          closeHref={base}
          {...handlers}
        />
      )}
      {principals.length === 0 ? (
        <Text size="sm" data-testid="principals-empty">
          No principals yet. Add one so that MQTT clients can connect with a username and password.
        </Text>
      ) : (
        <PrincipalsTable
          serviceId={serviceId}
          principals={principals}
          canEdit={canEdit}
          {...handlers}
        />
      )}
      {canEdit && (
        <>
          <PrincipalsAddModal
            serviceId={serviceId}
            opened={isAdding}
            roleNames={roleNames}
            existingNames={principals.map((principal) => principal.name)}
            onClose={() => setAdding(false)}
            onAdded={(name) => void navigate(`${base}/${encodeURIComponent(name)}`)}
          />
          <PrincipalsRolesModal
            serviceId={serviceId}
            principal={changingRoles}
            roleNames={roleNames}
            onClose={() => setChangingRoles(null)}
          />
          <PrincipalsPasswordModal
            serviceId={serviceId}
            principalName={settingPassword}
            onClose={() => setSettingPassword(null)}
          />
          <ConfirmModal
            opened={removing !== null}
            title="Remove principal"
            message={
              removing === null
                ? ''
                : `Remove principal "${removing.name}"? Its live sessions are closed, and clients can no longer connect as "${removing.name}".`
            }
            confirmLabel="Remove principal"
            loading={remove.isPending}
            onClose={() => setRemoving(null)}
            onConfirm={() =>
              removing !== null &&
              remove.mutate(removing.name, {
                onSuccess: ({ removed, disconnected }) => {
                  setRemoving(null);
                  showToast({
                    variant: 'success',
                    message: `Principal "${removed}" removed.${closedSessions(disconnected)}`,
                  });
                  if (principalName === removed) void navigate(base);
                },
              })
            }
          />
        </>
      )}
    </Stack>
  );
}
