import { Button, Card, Group, MultiSelect, Stack, Table, Text, Title } from '@mantine/core';
import { TOKEN_SESSION_ROLES } from '@herald/contract/security/permissions';
import { describeDefaultRolesChange } from '@herald/contract/security/security-change';
import type { SecurityStore } from '@herald/contract/security/security.schema';
import { useState } from 'react';
import classes from '../../../components/stacked-table.module.css';
import { showToast } from '../../../lib/ui/toast';
import { usePutDefaultRolesMutation } from '../api/security-queries';
import { ChangeReviewModal } from './change-review';
import {
  APPLIES_AT_ONCE,
  CANNOT_CHANGE_SECURITY_REASON,
  disconnectedText,
} from './security-write-words';

/** The sessions that log in without a principal, and why they hold the roles they do (docs/decisions/021). */
const TOKEN_SESSIONS = [
  {
    who: 'Dashboard: Owner or Admin',
    roles: TOKEN_SESSION_ROLES.dashboardAdministrator,
    why: 'They may configure the service, so the dashboard acts for them with every right.',
  },
  {
    who: 'Dashboard: User',
    roles: TOKEN_SESSION_ROLES.dashboardUser,
    why: 'A User looks but does not change: topics and the security settings, read-only.',
  },
  {
    who: 'Service API token, write',
    roles: TOKEN_SESSION_ROLES.serviceTokenWrite,
    why: 'A write token may do everything the service API does.',
  },
  {
    who: 'Service API token, read',
    roles: TOKEN_SESSION_ROLES.serviceTokenRead,
    why: 'A read token reads and subscribes everywhere and publishes nothing.',
  },
  {
    who: 'Adapters (Kafka, REST)',
    roles: TOKEN_SESSION_ROLES.serviceTokenAdapter,
    why: 'An adapter moves values in and out of topics and creates them; it administers nothing.',
  },
];

export interface DefaultRolesFormProps {
  serviceId: string;
  store: SecurityStore;
  canEdit: boolean;
}

/** Roles every named session and every anonymous session gets on top of its own (DATA-PLANE "Security store"). */
export function DefaultRolesForm({ serviceId, store, canEdit }: DefaultRolesFormProps) {
  const [named, setNamed] = useState(store.rolesForNamedSessions);
  const [anonymous, setAnonymous] = useState(store.rolesForAnonymousSessions);
  const [changes, setChanges] = useState<string[] | null>(null);
  const mutation = usePutDefaultRolesMutation(serviceId);
  const roleNames = store.roles.map((role) => role.name);
  const after = { rolesForNamedSessions: named, rolesForAnonymousSessions: anonymous };
  const isChanged =
    named.join('\n') !== store.rolesForNamedSessions.join('\n') ||
    anonymous.join('\n') !== store.rolesForAnonymousSessions.join('\n');

  const handleConfirm = () =>
    mutation.mutate(after, {
      onSuccess: (result) => {
        setChanges(null);
        showToast({
          variant: 'success',
          title: 'Default roles saved',
          message: 'They apply at once.',
          detail: disconnectedText(result.disconnected),
        });
      },
      onError: () => setChanges(null),
    });

  return (
    <Stack gap="lg">
      <form
        aria-label="Default roles"
        onSubmit={(event) => {
          event.preventDefault();
          setChanges(describeDefaultRolesChange(store, after));
        }}
      >
        <Stack gap="md" maw={640}>
          <MultiSelect
            label="Roles for named sessions"
            description="Every session that logs in with a principal gets these, besides the principal's own roles."
            data={roleNames}
            value={named}
            onChange={setNamed}
            disabled={!canEdit}
            searchable
            clearable={canEdit}
          />
          <MultiSelect
            label="Roles for anonymous sessions"
            description="What a session without credentials gets when anonymous sessions are allowed (Auth → Anonymous sessions)."
            data={roleNames}
            value={anonymous}
            onChange={setAnonymous}
            disabled={!canEdit}
            searchable
            clearable={canEdit}
          />
          {canEdit ? (
            <Group justify="flex-end">
              <Button type="submit" disabled={!isChanged}>
                Save default roles
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {CANNOT_CHANGE_SECURITY_REASON}
            </Text>
          )}
        </Stack>
      </form>
      <Card withBorder padding="md" radius="md">
        <Title order={2} size="h4" mb={4}>
          Roles of token sessions
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Sessions that log in with a token rather than a principal get fixed built-in roles; they
          cannot be changed.
        </Text>
        <Table.ScrollContainer minWidth={480} className={classes.scroll}>
          <Table
            verticalSpacing="xs"
            className={classes.table}
            aria-label="Roles of token sessions"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Session</Table.Th>
                <Table.Th>Roles</Table.Th>
                <Table.Th>Why</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {TOKEN_SESSIONS.map((session) => (
                <Table.Tr key={session.who}>
                  <Table.Td data-label="Session">{session.who}</Table.Td>
                  <Table.Td data-label="Roles">{session.roles.join(', ')}</Table.Td>
                  <Table.Td data-label="Why">{session.why}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      <ChangeReviewModal
        opened={changes !== null}
        title="Save the default roles?"
        lines={changes ?? []}
        warning={APPLIES_AT_ONCE}
        confirmLabel="Save default roles"
        loading={mutation.isPending}
        onConfirm={handleConfirm}
        onClose={() => setChanges(null)}
      />
    </Stack>
  );
}
