import { Table } from '@mantine/core';
import type { UsagePeriod } from '@herald/contract/constants';
import type { UsagePoint } from '@herald/contract/usage/usage.schema';
import { formatCount } from '../../../lib/format/usage-format';
import { pointLabel } from '../utils/usage-labels';

/** A chart's series as a real table (its accessible and exact form): one row per step, zeros included. */
export function UsageTable({
  period,
  series,
  caption,
  valueHeading,
}: {
  period: UsagePeriod;
  series: readonly UsagePoint[];
  caption: string;
  valueHeading: string;
}) {
  return (
    <Table striped captionSide="top" data-usage-table={valueHeading}>
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Time</Table.Th>
          <Table.Th scope="col" ta="right">
            {valueHeading}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {series.map((point) => (
          <Table.Tr key={point.timestamp}>
            <Table.Td>{pointLabel(period, point.timestamp)}</Table.Td>
            <Table.Td ta="right">{formatCount(point.value)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
