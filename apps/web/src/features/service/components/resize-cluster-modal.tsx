import { Modal, Stack, Text } from '@mantine/core';
import {
  isHighAvailability,
  planChangeEstimate,
  type PlanTier,
} from '@herald/contract/billing/plan-change';
import type { Service } from '@herald/contract/services/service.schema';
import { formatCents } from '../../../lib/format/money-format';
import { showToast } from '../../../lib/ui/toast';
import { usePlanChange } from '../hooks/use-plan-change';
import { PaidChangeActions } from './paid-change-actions';

const nodesText = (nodes: number) => (nodes === 1 ? '1 node' : `${String(nodes)} nodes`);

/**
 * Turn high availability on or off (PUT resize-cluster, issue 13): the node count it goes to and, when it costs
 * more, the prorated estimate for the rest of this month. Goes through checkout when no card is on file.
 */
export function ResizeClusterModal({
  service,
  tier,
  opened,
  onClose,
}: {
  service: Service;
  tier: PlanTier;
  opened: boolean;
  onClose: () => void;
}) {
  const turnOn = !isHighAvailability(service);
  const change = usePlanChange(service, (changed) => {
    showToast({
      variant: 'success',
      message: `${service.serviceName} now runs on ${nodesText(changed.noOfNodes)}.`,
    });
    onClose();
  });
  const estimate = planChangeEstimate({
    current: tier,
    currentNodes: service.noOfNodes,
    target: tier,
    highAvailability: turnOn,
    now: new Date(),
  });
  const handleClose = () => {
    change.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={turnOn ? 'Turn on high availability' : 'Turn off high availability'}
    >
      <Stack gap="md">
        <Text size="sm">
          {turnOn
            ? `${service.serviceName} will run on a cluster of ${nodesText(estimate.nodes)} instead of 1; each node is charged at ${formatCents(tier.pricing.perNode)} a month.`
            : `${service.serviceName} will run on 1 node instead of ${nodesText(service.noOfNodes)}. Clients may be disconnected briefly while it resizes.`}
        </Text>
        {turnOn && (
          <Text fw={600} data-testid="resize-estimate">
            Estimated extra this month: {formatCents(estimate.estimateCents)}
          </Text>
        )}
        <PaidChangeActions
          change={change}
          failureTitle="The cluster was not resized"
          confirmLabel={turnOn ? 'Turn on' : 'Turn off'}
          onCancel={handleClose}
          onConfirm={() => change.submit({ call: 'resize-cluster', highAvailability: turnOn })}
        />
      </Stack>
    </Modal>
  );
}
