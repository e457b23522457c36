import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { AUTH_MESSAGES } from '@herald/contract/messages';
import { loginRequestSchema } from '@herald/contract/users/identity.schema';
import { Link } from 'react-router';
import { zodResolver } from '../../../lib/zod-resolver';
import { useLoginMutation } from '../api/login-mutation';

/**
 * E-mail and password login (spec section 2, `/`). Any failure, a wrong password (401) or
 * anything else, shows the one text of spec section 8; on success the gate moves the user on.
 */
export function LoginForm() {
  const login = useLoginMutation();
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: zodResolver(loginRequestSchema),
  });

  const handleSubmit = form.onSubmit((values) => {
    const { username, password } = loginRequestSchema.parse(values);
    login.mutate({ username, password });
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {login.isError && (
          <Alert color="red" variant="light" role="alert">
            {AUTH_MESSAGES.loginFailed}
          </Alert>
        )}
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="username"
          required
          {...form.getInputProps('username')}
        />
        <Stack gap={4}>
          <PasswordInput
            label="Password"
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
