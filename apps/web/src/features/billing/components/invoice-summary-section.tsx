import { Skeleton, Switch, Table, Text } from '@mantine/core';
import {
  INVOICE_SUMMARY_MONTHS,
  invoiceSummaryRange,
  summariseInvoicesByMonth,
  type SummaryMonth,
} from '@herald/contract/billing/invoice-summary-chart';
import { lazy, Suspense, useMemo, useState } from 'react';
import { LoadFailed } from '../../../components/query-states';
import { formatWholeUnits } from '../../../lib/format/money-format';
import { useInvoiceSummaryQuery } from '../api/billing-queries';
import { BillingCard } from './billing-card';
import { ChartBoundary } from '../../../components/chart-boundary';
import { SectionSkeleton } from './section-skeleton';

// The chart library loads only when the chart is drawn (bundle budget).
const InvoiceSummaryChart = lazy(() => import('./invoice-summary-chart'));
const CHART_HEIGHT = 220;

/** The chart in one sentence: its accessible form with the table. */
export function summarySentence(months: readonly SummaryMonth[], currency: string): string {
  const first = months[0];
  const last = months[months.length - 1];
  if (first === undefined || last === undefined) return '';
  const total = months.reduce((sum, month) => sum + month.cents, 0);
  const highest = months.reduce((top, month) => (month.cents > top.cents ? month : top), first);
  const span = `From ${first.longLabel} to ${last.longLabel}`;
  return `${span}, invoices came to ${formatWholeUnits(Math.round(total / 100), currency)} in total; the highest month was ${highest.longLabel} at ${formatWholeUnits(highest.amount, currency)}.`;
}

/**
 * The invoice summary (spec sections 3, 7 and 9): the last INVOICE_SUMMARY_MONTHS months of invoices, fetched page by
 * page, as a bar chart labelled by month abbreviation with amounts rounded from cents, a text summary and a table.
 */
export function InvoiceSummarySection({
  workspaceId,
  currency,
  now,
}: {
  workspaceId: string;
  currency: string;
  now: Date;
}) {
  // The range is fixed for the page's life (a new month starts a new query on the next visit).
  const range = useMemo(() => invoiceSummaryRange(now, INVOICE_SUMMARY_MONTHS), [now]);
  const summary = useInvoiceSummaryQuery(workspaceId, range);
  const [isTable, setIsTable] = useState(false);
  const months = useMemo(
    () => (summary.isSuccess ? summariseInvoicesByMonth(summary.data, now) : []),
    [summary.isSuccess, summary.data, now],
  );
  const effectiveCurrency = summary.data?.[0]?.currency ?? currency;
  const table = (
    <Table striped captionSide="top" data-billing-table="invoice-summary">
      <Table.Caption>Invoiced per month</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Month</Table.Th>
          <Table.Th scope="col" ta="right">
            Invoiced
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {months.map((month) => (
          <Table.Tr key={month.start}>
            <Table.Td>{month.longLabel}</Table.Td>
            <Table.Td ta="right">{formatWholeUnits(month.amount, effectiveCurrency)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  const hasInvoices = summary.isSuccess && summary.data.length > 0;
  return (
    <BillingCard
      title={`Invoice summary: last ${String(INVOICE_SUMMARY_MONTHS)} months`}
      data-billing-section="invoice-summary"
      action={
        hasInvoices ? (
          <Switch
            size="sm"
            label="Show as table"
            checked={isTable}
            onChange={(event) => setIsTable(event.currentTarget.checked)}
          />
        ) : undefined
      }
    >
      {summary.isPending && (
        <SectionSkeleton label="Loading the invoice summary" height={CHART_HEIGHT} />
      )}
      {summary.isError && (
        <LoadFailed
          title="The invoice summary could not be loaded"
          error={summary.error}
          onRetry={() => summary.refetch()}
        />
      )}
      {summary.isSuccess && !hasInvoices && (
        <Text size="sm" c="dimmed">
          No invoices in the last {INVOICE_SUMMARY_MONTHS} months.
        </Text>
      )}
      {hasInvoices && (
        <>
          <Text size="sm" c="dimmed" data-billing-summary="invoice-summary">
            {summarySentence(months, effectiveCurrency)}
          </Text>
          {isTable ? (
            table
          ) : (
            <ChartBoundary fallback={table}>
              <Suspense fallback={<Skeleton height={CHART_HEIGHT} radius="sm" />}>
                <InvoiceSummaryChart months={months} currency={effectiveCurrency} />
              </Suspense>
            </ChartBoundary>
          )}
        </>
      )}
    </BillingCard>
  );
}
