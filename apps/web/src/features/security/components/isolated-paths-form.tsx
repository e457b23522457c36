import { ActionIcon, Button, Code, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { describeIsolatedPathsChange } from '@herald/contract/security/security-change';
import { securityPathSchema, type SecurityStore } from '@herald/contract/security/security.schema';
import { useState } from 'react';
import { showToast } from '../../../lib/toast';
import { usePutIsolatedPathsMutation } from '../api/security-queries';
import { ChangeConfirmModal } from './change-confirm-modal';
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

/** Checks a path to isolate: the contract's path rule, and not twice. */
export function checkIsolatedPath(path: string, paths: readonly string[]): string | undefined {
  const parsed = securityPathSchema.safeParse(path);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Not a topic path';
  if (paths.includes(path)) return `${path} is already isolated`;
  return undefined;
}

/** Paths that do not inherit permissions from their ancestors (DATA-PLANE "Security store"). */
export function IsolatedPathsForm({ serviceId, store, canEdit }: IsolatedPathsFormProps) {
  const [paths, setPaths] = useState(store.isolatedPaths);
  const [newPath, setNewPath] = useState('');
  const [newPathError, setNewPathError] = useState<string>();
  const [changes, setChanges] = useState<string[] | null>(null);
  const mutation = usePutIsolatedPathsMutation(serviceId);
  const isChanged = paths.join('\n') !== store.isolatedPaths.join('\n');

  const handleAdd = () => {
    const path = newPath.trim();
    const problem = checkIsolatedPath(path, paths);
    setNewPathError(problem);
    if (problem !== undefined) return;
    setPaths([...paths, path]);
    setNewPath('');
  };
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
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              label="Isolate a path"
              placeholder="e.g. private"
              value={newPath}
              onChange={(event) => {
                setNewPath(event.currentTarget.value);
                setNewPathError(undefined);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  handleAdd();
                }
              }}
              error={newPathError}
              spellCheck={false}
              autoComplete="off"
              style={{ flex: 1, maxWidth: 360 }}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <Button variant="default" mt={25} onClick={handleAdd}>
              Add
            </Button>
          </Group>
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
      <ChangeConfirmModal
        opened={changes !== null}
        title="Save the isolated paths?"
        changes={changes ?? []}
        warning={APPLIES_AT_ONCE}
        confirmLabel="Save isolated paths"
        loading={mutation.isPending}
        onConfirm={handleConfirm}
        onClose={() => setChanges(null)}
      />
    </Stack>
  );
}
