import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { passwordResetRequestSchema } from '@herald/contract/users/identity.schema';
import { inlineErrorText } from '../../../lib/api/error-text';
import { zodResolver } from '../../../lib/forms/zod-resolver';
import { useRequestPasswordResetMutation } from '../api/request-password-reset-mutation';
import { focusFirstInvalidField } from '../../../lib/forms/focus-first-invalid';

/**
 * Asks for a reset link. The confirmation is the server's text, the same whether or not the
 * address has an account, so the page reveals nothing about who is registered.
 */
export function RequestResetForm() {
  const requestReset = useRequestPasswordResetMutation();
  const form = useForm({
    initialValues: { email: '' },
    validate: zodResolver(passwordResetRequestSchema),
  });

  const handleSubmit = form.onSubmit((values) => {
    requestReset.mutate(passwordResetRequestSchema.parse(values).email);
  }, focusFirstInvalidField);

  if (requestReset.isSuccess) {
    return (
      <Alert color="green" variant="light" role="status">
        {requestReset.data}
      </Alert>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {requestReset.isError && (
          <Alert color="red" variant="light" role="alert">
            {inlineErrorText(requestReset.error)}
          </Alert>
        )}
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <Button type="submit" fullWidth loading={requestReset.isPending}>
          Send reset link
        </Button>
      </Stack>
    </form>
  );
}
