import { Stack, Table, Text } from '@mantine/core';
import type { ForecastEntry } from '@herald/contract/billing/billing.schema';
import { LabelledFigure } from '../../../components/labelled-figure';
import { LoadFailed } from '../../../components/query-states';
import { formatCents } from '../../../lib/format/money-format';
import { useForecastQuery } from '../api/billing-queries';
import { BillingCard } from './billing-card';
import { SectionSkeleton } from './section-skeleton';

const CHARGE_WORDS = { rate: 'Plan', usage: 'Usage' } as const;

const totalOf = (entry: ForecastEntry) =>
  entry.lineItems.reduce((sum, item) => sum + item.price.amount, 0);

/** The forecast of this billing period (spec section 3 "Forecast entry"): per service, its line items. */
export function ForecastSection({
  workspaceId,
  currency,
}: {
  workspaceId: string;
  currency: string;
}) {
  const forecast = useForecastQuery(workspaceId);
  return (
    <BillingCard title="Forecast for this month" data-billing-section="forecast">
      {forecast.isPending && <SectionSkeleton label="Loading the forecast" lines={4} />}
      {forecast.isError && (
        <LoadFailed
          title="The forecast could not be loaded"
          error={forecast.error}
          onRetry={() => forecast.refetch()}
        />
      )}
      {forecast.isSuccess && forecast.data.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing to charge this month: no service on a paid plan has run yet.
        </Text>
      )}
      {forecast.isSuccess && forecast.data.length > 0 && (
        <Stack gap="md">
          <LabelledFigure
            label="Expected this month"
            value={formatCents(
              forecast.data.reduce((sum, entry) => sum + totalOf(entry), 0),
              currency,
            )}
            data-billing-figure="forecast-total"
          />
          {forecast.data.map((entry) => (
            <Table
              key={entry.serviceName}
              captionSide="top"
              data-forecast-service={entry.serviceName}
              layout="fixed"
            >
              <Table.Caption style={{ textAlign: 'left', fontWeight: 600 }}>
                {entry.label ?? entry.serviceName}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Item</Table.Th>
                  <Table.Th scope="col" w={96}>
                    Charge
                  </Table.Th>
                  <Table.Th scope="col" ta="right" w={112}>
                    Amount
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entry.lineItems.map((item, index) => (
                  <Table.Tr key={`${item.name}-${String(index)}`}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.name}</Table.Td>
                    <Table.Td>{CHARGE_WORDS[item.chargeType]}</Table.Td>
                    <Table.Td ta="right">{formatCents(item.price.amount, currency)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th scope="row" colSpan={2}>
                    Total
                  </Table.Th>
                  <Table.Td ta="right" fw={600}>
                    {formatCents(totalOf(entry), currency)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          ))}
        </Stack>
      )}
    </BillingCard>
  );
}
