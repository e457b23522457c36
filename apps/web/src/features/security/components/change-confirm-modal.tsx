import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';

export interface ChangeConfirmModalProps {
  opened: boolean;
  title: string;
  /** What the save will change, one sentence a line (the contract's security-change.ts); empty: nothing. */
  changes: readonly string[];
  /** Shown above the buttons, e.g. that connected clients may be disconnected. */
  warning?: string;
  confirmLabel: string;
  isDanger?: boolean;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Shows exactly what a security change will do before it is sent (issue 11: each change is shown first). */
export function ChangeConfirmModal({
  opened,
  title,
  changes,
  warning,
  confirmLabel,
  isDanger = false,
  loading,
  onConfirm,
  onClose,
}: ChangeConfirmModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={title}
    >
      <Stack gap="md">
        {changes.length === 0 ? (
          <Text size="sm">Nothing changes.</Text>
        ) : (
          <List size="sm" spacing={4} aria-label="Changes">
            {changes.map((line) => (
              <List.Item key={line} style={{ overflowWrap: 'anywhere' }}>
                {line}
              </List.Item>
            ))}
          </List>
        )}
        {warning !== undefined && (
          <Alert color="yellow" variant="light">
            {warning}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color={isDanger ? 'red.9' : undefined}
            loading={loading}
            disabled={changes.length === 0}
            onClick={onConfirm}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
