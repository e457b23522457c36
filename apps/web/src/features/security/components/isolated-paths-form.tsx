import { ActionIcon, Button, Code, Group, List, Stack, Text } from '@mantine/core';
import { describeIsolatedPathsChange } from '@herald/contract/security/security-change';
import type { SecurityStore } from '@herald/contract/security/security.schema';
import { useState } from 'react';
import { showToast } from '../../../lib/ui/toast';
import { usePutIsolatedPathsMutation } from '../api/security-queries';
import { AddPathInput } from './add-path-input';
import { ChangeReviewModal } from './change-review';
import {
  APPLIES_AT_ONCE,
  CANNOT_CHANGE_SECURITY_REASON,
  disconnectedText,
} from './security-write-words';

export interface IsolatedPathsFormProps {
  serviceId: string;
  store: SecurityStore;
  canEdit: boolean;
}

/** Paths that do not inherit permissions from their ancestors (DATA-PLANE "Security store"). */
export function IsolatedPathsForm({ serviceId, store, canEdit }: IsolatedPathsFormProps) {
  const [paths, setPaths] = useState(store.isolatedPaths);
  const [changes, setChanges] = useState<string[] | null>(null);
  const mutation = usePutIsolatedPathsMutation(serviceId);
  const isChanged = paths.join('\n') !== store.isolatedPaths.join('\n');

  const handleConfirm = () =>
    mutation.mutate(
      { isolatedPaths: paths },
      {
        onSuccess: (result) => {
          setChanges(null);
          showToast({
            variant: 'success',
            title: 'Isolated paths saved',
            message: 'They apply at once.',
            detail: disconnectedText(result.disconnected),
          });
        },
        onError: () => setChanges(null),
      },
    );

  return (
    <Stack gap="md" maw={720}>
      <Text size="sm">
        Permissions a role has on a path normally reach every path below it, down to the next path
        with permissions of its own. An isolated path stops that: permissions assigned on its
        ancestors do not reach it or anything below it. There, a role has only what is assigned on
        the isolated path or under it, or else its default path permissions. Use it to fence off a
        branch, such as <Code>plant/secret</Code>, from roles that are given permissions on{' '}
        <Code>plant</Code>.
      </Text>
      {paths.length === 0 ? (
        <Text size="sm" c="dimmed">
          No path is isolated.
        </Text>
      ) : (
        <List aria-label="Isolated paths" listStyleType="none" spacing={4}>
          {paths.map((path) => (
            <List.Item key={path}>
              <Group gap="xs" wrap="nowrap">
                <Code fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  {path}
                </Code>
                {canEdit && (
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    aria-label={`Remove ${path}`}
                    onClick={() => setPaths(paths.filter((candidate) => candidate !== path))}
                  >
                    <span aria-hidden="true">×</span>
                  </ActionIcon>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {canEdit ? (
        <>
          <AddPathInput
            label="Isolate a path"
            placeholder="e.g. private"
            buttonLabel="Add"
            existing={paths}
            alreadyThere="is already isolated"
            onAdd={(path) => setPaths([...paths, path])}
          />
          <Group justify="flex-end">
            <Button
              disabled={!isChanged}
              onClick={() => setChanges(describeIsolatedPathsChange(store.isolatedPaths, paths))}
            >
              Save isolated paths
            </Button>
          </Group>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {CANNOT_CHANGE_SECURITY_REASON}
        </Text>
      )}
      <ChangeReviewModal
        opened={changes !== null}
        title="Save the isolated paths?"
        lines={changes ?? []}
        warning={APPLIES_AT_ONCE}
        confirmLabel="Save isolated paths"
        loading={mutation.isPending}
        onConfirm={handleConfirm}
        onClose={() => setChanges(null)}
      />
    </Stack>
  );
}
