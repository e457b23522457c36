import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import type { SummaryMonth } from '@herald/contract/billing/invoice-summary-chart';
import { formatWholeUnits } from '../../../lib/format/money-format';

/*
 * The chart itself: the only module of the billing page that imports the chart library, loaded lazily (React.lazy)
 * like the usage charts, so the page's first paint does not carry it (bundle budget).
 */

export const SUMMARY_CHART_HEIGHT = 220;

export function InvoiceSummaryChart({
  months,
  currency,
}: {
  months: readonly SummaryMonth[];
  currency: string;
}) {
  return (
    // The card's text summary and its table view are the accessible form of the chart.
    <Box aria-hidden="true" data-billing-chart="invoice-summary">
      <BarChart
        h={SUMMARY_CHART_HEIGHT}
        data={months.map((month) => ({ month: month.label, Invoiced: month.amount }))}
        dataKey="month"
        series={[{ name: 'Invoiced', color: 'indigo.6' }]}
        valueFormatter={(value) => formatWholeUnits(value, currency)}
        // Every month labelled, whatever the width (issue 25: the thinning dropped a day of the usage week on a
        // phone); six three-letter months fit 360 px.
        xAxisProps={{ interval: 0 }}
        yAxisProps={{ allowDecimals: false, width: 56 }}
        tooltipAnimationDuration={0}
        accessibilityLayer={false}
      />
    </Box>
  );
}

export default InvoiceSummaryChart;
