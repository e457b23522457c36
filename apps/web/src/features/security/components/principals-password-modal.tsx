import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { showToast } from '../../../lib/ui/toast';
import { useSetPrincipalPasswordMutation } from '../api/authentication-queries';
import { passwordErrors, type PasswordErrors } from './principals-form-rules';
import { closedSessions } from './principals-roles-modal';
import { inlineErrorText } from '../../../lib/api/error-text';

export interface PrincipalsPasswordModalProps {
  serviceId: string;
  /** The principal's name; null when closed. */
  principalName: string | null;
  onClose: () => void;
}

const NO_ERRORS: PasswordErrors = { password: null, confirmPassword: null };

/** Set password: twice, with the warning that the principal's live sessions are closed. Fields clear on any exit. */
export function PrincipalsPasswordModal({
  serviceId,
  principalName,
  onClose,
}: PrincipalsPasswordModalProps) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<PasswordErrors>(NO_ERRORS);
  const save = useSetPrincipalPasswordMutation(serviceId);

  const close = () => {
    setPassword('');
    setConfirmPassword('');
    setErrors(NO_ERRORS);
    save.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (principalName === null) return;
    const found = passwordErrors(password, confirmPassword);
    setErrors(found);
    if (found.password !== null || found.confirmPassword !== null) return;
    save.mutate(
      { name: principalName, password },
      {
        onSuccess: ({ disconnected }) => {
          showToast({
            variant: 'success',
            message: `Password of "${principalName}" set.${closedSessions(disconnected)}`,
          });
          close();
        },
      },
    );
  };

  return (
    <Modal
      opened={principalName !== null}
      onClose={close}
      title={principalName === null ? 'Set password' : `Set the password of "${principalName}"`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            Live sessions of this principal are closed when the password changes; its clients must
            connect again with the new password.
          </Text>
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setErrors(NO_ERRORS);
            }}
            error={errors.password}
            data-autofocus
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            value={confirmPassword}
            onChange={(event) => {
              setConfirmPassword(event.currentTarget.value);
              setErrors(NO_ERRORS);
            }}
            error={errors.confirmPassword}
          />
          {save.error !== null && (
            <Alert color="red" variant="light" role="alert" title="Not saved">
              {inlineErrorText(save.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Set password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
