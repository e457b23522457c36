import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { inlineErrorText } from '../../../lib/api/error-text';

export interface ChangeReviewProps {
  /** What the save will change, one sentence a line (the contract's security-change.ts); empty: nothing. */
  lines: readonly string[];
  /** A consequence shown under the list (e.g. that it applies at once, sessions that will be closed). */
  warning?: string | undefined;
  confirmLabel: string;
  loading: boolean;
  /** Red confirm button for removals. */
  isDestructive?: boolean;
  /** The failed save, shown above the buttons (the dialog stays open to try again or go back). */
  error?: unknown;
  /** "Back" inside a form's dialog (back to the form), "Cancel" for a dialog of its own. */
  backLabel?: string;
  onConfirm: () => void;
  onBack: () => void;
}

/**
 * The last step before every security write (Roles and Auth alike): exactly what will change (issue 11 item 5),
 * then save or go back.
 */
export function ChangeReview({
  lines,
  warning,
  confirmLabel,
  loading,
  isDestructive = false,
  error,
  backLabel = 'Back',
  onConfirm,
  onBack,
}: ChangeReviewProps) {
  return (
    <Stack gap="md">
      {lines.length === 0 ? (
        <Text size="sm" data-testid="change-review">
          Nothing changes.
        </Text>
      ) : (
        <>
          <Text size="sm">This will change:</Text>
          <List size="sm" spacing={4} aria-label="Changes" data-testid="change-review">
            {lines.map((line) => (
              // A long topic path breaks anywhere rather than widen the dialog on a phone.
              <List.Item key={line} style={{ overflowWrap: 'anywhere' }}>
                {line}
              </List.Item>
            ))}
          </List>
        </>
      )}
      {warning !== undefined && (
        <Alert color="yellow" variant="light">
          {warning}
        </Alert>
      )}
      {error !== undefined && error !== null && (
        <Alert color="red" variant="light" role="alert" title="Not saved">
          {inlineErrorText(error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack}>
          {backLabel}
        </Button>
        <Button
          color={isDestructive ? 'red.9' : undefined}
          loading={loading}
          disabled={lines.length === 0}
          onClick={onConfirm}
        >
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}

export interface ChangeReviewModalProps extends Omit<ChangeReviewProps, 'onBack' | 'backLabel'> {
  opened: boolean;
  title: string;
  onClose: () => void;
}

/** ChangeReview in a dialog of its own, for changes made on the page itself (a role, default roles, policies). */
export function ChangeReviewModal({ opened, title, onClose, ...review }: ChangeReviewModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <ChangeReview {...review} backLabel="Cancel" onBack={onClose} />
    </Modal>
  );
}
