import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isApiError } from '../../../lib/api-error';
import { inlineErrorText } from '../../../lib/error-text';
import { issuesToFieldErrors } from '../../../lib/form-errors';
import {
  EMPTY_NEW_PASSWORD,
  newPasswordFormSchema,
  PASSWORD_RULE_TEXT,
} from '../../../lib/new-password-form';
import { showToast } from '../../../lib/toast';
import { zodResolver } from '../../../lib/zod-resolver';
import { useChangePasswordMutation } from '../api/change-password-mutation';

/** New password, typed twice (PUT /v3/user/change-password); the reply's message is the toast. */
export function ChangePasswordForm() {
  const changePassword = useChangePasswordMutation();
  const form = useForm({
    initialValues: EMPTY_NEW_PASSWORD,
    validate: zodResolver(newPasswordFormSchema),
  });

  const handleSubmit = form.onSubmit((values) => {
    changePassword.mutate(newPasswordFormSchema.parse(values).password, {
      onSuccess: (message) => {
        form.reset();
        showToast({ variant: 'success', message });
      },
      onError: (error) => {
        if (isApiError(error)) form.setErrors(issuesToFieldErrors(error.issues));
      },
    });
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby="profile-password-heading">
      <Stack gap="md">
        {changePassword.isError && (
          <Alert color="red" variant="light" role="alert">
            {inlineErrorText(changePassword.error)}
          </Alert>
        )}
        <PasswordInput
          label="New password"
          description={PASSWORD_RULE_TEXT}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={changePassword.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
