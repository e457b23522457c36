import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatCredit } from '@herald/contract/billing/money';
import type { Tier } from '@herald/contract/metadata/metadata.schema';
import { memoryDisplay } from '@herald/contract/services/service-display';
import type { ReactNode } from 'react';
import { radioCardTabIndex } from '../../../components/radio-card-tab-index';
import { FREE_TRIAL_DAYS, PRICE_CURRENCY } from '../utils/checkout';

export interface TierPickerProps {
  /** Sorted by price (spec section 9). */
  tiers: readonly Tier[];
  value: string;
  onChange: (billingPlan: string) => void;
  isHighAvailability: boolean;
  /** The free trial is on: the selected tier costs nothing for the trial's days. */
  isFreeTrial: boolean;
  error?: ReactNode;
}

/** The plan tiers as selectable cards: name, price per node and month, memory, cluster size. */
export function TierPicker({
  tiers,
  value,
  onChange,
  isHighAvailability,
  isFreeTrial,
  error,
}: TierPickerProps) {
  const planValues = tiers.map((tier) => tier.billingPlan);
  return (
    <Radio.Group label="Plan" value={value} onChange={onChange} error={error}>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm" mt="xs">
        {tiers.map((tier) => (
          <Radio.Card
            key={tier.billingPlan}
            value={tier.billingPlan}
            radius="md"
            p="sm"
            tabIndex={radioCardTabIndex(tier.billingPlan, value, planValues)}
            data-billing-plan={tier.billingPlan}
          >
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator />
              <Stack gap={2}>
                <Text fw={600}>{tier.displayName}</Text>
                <Text size="sm">{tierPrice(tier, isFreeTrial && tier.billingPlan === value)}</Text>
                <Text size="xs" c="dimmed">
                  {memoryDisplay(tier.nodeSpec.memory)} memory per node
                </Text>
                {isHighAvailability && (
                  <Text size="xs" c="dimmed">
                    {clusterText(tier.ha.clusterSize)}
                  </Text>
                )}
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

/** Per-node price in whole currency per month (spec section 9: prices are cents per node). */
function tierPrice(tier: Tier, isOnFreeTrial: boolean): string {
  if (isOnFreeTrial) return `Free for ${FREE_TRIAL_DAYS} days`;
  // Not "Free": the Free plan's name says it already (issue 25: "Free / Free").
  if (tier.pricing.perNode === 0) return 'No monthly charge';
  const price = formatCredit({ amount: tier.pricing.perNode, currency: PRICE_CURRENCY });
  return `${price} per node / month`;
}

function clusterText(nodes: number): string {
  return nodes > 1 ? `${nodes}-node cluster` : 'Single node only';
}
