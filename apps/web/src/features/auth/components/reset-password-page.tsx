import { Anchor, Text } from '@mantine/core';
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
  return (
    <PageCard
      title={token ? 'Set a new password' : 'Reset your password'}
      description={
        token ? undefined : "Enter your account's e-mail address and we will send you a link."
      }
      footer={
        <Text size="sm">
          <Anchor component={Link} to="/">
            Back to log in
          </Anchor>
        </Text>
      }
    >
      {token ? <SetNewPasswordForm token={token} /> : <RequestResetForm />}
    </PageCard>
  );
}
