import { Group, Paper, Stack, Text } from '@mantine/core';
import { formatCredit } from '@herald/contract/billing/money';
import { useWorkspaceCreditQuery } from '../api/credit-query';
import { formatMoney } from '../utils/checkout';

export interface CheckoutEstimateProps {
  workspaceId: string;
  /** Prorated over the rest of this month (GMT), rounded up (spec section 9). */
  estimateCents: number;
  nodes: number;
}

/**
 * The estimate for the rest of this month and the workspace's available credit. Shown only inside
 * the create dialog, which only users with create-service can open (spec section 6).
 */
export function CheckoutEstimate({ workspaceId, estimateCents, nodes }: CheckoutEstimateProps) {
  const credit = useWorkspaceCreditQuery(workspaceId, true);
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Text fw={600} data-testid="checkout-estimate">
            Estimated cost this month: {formatMoney(estimateCents)}
          </Text>
          <Text size="xs" c="dimmed">
            For {nodes === 1 ? '1 node' : `${nodes} nodes`}, prorated over the rest of the month
            (GMT).
          </Text>
        </Stack>
        {credit.isSuccess && (
          <Text size="sm" data-testid="available-credit">
            Available credit: {formatCredit(credit.data)}
          </Text>
        )}
        {credit.isError && (
          <Text size="sm" c="dimmed">
            Available credit could not be loaded.
          </Text>
        )}
      </Group>
    </Paper>
  );
}
