import { Button, Group, Modal, MultiSelect, PasswordInput, Stack, TextInput } from '@mantine/core';
import { describePrincipalChange } from '@herald/contract/security/security-change';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api/api-error';
import { issuesToFieldErrors } from '../../../lib/forms/form-errors';
import { showToast } from '../../../lib/ui/toast';
import { usePutPrincipalMutation } from '../api/authentication-queries';
import { ChangeReview } from './change-review';
import { passwordErrors, principalNameError } from './principals-form-rules';

const EMPTY = { name: '', password: '', confirmPassword: '', roles: [] as string[] };
type Values = typeof EMPTY;
type Errors = Partial<Record<keyof Values, string>>;

function validate(values: Values, existing: readonly string[]): Errors {
  const errors: Errors = {};
  const name = principalNameError(values.name);
  if (name !== null) errors.name = name;
  else if (existing.includes(values.name.trim()))
    errors.name = `A principal named "${values.name.trim()}" already exists`;
  const passwords = passwordErrors(values.password, values.confirmPassword);
  if (passwords.password !== null) errors.password = passwords.password;
  if (passwords.confirmPassword !== null) errors.confirmPassword = passwords.confirmPassword;
  return errors;
}

export interface PrincipalsAddModalProps {
  serviceId: string;
  opened: boolean;
  /** Every role of the store (built-ins included), offered in the roles field. */
  roleNames: readonly string[];
  existingNames: readonly string[];
  onClose: () => void;
  onAdded: (name: string) => void;
}

/**
 * Add principal: name, password twice, roles; then the review of what will be created. The password lives only in
 * this dialog's state and is cleared on save, on cancel and on close.
 */
export function PrincipalsAddModal({
  serviceId,
  opened,
  roleNames,
  existingNames,
  onClose,
  onAdded,
}: PrincipalsAddModalProps) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [isReviewing, setReviewing] = useState(false);
  const save = usePutPrincipalMutation(serviceId);
  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const close = () => {
    setValues(EMPTY);
    setErrors({});
    setReviewing(false);
    save.reset();
    onClose();
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values, existingNames);
    setErrors(found);
    if (Object.values(found).every((message) => message === undefined)) setReviewing(true);
  };

  const confirm = () => {
    const name = values.name.trim();
    save.mutate(
      { name, body: { password: values.password, roles: values.roles } },
      {
        onSuccess: () => {
          showToast({ variant: 'success', message: `Principal "${name}" added.` });
          close();
          onAdded(name);
        },
        onError: (error) => {
          // Field problems go back to the form; anything else stays on the review with the reason.
          if (isApiError(error) && error.issues !== undefined) {
            setErrors(issuesToFieldErrors(error.issues));
            setReviewing(false);
          }
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={isReviewing ? 'Add this principal?' : 'Add principal'}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {isReviewing ? (
        <ChangeReview
          lines={describePrincipalChange(null, {
            name: values.name.trim(),
            roles: values.roles,
            passwordChanged: true,
          })}
          confirmLabel="Add principal"
          loading={save.isPending}
          error={save.error}
          onConfirm={confirm}
          onBack={() => {
            save.reset();
            setReviewing(false);
          }}
        />
      ) : (
        <form onSubmit={review} noValidate>
          <Stack gap="sm">
            <TextInput
              label="Name"
              description="The username MQTT clients connect with"
              autoComplete="off"
              required
              value={values.name}
              onChange={(event) => set('name', event.currentTarget.value)}
              error={errors.name}
              data-autofocus
            />
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              required
              value={values.password}
              onChange={(event) => set('password', event.currentTarget.value)}
              error={errors.password}
            />
            <PasswordInput
              label="Confirm password"
              autoComplete="new-password"
              required
              value={values.confirmPassword}
              onChange={(event) => set('confirmPassword', event.currentTarget.value)}
              error={errors.confirmPassword}
            />
            <MultiSelect
              label="Roles"
              description="What the principal's sessions may do; the roles for named sessions are added"
              placeholder={values.roles.length === 0 ? 'No roles' : undefined}
              data={[...roleNames]}
              value={values.roles}
              onChange={(roles) => set('roles', roles)}
              searchable
              comboboxProps={{ withinPortal: true }}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit">Review</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
