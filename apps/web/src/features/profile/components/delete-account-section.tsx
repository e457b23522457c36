import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { LOGOUT_AFTER_ACCOUNT_DELETION_MS } from '@herald/contract/constants';
import { AUTH_MESSAGES } from '@herald/contract/messages';
import { useState } from 'react';
import { showToast } from '../../../lib/ui/toast';
import { useDeleteAccountMutation } from '../api/delete-account-mutation';
import { DANGER_TEXT } from '../../../components/danger-colour';

export interface DeleteAccountSectionProps {
  email: string;
  /** The auth reset, run LOGOUT_AFTER_ACCOUNT_DELETION_MS after the deletion (spec section 4). */
  onAccountDeleted: () => void;
}

/**
 * The danger zone: deleting the account, confirmed by typing the account's e-mail. Then 'Your
 * user account has been deleted' and, 1 s later, the logout (spec sections 4 and 9).
 */
export function DeleteAccountSection({ email, onAccountDeleted }: DeleteAccountSectionProps) {
  const [isModalOpen, modal] = useDisclosure(false);
  const [confirmation, setConfirmation] = useState('');
  const deleteAccount = useDeleteAccountMutation();
  const isConfirmed = confirmation.trim().toLowerCase() === email.toLowerCase();

  const handleClose = () => {
    if (deleteAccount.isPending) return;
    setConfirmation('');
    modal.close();
  };

  const handleDelete = () => {
    deleteAccount.mutate(undefined, {
      onSuccess: () => {
        showToast({ variant: 'success', message: AUTH_MESSAGES.accountDeleted });
        // Not cancelled on unmount: the logout must follow whatever the page does meanwhile.
        setTimeout(onAccountDeleted, LOGOUT_AFTER_ACCOUNT_DELETION_MS);
      },
    });
  };

  return (
    <Stack gap="sm" align="flex-start">
      <Text>Deleting your account is permanent and cannot be undone.</Text>
      {/* red 9: the theme's default red shade is below AA contrast for text on white. */}
      <Button color={DANGER_TEXT} variant="outline" onClick={modal.open}>
        Delete account
      </Button>
      <Modal
        opened={isModalOpen}
        onClose={handleClose}
        title="Delete your account?"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text>
            This permanently deletes your Herald Cloud account. To confirm, type your e-mail address{' '}
            <strong>{email}</strong>.
          </Text>
          <TextInput
            label="Your e-mail address"
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={handleClose} disabled={deleteAccount.isPending}>
              Cancel
            </Button>
            <Button
              color="red.9"
              disabled={!isConfirmed || deleteAccount.isSuccess}
              loading={deleteAccount.isPending}
              onClick={handleDelete}
            >
              Delete my account
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
