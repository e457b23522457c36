import { Button, Divider, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useConnectionsQuery } from '../api/connections-query';
import { startConnectionLogin } from '../utils/login-popup';
import { SsoLoginForm } from './sso-login-form';

/**
 * The other ways to log in (spec section 1: social popup or single sign-on): one button per
 * social connection and, when the operator configured any SSO connection, 'Log in with single
 * sign-on'. Both open the provider in a popup (see startConnectionLogin).
 */
export function ConnectionLogin() {
  const connections = useConnectionsQuery();
  const [isPopupOpen, setIsPopupOpen] = useState(false);
  const [isSsoFormShown, setIsSsoFormShown] = useState(false);

  const handleStart = (connection: string) => {
    setIsPopupOpen(startConnectionLogin(connection));
  };

  if (connections.isPending) {
    return (
      <Stack align="center" py="xs" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm" c="dimmed">
          Loading other ways to log in
        </Text>
      </Stack>
    );
  }
  if (connections.isError) {
    return (
      <Text size="sm" c="dimmed" ta="center">
        Other ways to log in are unavailable right now.
      </Text>
    );
  }

  const social = connections.data.filter((connection) => connection.kind === 'social');
  const hasSso = connections.data.some((connection) => connection.kind === 'sso');
  if (social.length === 0 && !hasSso) return null;

  return (
    <Stack gap="sm">
      <Divider label="or" labelPosition="center" />
      {social.map((connection) => (
        <Button
          key={connection.name}
          variant="default"
          fullWidth
          onClick={() => handleStart(connection.name)}
        >
          Continue with {connection.displayName}
        </Button>
      ))}
      {hasSso &&
        (isSsoFormShown ? (
          <SsoLoginForm onConnectionFound={handleStart} />
        ) : (
          <Button variant="default" fullWidth onClick={() => setIsSsoFormShown(true)}>
            Log in with single sign-on
          </Button>
        ))}
      {isPopupOpen && (
        <Text size="sm" c="dimmed" ta="center" role="status">
          Finish logging in in the pop-up window.
        </Text>
      )}
    </Stack>
  );
}
