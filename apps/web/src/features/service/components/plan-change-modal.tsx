import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import {
  higherTiers,
  isHighAvailability,
  planChangeEstimate,
} from '@herald/contract/billing/plan-change';
import { planDisplayName } from '@herald/contract/services/plan-display';
import { memoryDisplay } from '@herald/contract/services/service-display';
import type { Service } from '@herald/contract/services/service.schema';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { InlineLoader, LoadFailed } from '../../../components/query-states';
import { radioCardTabIndex } from '../../../components/radio-card-tab-index';
import { formatCents } from '../../../lib/format/money-format';
import { metadataQueryOptions } from '../../../lib/queries/service-queries';
import { showToast } from '../../../lib/ui/toast';
import { usePlanChange } from '../hooks/use-plan-change';
import { PaidChangeActions } from './paid-change-actions';

const nodesText = (nodes: number) => (nodes === 1 ? '1 node' : `${String(nodes)} nodes`);

/**
 * The plan-change dialog of 'Upgrade your Plan' (spec section 2: "otherwise it starts checkout"): the higher tiers
 * with their price per node and the prorated estimate of the difference for the rest of this month; the upgrade is
 * asked for directly and goes through checkout when no card is on file (usePlanChange).
 */
export function PlanChangeModal({
  service,
  opened,
  onClose,
}: {
  service: Service;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Upgrade your plan"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && <PlanChangeContent service={service} onClose={onClose} />}
    </Modal>
  );
}

function PlanChangeContent({ service, onClose }: { service: Service; onClose: () => void }) {
  const metadata = useQuery(metadataQueryOptions());
  const [chosen, setChosen] = useState<string | null>(null);
  const change = usePlanChange(service, (changed) => {
    showToast({
      variant: 'success',
      message: `${service.serviceName} is now on the ${planDisplayName(changed, metadata.data?.tiers)} plan.`,
    });
    onClose();
  });

  if (metadata.isPending) return <InlineLoader label="Loading the plans" py="md" />;
  if (metadata.isError) {
    return (
      <LoadFailed
        title="The plans could not be loaded"
        error={metadata.error}
        onRetry={() => metadata.refetch()}
      />
    );
  }
  const tiers = metadata.data.tiers;
  const current = tiers.find((tier) => tier.billingPlan === service.billingPlan);
  const options = higherTiers(tiers, service);
  const target = options.find((tier) => tier.billingPlan === chosen) ?? options[0];
  const highAvailability = isHighAvailability(service);
  const now = new Date();
  const estimate =
    current === undefined || target === undefined
      ? null
      : planChangeEstimate({
          current,
          currentNodes: service.noOfNodes,
          target,
          highAvailability,
          now,
        });

  if (current === undefined || target === undefined || estimate === null) {
    return (
      <Stack gap="md">
        <Text size="sm">
          {current === undefined
            ? 'The plan of this service is not in the catalogue, so it cannot be changed here. Please contact support.'
            : `${service.serviceName} is on the highest plan there is.`}
        </Text>
        <Button variant="default" onClick={onClose} style={{ alignSelf: 'flex-end' }}>
          Close
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm">
        {service.serviceName} is on the {current.displayName} plan:{' '}
        {formatCents(current.pricing.perNode)} per node a month, on {nodesText(service.noOfNodes)}.
      </Text>
      <Radio.Group
        label="New plan"
        value={target.billingPlan}
        onChange={(value) => {
          change.reset();
          setChosen(value);
        }}
      >
        <Stack gap="xs" mt="xs">
          {options.map((tier) => (
            <Radio.Card
              key={tier.billingPlan}
              value={tier.billingPlan}
              radius="md"
              p="sm"
              tabIndex={radioCardTabIndex(
                tier.billingPlan,
                target.billingPlan,
                options.map((option) => option.billingPlan),
              )}
              aria-label={`${tier.displayName}, ${formatCents(tier.pricing.perNode)} per node a month`}
            >
              <Group wrap="nowrap" align="flex-start">
                <Radio.Indicator />
                <Stack gap={2}>
                  <Text fw={600}>{tier.displayName}</Text>
                  <Text size="sm" c="dimmed">
                    {formatCents(tier.pricing.perNode)} per node a month ·{' '}
                    {memoryDisplay(tier.nodeSpec.memory)} memory
                    {highAvailability ? ` · ${String(tier.ha.clusterSize)}-node cluster` : ''}
                  </Text>
                </Stack>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>
      <Stack gap={2}>
        <Text fw={600} data-testid="plan-change-estimate">
          Estimated extra this month: {formatCents(estimate.estimateCents)}
        </Text>
        <Text size="xs" c="dimmed">
          The difference for {nodesText(estimate.nodes)}, prorated over the rest of the month (GMT);
          then {formatCents(target.pricing.perNode * estimate.nodes)} a month.
        </Text>
      </Stack>
      <PaidChangeActions
        change={change}
        failureTitle="The plan was not changed"
        confirmLabel={`Upgrade to ${target.displayName}`}
        onCancel={onClose}
        onConfirm={() =>
          change.submit({ call: 'upgrade-service-plan', billingPlan: target.billingPlan })
        }
      />
    </Stack>
  );
}
