import { routes } from '@herald/contract/api/routes';
import type { UsageItem, UsagePoint } from '@herald/contract/usage/usage.schema';
import { handle, type MockHandler } from './api-mock';

/** What the server has recorded for one service, as the usage API would aggregate it. */
export interface UsageFixture {
  /** Messages per step (histogram points; the sum is their total). Points may be sparse: the UI zero-fills. */
  messages: UsagePoint[];
  /** Of those, the messages clients published (in); none unless given. */
  published?: UsagePoint[];
  bytes: number;
  sessions: UsagePoint[];
  topics: UsagePoint[];
}

const peak = (points: readonly UsagePoint[]) => Math.max(0, ...points.map((point) => point.value));
const low = (points: readonly UsagePoint[]) =>
  points.length === 0 ? 0 : Math.min(...points.map((point) => point.value));

/**
 * GET /v3/service/{id}/usage answered from a fixture: one item per metric named, with the metric type of section 7
 * (`herald_<metric>_<queryType>`), over the points inside [from, to). Bytes are answered whatever the range.
 */
export function usageHandler(fixture: UsageFixture): MockHandler {
  return handle(routes.getUsage, (request) => {
    const queryType = request.searchParams.get('queryType') ?? '';
    const metrics = (request.searchParams.get('metrics') ?? '').split(',');
    const from = Number(request.searchParams.get('from'));
    const to = Number(request.searchParams.get('to'));
    const inRange = (points: readonly UsagePoint[]) =>
      points.filter((point) => point.timestamp >= from && point.timestamp < to);
    const items: UsageItem[] = metrics.map((metric) => {
      const metricType = `herald_${metric}_${queryType}`;
      const points = inRange(
        metric === 'billed_messages_total'
          ? fixture.messages
          : metric === 'messages_in_total'
            ? (fixture.published ?? [])
            : metric === 'sessions'
              ? fixture.sessions
              : metric === 'topics'
                ? fixture.topics
                : [],
      );
      if (queryType === 'histogram') return { metricType, valueList: points };
      if (metric === 'bytes_total') return { metricType, value: fixture.bytes };
      if (queryType === 'sum') {
        return { metricType, value: points.reduce((total, point) => total + point.value, 0) };
      }
      return { metricType, value: queryType === 'low' ? low(points) : peak(points) };
    });
    return { status: 200, body: items };
  });
}
