import { describePrincipalChange } from '@herald/contract/security/security-change';
import type { Principal } from '@herald/contract/security/security.schema';
import { Button, Group, Modal, MultiSelect, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { showToast } from '../../../lib/ui/toast';
import { usePutPrincipalMutation } from '../api/authentication-queries';
import { APPLIES_AT_ONCE } from './security-write-words';
import { ChangeReview } from './change-review';

export interface PrincipalsRolesModalProps {
  serviceId: string;
  /** The principal whose roles change; null when closed. */
  principal: Principal | null;
  roleNames: readonly string[];
  onClose: () => void;
}

/** Change roles: pick the roles, review what is added and taken, save (the password is kept). */
export function PrincipalsRolesModal({
  serviceId,
  principal,
  roleNames,
  onClose,
}: PrincipalsRolesModalProps) {
  return (
    <Modal
      opened={principal !== null}
      onClose={onClose}
      title={principal === null ? 'Change roles' : `Change roles of "${principal.name}"`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {principal !== null && (
        // Keyed by principal: each opening starts from that principal's current roles.
        <RolesForm
          key={principal.name}
          serviceId={serviceId}
          principal={principal}
          roleNames={roleNames}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function RolesForm({
  serviceId,
  principal,
  roleNames,
  onDone,
}: {
  serviceId: string;
  principal: Principal;
  roleNames: readonly string[];
  onDone: () => void;
}) {
  const [roles, setRoles] = useState<string[]>(principal.roles);
  const [isReviewing, setReviewing] = useState(false);
  const save = usePutPrincipalMutation(serviceId);
  // A role the store no longer has may still be assigned: keep it selectable so it can be taken away.
  const options = [...new Set([...roleNames, ...principal.roles])];

  const review = (event: FormEvent) => {
    event.preventDefault();
    setReviewing(true);
  };

  if (isReviewing) {
    return (
      <ChangeReview
        lines={describePrincipalChange(principal, {
          roles,
          lockingPrincipal: principal.lockingPrincipal,
          passwordChanged: false,
        })}
        warning={APPLIES_AT_ONCE}
        confirmLabel="Save roles"
        loading={save.isPending}
        error={save.error}
        onBack={() => {
          save.reset();
          setReviewing(false);
        }}
        onConfirm={() =>
          save.mutate(
            {
              name: principal.name,
              body: { roles, lockingPrincipal: principal.lockingPrincipal },
            },
            {
              onSuccess: ({ disconnected }) => {
                showToast({
                  variant: 'success',
                  message: `Roles of "${principal.name}" saved.${closedSessions(disconnected)}`,
                });
                onDone();
              },
            },
          )
        }
      />
    );
  }
  return (
    <form onSubmit={review} noValidate>
      <Stack gap="sm">
        <MultiSelect
          label="Roles"
          placeholder={roles.length === 0 ? 'No roles' : undefined}
          data={options}
          value={roles}
          onChange={setRoles}
          searchable
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit">Review</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** " 2 sessions were closed." after a write that closed sessions; nothing otherwise. */
export function closedSessions(count: number): string {
  if (count === 0) return '';
  return count === 1 ? ' 1 session was closed.' : ` ${count} sessions were closed.`;
}
