import { Anchor, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import {
  EMPTY_ADMIN_USER_FORM,
  adminUserFormState,
  adminUserRequest,
  type AdminUserFormValues,
} from '@herald/contract/console/admin-user-form';
import { PRINCIPAL_MESSAGES } from '@herald/contract/messages';
import { SYSTEM_PRINCIPAL_DEFAULT_NAME } from '@herald/contract/constants';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api/api-error';
import { showToast } from '../../../lib/ui/toast';
import { useAdminPrincipalMutation } from '../api/console-mutations';

export interface SetupAdminUserModalProps {
  serviceId: string;
  opened: boolean;
  onClose: () => void;
  /** The console's address, opened in a new tab after the user is added (or from the link). */
  consoleUrl: string;
}

function causeOf(error: unknown): string {
  if (isApiError(error)) return error.serverMessage || error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The Setup admin user modal (spec sections 2, 5, 8): the rules are the contract's (console/admin-user-form.ts).
 * On success the console opens in a new tab; on failure a toast says 'Failed to update: ' and why, and the modal
 * closes anyway. Either way, and on cancel, the fields are empty again.
 */
export function SetupAdminUserModal({
  serviceId,
  opened,
  onClose,
  consoleUrl,
}: SetupAdminUserModalProps) {
  const [values, setValues] = useState<AdminUserFormValues>(EMPTY_ADMIN_USER_FORM);
  const mutation = useAdminPrincipalMutation(serviceId);
  const state = adminUserFormState(values);
  const set = (field: keyof AdminUserFormValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const close = () => {
    setValues(EMPTY_ADMIN_USER_FORM);
    mutation.reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!state.canSubmit || mutation.isPending) return;
    try {
      const created = await mutation.mutateAsync(adminUserRequest(values));
      window.open(created.consoleUrl, '_blank', 'noopener,noreferrer');
    } catch (error) {
      showToast({
        variant: 'danger',
        message: `${PRINCIPAL_MESSAGES.updateFailedPrefix}${causeOf(error)}`,
      });
    } finally {
      close();
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Set up an admin user for the console"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            The service console needs a unique admin username and password. The admin user has full
            rights on this service: keep the password secure, and do not reuse one from elsewhere.
          </Text>
          <TextInput
            label="Username"
            placeholder={SYSTEM_PRINCIPAL_DEFAULT_NAME}
            autoComplete="off"
            required
            value={values.username}
            onChange={(event) => set('username')(event.currentTarget.value)}
            error={state.errors.username}
            data-autofocus
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required
            value={values.password}
            onChange={(event) => set('password')(event.currentTarget.value)}
            error={state.errors.password}
          />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            required
            value={values.confirmPassword}
            onChange={(event) => set('confirmPassword')(event.currentTarget.value)}
            error={state.errors.confirmPassword}
          />
          <Text size="sm" c="dimmed">
            Already have an admin user?{' '}
            <Anchor
              href={consoleUrl}
              target="_blank"
              rel="noopener noreferrer"
              underline="always"
              onClick={close}
            >
              Open the console
            </Anchor>
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!state.canSubmit} loading={mutation.isPending}>
              Add admin user
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
