import { Anchor, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageCard } from '../../../components/page-card';
import { RequestResetForm } from './request-reset-form';
import { SetNewPasswordForm } from './set-new-password-form';

/**
 * `/reset-password` (spec section 2): without a token it asks for the e-mail to send a link to;
 * the link comes back here with `?token=…` to set the new password.
 */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  // Once the password is changed, the form's "Log in with your new password" leads to the same place.
  const [isChanged, setChanged] = useState(false);
  return (
    <PageCard
      title={token ? 'Set a new password' : 'Reset your password'}
      description={
        token ? undefined : "Enter your account's e-mail address and we will send you a link."
      }
      footer={
        isChanged ? undefined : (
          <Text size="sm">
            <Anchor component={Link} to="/">
              Back to log in
            </Anchor>
          </Text>
        )
      }
    >
      {token ? (
        <SetNewPasswordForm token={token} onChanged={() => setChanged(true)} />
      ) : (
        <RequestResetForm />
      )}
    </PageCard>
  );
}
