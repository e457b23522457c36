import { Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  canResizeCluster,
  higherTiers,
  isHighAvailability,
} from '@herald/contract/billing/plan-change';
import { planDisplayName } from '@herald/contract/services/plan-display';
import { upgradePromptAction } from '@herald/contract/services/service-navigation';
import type { Service } from '@herald/contract/services/service.schema';
import { useQuery } from '@tanstack/react-query';
import { LabelledFigure } from '../../../components/labelled-figure';
import { formatCents } from '../../../lib/format/money-format';
import { metadataQueryOptions } from '../../../lib/queries/service-queries';
import { PlanChangeModal } from './plan-change-modal';
import { ResizeClusterModal } from './resize-cluster-modal';
import { SettingsSection } from './settings-section';

const DENIED = 'Only an Admin or the Owner can change the plan.';

/**
 * The service's plan and size in its settings (issue 13): upgrade to a higher plan and turn high availability on or
 * off (resize-cluster), both priced for the rest of this month and going through checkout without a card.
 */
export function PlanSection({ service, canUpgrade }: { service: Service; canUpgrade: boolean }) {
  const metadata = useQuery(metadataQueryOptions());
  const [isPlanOpen, plan] = useDisclosure(false);
  const [isResizeOpen, resize] = useDisclosure(false);
  const tiers = metadata.data?.tiers ?? [];
  const tier = tiers.find((candidate) => candidate.billingPlan === service.billingPlan);
  const isHa = isHighAvailability(service);
  // A Free service keeps its plan (the upgrade block's unable-to-downgrade rule, spec section 2).
  const canChangePlan =
    upgradePromptAction(service.billingPlan) === 'checkout' &&
    higherTiers(tiers, service).length > 0 &&
    !service.freeTrial;
  const canResize = canResizeCluster(tier, service.freeTrial);
  return (
    <SettingsSection title="Plan and size" description={canUpgrade ? undefined : DENIED}>
      <Group gap="xl">
        <LabelledFigure size="lg" label="Plan" value={planDisplayName(service, tiers)} />
        {tier !== undefined && (
          <LabelledFigure
            size="lg"
            label="Price"
            value={`${formatCents(tier.pricing.perNode * service.noOfNodes)} a month`}
          />
        )}
        <LabelledFigure
          size="lg"
          label="High availability"
          value={isHa ? `On (${String(service.noOfNodes)} nodes)` : 'Off (1 node)'}
        />
      </Group>
      {service.freeTrial && (
        <Text size="sm" c="dimmed">
          A free trial runs on a single instance on its plan; add a card to keep the service after
          the trial.
        </Text>
      )}
      <Group gap="sm">
        {canChangePlan && (
          <Button size="sm" disabled={!canUpgrade} onClick={plan.open}>
            Change plan
          </Button>
        )}
        {canResize && (
          <Button size="sm" variant="default" disabled={!canUpgrade} onClick={resize.open}>
            {isHa ? 'Turn off high availability' : 'Turn on high availability'}
          </Button>
        )}
      </Group>
      <PlanChangeModal service={service} opened={isPlanOpen} onClose={plan.close} />
      {tier !== undefined && canResize && (
        <ResizeClusterModal
          service={service}
          tier={tier}
          opened={isResizeOpen}
          onClose={resize.close}
        />
      )}
    </SettingsSection>
  );
}
