import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageCard } from '../../../components/page-card';
import { PageLoader } from '../../../components/page-loader';
import { useQueryClient } from '@tanstack/react-query';
import { useCurrentUser, useRefreshCurrentUser, whenSignedIn } from '../api/user-query';
import { prefetchAfterSignIn } from '../../../lib/queries/sign-in-prefetch';
import { broadcastLogin } from '../utils/auth-broadcast';
import { closeLoginPopup, isLoginPopupWindow } from '../utils/login-popup';
import { SsoSignupForm } from './sso-signup-form';

/**
 * `/login/callback`: where the identity provider sends the browser after a social or single
 * sign-on login (spec section 2).
 * - In the login popup: tell the opener (auth channel) and close; the opener fetches the user.
 * - As a full page (the popup was blocked): fetch the user; the gate moves a signed-in user on,
 *   and a first SSO login (no user details yet) finishes with the SSO sign-up here.
 * - `?error=…` from the provider: say so, with the way back.
 */
export function LoginCallbackPage() {
  const [searchParams] = useSearchParams();
  const providerError = searchParams.get('error_description') ?? searchParams.get('error');
  const [isPopup] = useState(isLoginPopupWindow);
  const { user, isProfileMissing } = useCurrentUser();
  const refreshCurrentUser = useRefreshCurrentUser();
  const queryClient = useQueryClient();
  const [isRefreshing, setIsRefreshing] = useState(providerError === null);
  const hasStarted = useRef(false);

  useEffect(() => {
    if (providerError !== null || hasStarted.current) return;
    hasStarted.current = true;
    broadcastLogin();
    if (isPopup) closeLoginPopup();
    // Still here: not a popup, or a popup the browser will not let script close. A full page goes on to the
    // landing page, whose calls start as soon as the user's answer says the login took (docs/decisions/041).
    const refreshed = refreshCurrentUser();
    if (!isPopup) prefetchAfterSignIn(whenSignedIn(queryClient, refreshed));
    void refreshed.finally(() => setIsRefreshing(false));
  }, [providerError, isPopup, refreshCurrentUser, queryClient]);

  const backLink = isPopup ? (
    <Button variant="default" onClick={() => window.close()}>
      Close this window
    </Button>
  ) : (
    <Anchor component={Link} to="/">
      Back to log in
    </Anchor>
  );

  if (providerError !== null) {
    return (
      <PageCard title="Log-in did not complete">
        <Alert color="red" variant="light" role="alert">
          The identity provider reported a problem: {providerError}
        </Alert>
        <Text>{backLink}</Text>
      </PageCard>
    );
  }
  if (isRefreshing) return <PageLoader label="Completing your log-in" />;
  if (isProfileMissing) {
    return (
      <PageCard title="Welcome to Herald Cloud">
        <SsoSignupForm />
      </PageCard>
    );
  }
  if (user && isPopup) {
    return (
      <PageCard title="You are logged in">
        <Text>Return to the Herald Cloud window to continue.</Text>
        <Stack align="flex-start">{backLink}</Stack>
      </PageCard>
    );
  }
  return (
    <PageCard title="Log-in did not complete">
      <Text>Your log-in could not be completed. Please try again.</Text>
      <Text>{backLink}</Text>
    </PageCard>
  );
}
