import { Alert, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { MARKETPLACE_BILLING_PROVIDER } from '@herald/contract/constants';
import { hasPermission, type Role } from '@herald/contract/members/permissions';
import type { Workspace } from '@herald/contract/workspaces/workspace.schema';
import { useState } from 'react';
import { useBillingAccountQuery } from '../api/billing-queries';
import { CreditSection } from './credit-section';
import { ForecastSection } from './forecast-section';
import { InvoiceSummarySection } from './invoice-summary-section';
import { InvoicesSection } from './invoices-section';
import { PaymentMethodSection } from './payment-method-section';

/** Until the account says otherwise: prices are in US dollars (the catalogue's currency). */
const DEFAULT_CURRENCY = 'usd';

/**
 * `/workspace/{workspaceId}/billing` (spec section 2; the side navigation shows it with manage-billing, section 6):
 * payment method, forecast, invoice summary chart, invoices and credit. A marketplace organisation is billed
 * through the marketplace, so it sees that instead of the card and invoices.
 */
export function BillingPage({
  workspace,
  roles,
}: {
  workspace: Workspace;
  roles: readonly Role[];
}) {
  useDocumentTitle(`Billing · ${workspace.name} · Herald Cloud`);
  // One "now" for the page: the chart's months and the card's expiry agree (and stay put while it is open).
  const [now] = useState(() => new Date());
  const workspaceId = workspace.workspace_id;
  const canManageBilling = hasPermission(roles, 'manage-billing');

  if (!canManageBilling) {
    return (
      <Stack gap="lg">
        <Title order={1}>Billing</Title>
        <Alert color="gray" variant="light" title="Only an Admin or the Owner can see billing">
          Ask an Admin or the Owner of {workspace.name} for the organisation&apos;s invoices and
          payment details.
        </Alert>
      </Stack>
    );
  }
  return (
    <BillingSections
      workspace={workspace}
      workspaceId={workspaceId}
      canCreateService={hasPermission(roles, 'create-service')}
      now={now}
    />
  );
}

function BillingSections({
  workspace,
  workspaceId,
  canCreateService,
  now,
}: {
  workspace: Workspace;
  workspaceId: string;
  canCreateService: boolean;
  now: Date;
}) {
  const account = useBillingAccountQuery(workspaceId);
  const isMarketplace =
    workspace.provider === MARKETPLACE_BILLING_PROVIDER ||
    account.data?.billingProvider === MARKETPLACE_BILLING_PROVIDER;
  const currency = account.data?.currency ?? DEFAULT_CURRENCY;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Billing</Title>
        <Text c="dimmed">What {workspace.name} pays for its services, and how.</Text>
      </Stack>
      {isMarketplace && (
        <Alert
          color="indigo"
          variant="light"
          title="Billed through AWS Marketplace"
          data-billing-section="marketplace"
        >
          Your organisation subscribed through AWS Marketplace: its services are charged on your AWS
          bill, so there is no card or invoice here. The forecast shows what this month&apos;s usage
          comes to.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: canCreateService && !isMarketplace ? 2 : 1 }}>
        {!isMarketplace && (
          <PaymentMethodSection workspaceId={workspaceId} account={account.data} now={now} />
        )}
        {canCreateService && <CreditSection workspaceId={workspaceId} />}
      </SimpleGrid>
      <ForecastSection workspaceId={workspaceId} currency={currency} />
      <InvoiceSummarySection workspaceId={workspaceId} currency={currency} now={now} />
      {!isMarketplace && (
        <InvoicesSection
          workspaceId={workspaceId}
          account={{
            data: account.data,
            isPending: account.isPending,
            error: account.error,
            refetch: account.refetch,
          }}
        />
      )}
    </Stack>
  );
}
