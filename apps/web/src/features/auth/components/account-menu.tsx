import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { SCREEN_TEXTS } from '@herald/contract/messages';
import type { User } from '@herald/contract/users/user.schema';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { ConsentManagerModal } from '../../../components/consent-manager-modal';
import { TermsDrawer } from '../../../components/terms-drawer';
import { useAuthReset } from '../hooks/use-auth-reset';
import { ColourSchemeItems } from './colour-scheme-items';

function initialsOf(user: User): string {
  const initials = `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`;
  return (initials || user.email.charAt(0)).toUpperCase();
}

/**
 * The user avatar of the top navigation bar (spec section 2): initials of first and last name,
 * 'Logged in as {name} ({email})' on hover, and a menu with Profile, Data Collection
 * Preferences (the consent manager), Terms and Conditions (the terms side panel), the colour
 * scheme (light, dark, the system's) and Sign Out.
 */
export function AccountMenu({ user }: { user: User }) {
  const resetAuth = useAuthReset();
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const loggedInAs = SCREEN_TEXTS.loggedInAs(name, user.email);
  const [isConsentOpen, consent] = useDisclosure(false);
  const [isTermsOpen, terms] = useDisclosure(false);

  return (
    <>
      {/* No initial focus placeholder: a role=presentation child is not allowed in role=menu (axe). */}
      <Menu position="bottom-end" width={240} shadow="md" withInitialFocusPlaceholder={false}>
        <Menu.Target>
          {/* The hover text is the native title: a Mantine Tooltip inside Menu.Target takes the
            menu's trigger props. */}
          <UnstyledButton
            aria-label={loggedInAs}
            title={loggedInAs}
            style={{ borderRadius: '50%', flexShrink: 0 }}
          >
            <Avatar color="indigo" variant="filled" radius="xl" aria-hidden="true">
              {initialsOf(user)}
            </Avatar>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
              {name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.email}
            </Text>
          </Menu.Label>
          <Menu.Item component={Link} to="/profile">
            Profile
          </Menu.Item>
          <Menu.Item onClick={consent.open}>Data Collection Preferences</Menu.Item>
          <Menu.Item onClick={terms.open}>Terms and Conditions</Menu.Item>
          <Menu.Divider />
          <ColourSchemeItems />
          <Menu.Divider />
          <Menu.Item onClick={() => void resetAuth()}>Sign Out</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConsentManagerModal
        opened={isConsentOpen}
        onClose={consent.close}
        userId={user.customerid}
      />
      <TermsDrawer opened={isTermsOpen} onClose={terms.close} />
    </>
  );
}
