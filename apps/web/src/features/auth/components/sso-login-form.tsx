import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ssoLookupRequestSchema } from '@herald/contract/users/identity.schema';
import { inlineErrorText } from '../../../lib/api/error-text';
import { zodResolver } from '../../../lib/forms/zod-resolver';
import { useSsoLookupMutation } from '../api/sso-lookup-mutation';
import { focusFirstInvalidField } from '../../../lib/forms/focus-first-invalid';

export const NO_SSO_CONNECTION_TEXT =
  'There is no single sign-on for this e-mail domain. Log in with your password instead.';

/** Asks for the work e-mail, finds its SSO connection (POST /v3/auth/sso/lookup) and starts it. */
export function SsoLoginForm({ onConnectionFound }: { onConnectionFound: (name: string) => void }) {
  const lookup = useSsoLookupMutation();
  const form = useForm({
    initialValues: { email: '' },
    validate: zodResolver(ssoLookupRequestSchema),
  });

  const handleSubmit = form.onSubmit((values) => {
    const { email } = ssoLookupRequestSchema.parse(values);
    lookup.mutate(email, {
      onSuccess: (connection) => {
        if (connection) onConnectionFound(connection);
      },
    });
  }, focusFirstInvalidField);

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Single sign-on">
      <Stack gap="sm">
        <TextInput
          label="Work e-mail"
          type="email"
          autoComplete="email"
          required
          autoFocus
          {...form.getInputProps('email')}
        />
        {lookup.isSuccess && lookup.data === null && (
          <Alert color="yellow" variant="light" role="alert">
            {NO_SSO_CONNECTION_TEXT}
          </Alert>
        )}
        {lookup.isError && (
          <Alert color="red" variant="light" role="alert">
            {inlineErrorText(lookup.error)}
          </Alert>
        )}
        <Button type="submit" variant="default" fullWidth loading={lookup.isPending}>
          Continue with single sign-on
        </Button>
      </Stack>
    </form>
  );
}
