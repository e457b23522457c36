import { Alert, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { PageCard } from '../../../components/page-card';
import { ResendVerificationButton } from './resend-verification-button';

/** Texts for the `?error=` values the verification link can come back with. */
const LINK_ERROR_TEXTS: Record<string, string> = {
  expired: 'This verification link has expired.',
  used: 'This verification link has already been used.',
  invalid: 'This verification link is not valid.',
};

export interface EmailVerifiedPageProps {
  /** `?error=…` of the landing, null when the address was verified. */
  linkError: string | null;
  /** Whether someone is logged in here (only then can a new link be sent). */
  isLoggedIn: boolean;
  /** Fetches the user again and hands over to the gate. */
  onContinue: () => Promise<void>;
}

/**
 * `/login/email-verified`: where the verification link lands (spec section 2). A fresh user is
 * fetched on 'Continue' and the gate takes the user on; a failed link explains itself and offers
 * a new e-mail.
 */
export function EmailVerifiedPage({ linkError, isLoggedIn, onContinue }: EmailVerifiedPageProps) {
  const [isContinuing, setIsContinuing] = useState(false);
  const handleContinue = () => {
    setIsContinuing(true);
    void onContinue().finally(() => setIsContinuing(false));
  };

  if (linkError !== null) {
    return (
      <PageCard title="Your e-mail address is not verified yet">
        <Alert color="yellow" variant="light" role="alert">
          {LINK_ERROR_TEXTS[linkError] ?? 'This verification link cannot be used.'}{' '}
          {isLoggedIn ? 'We can send you a new one.' : 'Log in to have a new one sent.'}
        </Alert>
        <Stack gap="sm">
          {isLoggedIn && (
            <ResendVerificationButton variant="filled" onAlreadyVerified={handleContinue} />
          )}
          <Button variant="default" fullWidth loading={isContinuing} onClick={handleContinue}>
            Continue
          </Button>
        </Stack>
      </PageCard>
    );
  }

  return (
    <PageCard
      title="Your e-mail address is verified"
      description="Thank you. Continue to finish setting up your account."
    >
      <Button fullWidth loading={isContinuing} onClick={handleContinue}>
        Continue
      </Button>
    </PageCard>
  );
}
