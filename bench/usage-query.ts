/**
 * The usage API over the database metrics store (issue 12): a PGlite app on a temporary DATA_DIR, `services`
 * services (default 50) each with a month of minute rows (43,200 rows per service, not folded: the worst case before
 * maintenance runs), then the four calls of a monthly usage view (contract usageRequests: sums, peaks, low, the
 * histograms at one point a day) for one of them, sequentially through the real route as a member. Prints p50/p99 per
 * call and the process's CPU ms per call; aim p99 < 50 ms per call.
 * Run: node --import tsx bench/usage-query.ts [services] [calls]
 */
import { sql } from 'drizzle-orm';
import { usagePeriodRange } from '@herald/contract/usage/usage-periods';
import { usageRequests } from '@herald/contract/usage/usage-screen';
import { insertTestService } from '../apps/server/src/testing/test-services';
import { createTestMember, createTestWorkspace } from '../apps/server/src/testing/test-workspaces';
import { openBenchApp } from './support/bench-app';
import { quantileOf, timeCalls } from './support/bench-timings';

const SERVICES = Number(process.argv[2] ?? 50);
const CALLS = Number(process.argv[3] ?? 200);
const MINUTES = 30 * 1440;
const WARM_UP = 20;

const { app, close } = await openBenchApp('usage');
try {
  const member = await createTestMember(app);
  const workspaceId = await createTestWorkspace(app, member, 'Bench');
  const { row } = await insertTestService(app, workspaceId);
  const range = usagePeriodRange('month', new Date(), 0);
  const insertStarted = performance.now();
  for (let index = 0; index < SERVICES; index += 1) {
    const serviceId = index === 0 ? row.id : `bench-other-${index}`;
    // One statement per service: a month of minute rows with varied values.
    await app.db.execute(sql`
      insert into usage_sample
        (service_id, seconds, start, billed_messages, bytes, sessions_max, sessions_min, topics_max, topics_min)
      select ${serviceId}, 60, ${range.from} + minute * 60, (random() * 1000)::bigint,
             (random() * 100000)::bigint, 20 + (random() * 10)::int, (random() * 20)::int,
             500 + (random() * 5)::int, 500
      from generate_series(0, ${MINUTES - 1}) as minute`);
  }
  const total = await app.db.execute(sql`select count(*)::int as count from usage_sample`);
  console.log(
    `inserted ${(total as unknown as { rows: { count: number }[] }).rows[0]?.count} minute rows (${SERVICES} services) in ${(
      (performance.now() - insertStarted) /
      1000
    ).toFixed(1)} s`,
  );

  await measure('minute rows only');
  // Then as maintenance leaves them: minute rows older than a day folded into hour rows.
  const maintainStarted = performance.now();
  await app.metricsStore.maintain!(new Date());
  console.log(
    `maintenance (folding) took ${((performance.now() - maintainStarted) / 1000).toFixed(1)} s`,
  );
  await measure('after maintenance');

  async function measure(label: string) {
    console.log(label);
    for (const request of usageRequests(range)) {
      const query = new URLSearchParams(
        Object.entries(request).map(([name, value]): [string, string] => [name, String(value)]),
      ).toString();
      const url = `/v3/service/${row.id}/usage?${query}`;
      const call = async () => {
        const response = await app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${member.token}` },
        });
        if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
      };
      for (let warm = 0; warm < WARM_UP; warm += 1) await call();
      const { sorted, cpuMsPerCall } = await timeCalls(CALLS, call);
      const at = (quantile: number) => quantileOf(sorted, quantile);
      console.log(
        `${request.queryType.padEnd(9)} ${request.metrics.padEnd(40)} p50 ${at(0.5).toFixed(1)} ms  p99 ${at(0.99).toFixed(1)} ms  CPU ${cpuMsPerCall.toFixed(1)} ms/call`,
      );
    }
  }
} finally {
  await close();
}
