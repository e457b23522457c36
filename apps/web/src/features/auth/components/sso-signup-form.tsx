import { Alert, Button, Checkbox, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { inlineErrorText } from '../../../lib/api/error-text';
import { useSignupMutation } from '../api/signup-mutation';

export const SSO_CONSENT_TEXT = 'By continuing you agree to receive service e-mails';

/**
 * The first single sign-on login: the identity exists but the user details do not (GET /v3/user
 * answered 404), so the SSO variant of POST /v3/user creates them (spec section 7). The
 * identity (e-mail, names) comes from the provider; only the e-mail consent is asked.
 */
export function SsoSignupForm() {
  const signup = useSignupMutation();
  const [hasConsented, setHasConsented] = useState(false);

  const handleContinue = () => {
    signup.mutate({
      context: 'sso',
      emailConsent: true,
      metadata: { signUpDate: new Date().toISOString() },
    });
  };

  return (
    <Stack gap="md">
      <Text>One more step to finish creating your Herald Cloud account.</Text>
      {signup.isError && (
        <Alert color="red" variant="light" role="alert">
          {inlineErrorText(signup.error)}
        </Alert>
      )}
      <Checkbox
        label="I agree to receive service e-mails"
        checked={hasConsented}
        onChange={(event) => setHasConsented(event.currentTarget.checked)}
      />
      <Stack gap={6}>
        <Button
          fullWidth
          disabled={!hasConsented}
          loading={signup.isPending}
          onClick={handleContinue}
        >
          Continue
        </Button>
        <Text size="xs" c="dimmed" ta="center">
          {SSO_CONSENT_TEXT}.
        </Text>
      </Stack>
    </Stack>
  );
}
