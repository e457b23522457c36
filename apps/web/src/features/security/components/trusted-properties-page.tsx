import { describeTrustedPropertiesChange } from '@herald/contract/security/security-change';
import type { TrustedProperties } from '@herald/contract/security/security.schema';
import type { ServiceEndpoints } from '@herald/contract/services/service.schema';
import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { SnippetBlock } from '../../../components/snippet-block';
import classes from '../../../components/stacked-table.module.css';
import { DANGER_TEXT } from '../../../components/danger-colour';
import { LoadFailed } from '../../../components/query-states';
import { showToast } from '../../../lib/ui/toast';
import { useAuthentication, useTrustedPropertiesMutation } from '../api/authentication-queries';
import { CANNOT_CHANGE_SECURITY_REASON } from './principals-actions';
import { describeTrustedRule } from './trusted-rule-words';
import { ChangeReviewModal } from './change-review';
import { RefusedButton } from './principals-refused-button';
import { TableSkeleton } from './principals-skeleton';
import { TrustedPropertyModal, type TrustedPropertyDraft } from './trusted-property-modal';
import { trustedPropertySnippet } from './trusted-snippet';

const NEW_PROPERTY: TrustedPropertyDraft = { name: '', rule: { type: 'values', values: [] } };

/**
 * Auth → Trusted properties: session properties a client may propose in its username (`name?Department=north`),
 * kept only when trusted here and matching (docs/decisions/021); the rest are dropped.
 */
export function TrustedPropertiesPage({
  serviceId,
  endpoints,
  canEdit,
}: {
  serviceId: string;
  endpoints: Pick<ServiceEndpoints, 'mqttHost' | 'mqttPort'>;
  canEdit: boolean;
}) {
  useDocumentTitle('Trusted properties · Auth · Herald Cloud');
  const authentication = useAuthentication(serviceId);
  const [editing, setEditing] = useState<TrustedPropertyDraft | null>(null);
  /** The whole set as it would be saved, shown for review; null when nothing is under review. */
  const [proposed, setProposed] = useState<TrustedProperties | null>(null);
  const save = useTrustedPropertiesMutation(serviceId);

  if (authentication.isPending) return <TableSkeleton label="Loading the trusted properties" />;
  if (authentication.isError) {
    return (
      <LoadFailed
        title="The trusted properties could not be loaded"
        error={authentication.error}
        onRetry={() => authentication.refetch()}
      />
    );
  }
  const current = authentication.data.trustedProperties;
  const entries = Object.entries(current).sort(([a], [b]) => a.localeCompare(b));
  const without = (name: string) =>
    Object.fromEntries(Object.entries(current).filter(([key]) => key !== name));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Text size="sm" maw={640}>
          A client may propose session properties when it connects. A proposed property is kept only
          when it is trusted here and its value meets the rule; the others are dropped (and logged).
          Kept properties show with the session.
        </Text>
        {canEdit ? (
          <Button onClick={() => setEditing(NEW_PROPERTY)}>Trust a property</Button>
        ) : (
          <RefusedButton label="Trust a property" reason={CANNOT_CHANGE_SECURITY_REASON} />
        )}
      </Group>
      {entries.length === 0 ? (
        <Text size="sm" data-testid="trusted-empty">
          No property is trusted: every property a client proposes is dropped.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560} className={classes.scroll}>
          <Table verticalSpacing="sm" className={classes.table} aria-label="Trusted properties">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Property</Table.Th>
                <Table.Th>Kept when the value is</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map(([name, rule]) => (
                <Table.Tr key={name}>
                  <Table.Td data-label="Property" fw={600}>
                    {name}
                  </Table.Td>
                  <Table.Td data-label="Rule" style={{ overflowWrap: 'anywhere' }}>
                    {describeTrustedRule(rule)}
                  </Table.Td>
                  <Table.Td data-label="Actions">
                    <Group gap="xs">
                      {canEdit ? (
                        <>
                          <Button
                            size="xs"
                            variant="default"
                            aria-label={`Edit ${name}`}
                            onClick={() => setEditing({ name, rule })}
                          >
                            Edit
                          </Button>
                          <Button
                            size="xs"
                            variant="default"
                            c={DANGER_TEXT}
                            aria-label={`Remove ${name}`}
                            onClick={() => setProposed(without(name))}
                          >
                            Remove
                          </Button>
                        </>
                      ) : (
                        <>
                          <RefusedButton
                            size="xs"
                            label="Edit"
                            reason={CANNOT_CHANGE_SECURITY_REASON}
                          />
                          <RefusedButton
                            size="xs"
                            label="Remove"
                            reason={CANNOT_CHANGE_SECURITY_REASON}
                          />
                        </>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Stack gap="xs" maw={860}>
        <Title order={2} fz="h4">
          How a client proposes properties
        </Title>
        <Text size="sm">
          MQTT 3.1.1 has no connection properties, so a client adds them to its username after a
          question mark, like a web address: <code>sensor-7?Department=north&amp;Region=eu</code>{' '}
          logs in as principal <code>sensor-7</code> and proposes two properties. An anonymous
          client sends a username of only the properties, such as <code>?Department=north</code>,
          and no password. Names starting with $ are the service's own and cannot be proposed.
        </Text>
        <SnippetBlock
          title="Subscribe with proposed properties (mosquitto_sub)"
          code={trustedPropertySnippet(endpoints, entries[0]?.[0] ?? 'Department')}
          testId="snippet-trusted-properties"
        />
      </Stack>
      <TrustedPropertyModal
        editing={editing}
        existingNames={entries.map(([name]) => name)}
        onClose={() => setEditing(null)}
        onReview={(draft) => {
          setEditing(null);
          setProposed({ ...current, [draft.name]: draft.rule });
        }}
      />
      <ChangeReviewModal
        opened={proposed !== null}
        title="Save the trusted properties?"
        lines={proposed === null ? [] : describeTrustedPropertiesChange(current, proposed)}
        confirmLabel="Save trusted properties"
        loading={save.isPending}
        error={save.error}
        onClose={() => {
          save.reset();
          setProposed(null);
        }}
        onConfirm={() =>
          proposed !== null &&
          save.mutate(proposed, {
            onSuccess: () => {
              setProposed(null);
              showToast({ variant: 'success', message: 'Trusted properties saved.' });
            },
          })
        }
      />
    </Stack>
  );
}
