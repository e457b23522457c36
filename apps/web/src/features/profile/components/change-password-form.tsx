import { Alert, Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isApiError } from '../../../lib/api/api-error';
import { inlineErrorText } from '../../../lib/api/error-text';
import { issuesToFieldErrors } from '../../../lib/forms/form-errors';
import { EMPTY_NEW_PASSWORD, newPasswordFormSchema } from '../../../lib/forms/new-password-form';
import { showToast } from '../../../lib/ui/toast';
import { zodResolver } from '../../../lib/forms/zod-resolver';
import { useChangePasswordMutation } from '../api/change-password-mutation';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { focusFirstInvalidField } from '../../../lib/forms/focus-first-invalid';

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
  }, focusFirstInvalidField);

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby="profile-password-heading">
      <Stack gap="md">
        {changePassword.isError && (
          <Alert color="red" variant="light" role="alert">
            {inlineErrorText(changePassword.error)}
          </Alert>
        )}
        <NewPasswordFields form={form} />
        <Group justify="flex-end">
          <Button type="submit" loading={changePassword.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
