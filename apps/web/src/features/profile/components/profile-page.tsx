import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { User } from '@herald/contract/users/user.schema';
import type { ReactNode } from 'react';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccountSection } from './delete-account-section';
import { ProfileForm } from './profile-form';
import { DANGER_TEXT } from '../../../components/danger-colour';

export interface ProfilePageProps {
  user: User;
  onUserUpdated: () => Promise<void>;
  onAccountDeleted: () => void;
}

function Section({
  headingId,
  title,
  isDanger = false,
  children,
}: {
  headingId: string;
  title: string;
  isDanger?: boolean;
  children: ReactNode;
}) {
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p="lg"
      style={isDanger ? { borderColor: 'var(--mantine-color-red-4)' } : undefined}
    >
      <Stack gap="md">
        <Title order={2} fz="h4" id={headingId} c={isDanger ? DANGER_TEXT : undefined}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** `/profile`, reached from the account menu (spec section 2). */
export function ProfilePage({ user, onUserUpdated, onAccountDeleted }: ProfilePageProps) {
  useDocumentTitle('Profile · Herald Cloud');
  return (
    <Container size={640} px={0} ml={0}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Profile</Title>
          <Text c="dimmed">Your details, your password and your account.</Text>
        </Stack>
        <Section headingId="profile-details-heading" title="Your details">
          <ProfileForm user={user} onUpdated={onUserUpdated} />
        </Section>
        <Section headingId="profile-password-heading" title="Password">
          {user.provider === 'password' ? (
            <ChangePasswordForm />
          ) : (
            <Text>Your password is managed by the identity provider you log in with.</Text>
          )}
        </Section>
        <Section headingId="profile-danger-heading" title="Danger zone" isDanger>
          <DeleteAccountSection email={user.email} onAccountDeleted={onAccountDeleted} />
        </Section>
      </Stack>
    </Container>
  );
}
