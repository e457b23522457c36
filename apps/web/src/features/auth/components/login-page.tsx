import { Anchor, Text } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { PageCard } from '../../../components/page-card';
import { useCurrentUser } from '../api/user-query';
import { ConnectionLogin } from './connection-login';
import { LoginForm } from './login-form';

/** `/`: the login page (spec section 2). */
export function LoginPage() {
  const { isProfileMissing } = useCurrentUser();
  // A first single sign-on login (e.g. finished in the popup) still needs the SSO sign-up.
  if (isProfileMissing) return <Navigate to="/login/callback" replace />;
  return (
    <PageCard
      title="Log in to Herald Cloud"
      footer={
        <>
          <Text size="sm">
            New to Herald Cloud?{' '}
            <Anchor component={Link} to="/signup">
              Create an account
            </Anchor>
          </Text>
          <Text size="sm">
            {/* A full page load: /v3/docs is served by the control plane, not by this app. */}
            <Anchor href="/v3/docs">API reference</Anchor>
          </Text>
        </>
      }
    >
      <LoginForm />
      <ConnectionLogin />
    </PageCard>
  );
}
