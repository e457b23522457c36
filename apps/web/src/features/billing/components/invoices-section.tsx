import { Anchor, Badge, Table, Text } from '@mantine/core';
import type { Invoice } from '@herald/contract/billing/billing.schema';
import type { BillingAccount } from '@herald/contract/billing/checkout.schema';
import { INVOICE_STATUS_WORDS } from '@herald/contract/billing/invoice-status';
import { LoadFailed } from '../../../components/query-states';
import stackedTable from '../../../components/stacked-table.module.css';
import { formatCents } from '../../../lib/format/money-format';
import { useInvoicesQuery } from '../api/billing-queries';
import { BillingCard } from './billing-card';
import { SectionSkeleton } from './section-skeleton';

const STATUS_COLOURS: Record<Invoice['status'], string> = {
  draft: 'gray',
  open: 'yellow',
  paid: 'green',
  uncollectible: 'red',
  void: 'gray',
};

const day = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** A period's last day: periods end at the first instant of the next one (exclusive). */
const period = (invoice: Invoice) => `${day(invoice.periodStart)} – ${day(invoice.periodEnd - 1)}`;

/** The invoices of the workspace's subscription (spec section 7), newest first, each with a link to view it. */
export function InvoicesSection({
  workspaceId,
  account,
}: {
  workspaceId: string;
  account: {
    data: BillingAccount | undefined;
    isPending: boolean;
    error: unknown;
    refetch: () => unknown;
  };
}) {
  const subscriptionId = account.data?.subscriptionId;
  const invoices = useInvoicesQuery(workspaceId, subscriptionId);
  const isPending = account.isPending || (typeof subscriptionId === 'string' && invoices.isPending);
  const error = account.error ?? invoices.error;
  return (
    <BillingCard title="Invoices" data-billing-section="invoices">
      {isPending && error === null && <SectionSkeleton label="Loading the invoices" lines={3} />}
      {error !== null && error !== undefined && (
        <LoadFailed
          title="The invoices could not be loaded"
          error={error}
          onRetry={() => (account.error ? account.refetch() : invoices.refetch())}
        />
      )}
      {!isPending &&
        error === null &&
        (subscriptionId === null || (invoices.isSuccess && invoices.data.length === 0)) && (
          <Text size="sm" c="dimmed">
            No invoices yet. The first arrives at the end of the first month with a paid service.
          </Text>
        )}
      {invoices.isSuccess && invoices.data.length > 0 && (
        <Table className={stackedTable.table} data-billing-table="invoices">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Invoice</Table.Th>
              <Table.Th scope="col">Period</Table.Th>
              <Table.Th scope="col" ta="right">
                Total
              </Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Link</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoices.data.map((invoice) => (
              <Table.Tr key={invoice.id} data-invoice={invoice.number ?? invoice.id}>
                <Table.Td data-label="Invoice">{invoice.number ?? 'Draft'}</Table.Td>
                <Table.Td data-label="Period">{period(invoice)}</Table.Td>
                <Table.Td data-label="Total" ta="right">
                  {formatCents(invoice.total, invoice.currency)}
                </Table.Td>
                <Table.Td data-label="Status">
                  <Badge variant="light" color={STATUS_COLOURS[invoice.status]}>
                    {INVOICE_STATUS_WORDS[invoice.status]}
                  </Badge>
                </Table.Td>
                <Table.Td data-label="Link">
                  {invoice.hostedInvoiceUrl === null ? (
                    <Text size="sm" c="dimmed">
                      Not issued yet
                    </Text>
                  ) : (
                    <Anchor
                      href={invoice.hostedInvoiceUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      View invoice {invoice.number ?? ''}
                    </Anchor>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </BillingCard>
  );
}
