import { Alert, Button, Stack } from '@mantine/core';
import { inlineErrorText } from '../../../lib/api/error-text';
import { showToast } from '../../../lib/ui/toast';
import { useResendVerificationMutation } from '../api/resend-verification-mutation';

export const VERIFICATION_SENT_TEXT = 'Verification e-mail sent';

export interface ResendVerificationButtonProps {
  /** The server says the address is verified after all: fetch the user again. */
  onAlreadyVerified: () => void;
  variant?: 'filled' | 'default';
}

/** 'Re-send e-mail': asks the server for a new verification e-mail. */
export function ResendVerificationButton({
  onAlreadyVerified,
  variant = 'default',
}: ResendVerificationButtonProps) {
  const resend = useResendVerificationMutation();

  const handleClick = () => {
    resend.mutate(undefined, {
      onSuccess: ({ email_verified, verificationEmailSent }) => {
        if (email_verified) onAlreadyVerified();
        else if (verificationEmailSent)
          showToast({ variant: 'success', message: VERIFICATION_SENT_TEXT });
      },
    });
  };

  return (
    <Stack gap="sm">
      {resend.isError && (
        <Alert color="red" variant="light" role="alert">
          {inlineErrorText(resend.error)}
        </Alert>
      )}
      <Button variant={variant} fullWidth loading={resend.isPending} onClick={handleClick}>
        Re-send e-mail
      </Button>
    </Stack>
  );
}
