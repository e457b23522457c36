import { Alert, Button, Group, Text } from '@mantine/core';
import type { usePlanChange } from '../hooks/use-plan-change';

interface PaidChangeActionsProps {
  change: Pick<ReturnType<typeof usePlanChange>, 'errorText' | 'isGoingToCheckout' | 'isPending'>;
  /** The alert's title when the change failed, e.g. 'The plan was not changed'. */
  failureTitle: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * The end of a change that may cost money (plan upgrade, cluster resize): its failure (section 8's payment texts),
 * the notice that a card is needed and the browser is leaving for the payment page, and Cancel / confirm.
 */
export function PaidChangeActions({
  change,
  failureTitle,
  confirmLabel,
  onCancel,
  onConfirm,
}: PaidChangeActionsProps) {
  return (
    <>
      {change.errorText !== null && (
        <Alert color="red" variant="light" role="alert" title={failureTitle}>
          {change.errorText}
        </Alert>
      )}
      {change.isGoingToCheckout && (
        <Text size="sm" role="status">
          No valid card is on file: taking you to the payment page.
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button loading={change.isPending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </>
  );
}
