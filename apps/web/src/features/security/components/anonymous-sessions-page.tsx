import { ANONYMOUS_ACTIONS, type AnonymousAction } from '@herald/contract/security/security.schema';
import { describeAnonymousActionChange } from '@herald/contract/security/security-change';
import { Anchor, Button, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/query-states';
import { showToast } from '../../../lib/ui/toast';
import { useAnonymousActionMutation, useAuthentication } from '../api/authentication-queries';
import { useSecurity } from '../api/security-queries';
import { CANNOT_CHANGE_SECURITY_REASON } from './principals-actions';
import { ANONYMOUS_ACTION_WORDS } from './anonymous-action-words';
import { APPLIES_AT_ONCE } from './security-write-words';
import { ChangeReviewModal } from './change-review';
import { RefusedButton } from './principals-refused-button';
import { PrincipalRoleBadges } from './principals-table';
import { closedSessions } from './principals-roles-modal';
import { TableSkeleton } from './principals-skeleton';

/** Auth → Anonymous sessions: what happens to a client that connects without credentials. */
export function AnonymousSessionsPage({
  serviceId,
  canEdit,
}: {
  serviceId: string;
  canEdit: boolean;
}) {
  useDocumentTitle('Anonymous sessions · Auth · Herald Cloud');
  const authentication = useAuthentication(serviceId);
  const store = useSecurity(serviceId);
  // What the user picked; null follows the stored policy (a background refetch never resets a pick).
  const [picked, setPicked] = useState<AnonymousAction | null>(null);
  const [isReviewing, setReviewing] = useState(false);
  const save = useAnonymousActionMutation(serviceId);

  if (authentication.isPending || store.isPending) {
    return <TableSkeleton label="Loading the anonymous sessions policy" rows={3} />;
  }
  if (authentication.isError || store.isError) {
    return (
      <LoadFailed
        title="The anonymous sessions policy could not be loaded"
        error={authentication.error ?? store.error}
        onRetry={() => Promise.all([authentication.refetch(), store.refetch()])}
      />
    );
  }
  const stored = authentication.data.anonymousAction;
  const chosen = picked ?? stored;
  const anonymousRoles = store.data.rolesForAnonymousSessions;
  const isChanged = chosen !== stored;

  return (
    <Stack gap="lg" maw={720}>
      <Radio.Group
        label="Connections without credentials"
        description="A client that sends no username, or only proposed properties (?Name=value) and no password"
        value={chosen}
        onChange={(value) => setPicked(value as AnonymousAction)}
      >
        <Stack gap="sm" mt="xs">
          {ANONYMOUS_ACTIONS.map((action) => (
            <Radio
              key={action}
              value={action}
              label={ANONYMOUS_ACTION_WORDS[action].label}
              description={ANONYMOUS_ACTION_WORDS[action].effect}
              disabled={!canEdit}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Stack gap={6}>
        <Title order={2} fz="h4">
          Roles anonymous sessions get
        </Title>
        <PrincipalRoleBadges roles={anonymousRoles} />
        <Text size="sm">
          They are changed with the{' '}
          <Anchor
            component={Link}
            to={`/service/${serviceId}/roles/default-roles`}
            underline="always"
          >
            default roles
          </Anchor>
          .
        </Text>
      </Stack>
      <Group>
        {canEdit ? (
          <Button disabled={!isChanged} onClick={() => setReviewing(true)}>
            Save policy
          </Button>
        ) : (
          <RefusedButton label="Save policy" reason={CANNOT_CHANGE_SECURITY_REASON} />
        )}
        {canEdit && isChanged && (
          <Button variant="subtle" onClick={() => setPicked(null)}>
            Undo
          </Button>
        )}
      </Group>
      <ChangeReviewModal
        opened={isReviewing}
        title="Save the anonymous sessions policy?"
        lines={describeAnonymousActionChange(stored, chosen, anonymousRoles)}
        warning={APPLIES_AT_ONCE}
        confirmLabel="Save policy"
        loading={save.isPending}
        onClose={() => setReviewing(false)}
        onConfirm={() =>
          save.mutate(chosen, {
            onSuccess: ({ disconnected }) => {
              setReviewing(false);
              setPicked(null);
              showToast({
                variant: 'success',
                message: `Anonymous sessions: ${ANONYMOUS_ACTION_WORDS[chosen].label}.${closedSessions(disconnected)}`,
              });
            },
          })
        }
      />
    </Stack>
  );
}
