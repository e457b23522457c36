import { Text } from '@mantine/core';
import { formatCredit } from '@herald/contract/billing/money';
import { LabelledFigure } from '../../../components/labelled-figure';
import { LoadFailed } from '../../../components/query-states';
import { useCreditQuery } from '../api/billing-queries';
import { BillingCard } from './billing-card';
import { SectionSkeleton } from './section-skeleton';

/**
 * Available credit in whole units (spec section 9 "Money"). Shown, and fetched, only for users who may
 * create-service (section 6).
 */
export function CreditSection({ workspaceId }: { workspaceId: string }) {
  const credit = useCreditQuery(workspaceId, true);
  return (
    <BillingCard title="Credit" data-billing-section="credit">
      {credit.isPending && <SectionSkeleton label="Loading the credit" lines={2} />}
      {credit.isError && (
        <LoadFailed
          title="The credit could not be loaded"
          error={credit.error}
          onRetry={() => credit.refetch()}
        />
      )}
      {credit.isSuccess && (
        <>
          <LabelledFigure
            label="Available credit"
            value={formatCredit(credit.data)}
            data-billing-figure="credit"
          />
          <Text size="sm" c="dimmed">
            {credit.data.amount > 0
              ? 'Used before your card is charged.'
              : 'No credit: charges go to your card.'}
          </Text>
        </>
      )}
    </BillingCard>
  );
}
