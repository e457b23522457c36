import { Button } from '@mantine/core';
import { describeRoleRemoval } from '@herald/contract/security/security-change';
import type { Principal, SecurityStore } from '@herald/contract/security/security.schema';
import { useState } from 'react';
import { DANGER_TEXT } from '../../../components/danger-colour';
import { showToast } from '../../../lib/ui/toast';
import { useRemoveRoleMutation } from '../api/security-queries';
import { ChangeReviewModal } from './change-review';
import { APPLIES_AT_ONCE } from './security-write-words';

export interface RemoveRoleButtonProps {
  serviceId: string;
  roleName: string;
  store: SecurityStore;
  principals: Principal[] | undefined;
  onRemoved: () => void;
}

/** Removes a custom role after listing where it is also taken out (principals, default roles, other roles). */
export function RemoveRoleButton({
  serviceId,
  roleName,
  store,
  principals,
  onRemoved,
}: RemoveRoleButtonProps) {
  const [isConfirming, setConfirming] = useState(false);
  const mutation = useRemoveRoleMutation(serviceId);
  const handleConfirm = () =>
    mutation.mutate(roleName, {
      onSuccess: (removed) => {
        setConfirming(false);
        const also = [
          ...(removed.principalsChanged.length > 0
            ? [`principals ${removed.principalsChanged.join(', ')}`]
            : []),
          ...(removed.rolesChanged.length > 0 ? [`roles ${removed.rolesChanged.join(', ')}`] : []),
        ];
        showToast({
          variant: 'success',
          title: 'Role removed',
          message: `${roleName} is removed.`,
          detail: also.length > 0 ? `It was also taken out of ${also.join(' and ')}.` : undefined,
        });
        onRemoved();
      },
      onError: () => setConfirming(false),
    });
  return (
    <>
      <Button variant="default" c={DANGER_TEXT} onClick={() => setConfirming(true)}>
        Remove role
      </Button>
      <ChangeReviewModal
        opened={isConfirming}
        title={`Remove the role ${roleName}?`}
        lines={isConfirming ? describeRoleRemoval(roleName, principals, store) : []}
        warning={APPLIES_AT_ONCE}
        confirmLabel="Remove role"
        isDestructive
        loading={mutation.isPending}
        onConfirm={handleConfirm}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
