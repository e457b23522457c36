import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { BillingAccount } from '@herald/contract/billing/checkout.schema';
import { cardExpiresAt, isCardExpired } from '@herald/contract/billing/card-expiry';
import { LoadFailed } from '../../../components/query-states';
import { usePaymentMethodQuery } from '../api/billing-queries';
import { useUpdatePaymentMethodMutation } from '../api/update-payment-method-mutation';
import { BillingCard } from './billing-card';
import { SectionSkeleton } from './section-skeleton';

function brandName(brand: string | undefined): string {
  if (brand === undefined || brand.trim() === '') return 'Card';
  const words: Record<string, string> = {
    amex: 'American Express',
    diners: 'Diners Club',
    jcb: 'JCB',
    mastercard: 'Mastercard',
    unionpay: 'UnionPay',
    visa: 'Visa',
  };
  return words[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

const twoDigits = (month: number) => String(month).padStart(2, '0');

/**
 * The workspace's card (spec section 3 "Payment method"): brand, last four, expiry, and "Expired" after the end of
 * its expiry month (section 5). "Update payment method" goes to the checkout (section 7).
 */
export function PaymentMethodSection({
  workspaceId,
  account,
  now,
}: {
  workspaceId: string;
  account: BillingAccount | undefined;
  now: Date;
}) {
  const card = usePaymentMethodQuery(workspaceId);
  const update = useUpdatePaymentMethodMutation(workspaceId);
  const hasCard = card.isSuccess && card.data !== null;
  const action = (
    <Button
      size="xs"
      variant={hasCard ? 'default' : 'filled'}
      loading={update.isPending}
      disabled={!card.isSuccess}
      onClick={() => update.mutate()}
    >
      {hasCard ? 'Update payment method' : 'Add payment method'}
    </Button>
  );
  return (
    <BillingCard title="Payment method" action={action} data-billing-section="payment-method">
      {card.isPending && <SectionSkeleton label="Loading the payment method" lines={2} />}
      {card.isError && (
        <LoadFailed
          title="The payment method could not be loaded"
          error={card.error}
          onRetry={() => card.refetch()}
        />
      )}
      {card.isSuccess && card.data === null && (
        <Stack gap={4}>
          <Text fw={600}>No card on file</Text>
          <Text size="sm" c="dimmed">
            Add a card to create services on paid plans or to upgrade a plan. Free services and free
            trials need none.
          </Text>
        </Stack>
      )}
      {card.isSuccess && card.data !== null && (
        <Stack gap={4} data-testid="payment-method">
          <Group gap="xs">
            <Text fw={600}>
              {brandName(card.data.brand)}
              {card.data.last4 === undefined ? '' : ` ending in ${card.data.last4}`}
            </Text>
            {isCardExpired(card.data, now) && (
              <Badge color="red" variant="light">
                Expired
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {isCardExpired(card.data, now) ? 'Expired' : 'Expires'} {twoDigits(card.data.exp_month)}
            /{card.data.exp_year}
            {isCardExpired(card.data, now)
              ? ': update it to keep paid services running.'
              : ` (valid until the end of ${cardExpiresAtMonth(card.data)}).`}
          </Text>
        </Stack>
      )}
      {account !== undefined && (account.paymentMethodExempted || account.manuallyBilled) && (
        <Text size="sm" c="dimmed">
          {account.manuallyBilled
            ? 'Your organisation is billed manually: invoices are sent to you directly.'
            : 'Your organisation does not need a card to create paid services.'}
        </Text>
      )}
    </BillingCard>
  );
}

/** 'December 2026': the month a card is valid through. */
function cardExpiresAtMonth(card: { exp_year: number; exp_month: number }): string {
  const lastDay = new Date(cardExpiresAt(card).getTime() - 1);
  return lastDay.toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
