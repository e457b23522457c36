import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { AUTH_MESSAGES } from '@herald/contract/messages';
import { loginRequestSchema } from '@herald/contract/users/identity.schema';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api/api-error';
import { useStaticShellForm } from '../../../lib/painted-page/handover/use-static-shell-form';
import { zodResolver } from '../../../lib/forms/zod-resolver';
import { useLoginMutation } from '../api/login-mutation';
import { focusFirstInvalidField } from '../../../lib/forms/focus-first-invalid';

/**
 * What a failed login says: a throttled one (429) the server's message with the wait ('Too many
 * attempts. Try again in 12 minutes.'), so the person stops retrying; any other failure, a wrong
 * password (401) or anything else, the one text of spec section 8.
 */
export function loginFailureText(error: unknown): string {
  if (isApiError(error) && error.status === 429 && error.serverMessage.trim() !== '') {
    return error.serverMessage;
  }
  return AUTH_MESSAGES.loginFailed;
}

/** The names of the login form's inputs (the painted page's and the app's form are the same component). */
const LOGIN_FIELDS = ['username', 'password'] as const;

/** E-mail and password login (spec section 2, `/`); on success the gate moves the user on. */
export function LoginForm() {
  const login = useLoginMutation();
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: zodResolver(loginRequestSchema),
  });

  // The login page is painted from the HTML and usable before the app starts (docs/decisions/031).
  const formRef = useStaticShellForm(LOGIN_FIELDS, form.setValues);

  const handleSubmit = form.onSubmit((values) => {
    const { username, password } = loginRequestSchema.parse(values);
    login.mutate({ username, password });
  }, focusFirstInvalidField);

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {login.isError && (
          <Alert color="red" variant="light" role="alert">
            {loginFailureText(login.error)}
          </Alert>
        )}
        <TextInput
          label="E-mail"
          type="email"
          name="username"
          autoComplete="username"
          required
          {...form.getInputProps('username')}
        />
        <Stack gap={4}>
          <PasswordInput
            label="Password"
            name="password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/reset-password" size="sm">
              Forgot your password?
            </Anchor>
          </Group>
        </Stack>
        <Button type="submit" fullWidth loading={login.isPending}>
          Log in
        </Button>
      </Stack>
    </form>
  );
}
