import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PageCard } from '../../../components/page-card';
import { ResendVerificationButton } from './resend-verification-button';

export interface VerifyEmailPageProps {
  email: string;
  /** Fetches the user again; the gate moves a verified user on. */
  onRefreshUser: () => Promise<void>;
  onSignOut: () => Promise<void>;
}

/** `/onboarding/verify-email` (spec section 4: where a user without a verified e-mail waits). */
export function VerifyEmailPage({ email, onRefreshUser, onSignOut }: VerifyEmailPageProps) {
  const [isChecking, setIsChecking] = useState(false);
  const [hasChecked, setHasChecked] = useState(false);
  const [isSigningOut, setIsSigningOut] = useState(false);

  const handleCheck = () => {
    setIsChecking(true);
    void onRefreshUser().finally(() => {
      setIsChecking(false);
      setHasChecked(true);
    });
  };

  const handleSignOut = () => {
    setIsSigningOut(true);
    void onSignOut();
  };

  return (
    <PageCard
      title="Check your inbox"
      description={
        <>
          We sent a link to <strong>{email}</strong>. Open it to verify your e-mail address.
        </>
      }
    >
      <Stack gap="sm">
        <Button fullWidth loading={isChecking} onClick={handleCheck}>
          I have verified my e-mail
        </Button>
        {hasChecked && !isChecking && (
          <Text size="sm" c="dimmed" role="status">
            Your e-mail address is not verified yet. Open the link in the e-mail, then try again.
          </Text>
        )}
        <ResendVerificationButton onAlreadyVerified={() => void onRefreshUser()} />
        <Button variant="subtle" fullWidth loading={isSigningOut} onClick={handleSignOut}>
          Sign out
        </Button>
      </Stack>
    </PageCard>
  );
}
