import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageCard } from '../../../components/page-card';
import { SignupForm } from './signup-form';

/** `/signup` (spec section 2). On success the gate sends the user to verify their e-mail. */
export function SignupPage() {
  return (
    <PageCard
      title="Create your account"
      footer={
        <Text size="sm">
          Already have an account?{' '}
          <Anchor component={Link} to="/">
            Log in
          </Anchor>
        </Text>
      }
    >
      <SignupForm />
    </PageCard>
  );
}
