import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api/api-error';
import { inlineErrorText } from '../../../lib/api/error-text';
import { issuesToFieldErrors } from '../../../lib/forms/form-errors';
import { EMPTY_NEW_PASSWORD, newPasswordFormSchema } from '../../../lib/forms/new-password-form';
import { zodResolver } from '../../../lib/forms/zod-resolver';
import { useConfirmPasswordResetMutation } from '../api/confirm-password-reset-mutation';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { focusFirstInvalidField } from '../../../lib/forms/focus-first-invalid';

/**
 * Sets a new password with the token of the e-mailed link (`/reset-password?token=…`). `onChanged` tells the page,
 * which then drops its own "Back to log in": the success view's link is the one way on.
 */
export function SetNewPasswordForm({ token, onChanged }: { token: string; onChanged: () => void }) {
  const confirmReset = useConfirmPasswordResetMutation();
  const form = useForm({
    initialValues: EMPTY_NEW_PASSWORD,
    validate: zodResolver(newPasswordFormSchema),
  });

  const handleSubmit = form.onSubmit((values) => {
    const { password } = newPasswordFormSchema.parse(values);
    confirmReset.mutate(
      { token, password },
      {
        onSuccess: onChanged,
        onError: (error) => {
          if (isApiError(error)) form.setErrors(issuesToFieldErrors(error.issues));
        },
      },
    );
  }, focusFirstInvalidField);

  if (confirmReset.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="green" variant="light" role="status">
          Your password has been changed.
        </Alert>
        <Text>
          <Anchor component={Link} to="/">
            Log in with your new password
          </Anchor>
        </Text>
      </Stack>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {confirmReset.isError && (
          <Alert color="red" variant="light" role="alert">
            {inlineErrorText(confirmReset.error)}{' '}
            <Anchor component={Link} to="/reset-password" inherit>
              Request a new link
            </Anchor>
          </Alert>
        )}
        <NewPasswordFields form={form} />
        <Button type="submit" fullWidth loading={confirmReset.isPending}>
          Set new password
        </Button>
      </Stack>
    </form>
  );
}
