/**
 * GET /v3/workspace/{id}/services/status with 1,000 services (one indexed query; aim p99 < 20 ms): a PGlite app on
 * a temporary DATA_DIR, a workspace whose 1,000 service rows are inserted in bulk (suspended: no runtime starts),
 * then 2,000 sequential inject() calls as a member; prints p50/p95/p99.
 * Run: node --import tsx bench/service-status.ts
 */
import { insertManyTestServices } from '../apps/server/src/testing/test-services';
import { createTestMember, createTestWorkspace } from '../apps/server/src/testing/test-workspaces';
import { openBenchApp } from './support/bench-app';
import { loadAverageText, quantileOf, timeCalls } from './support/bench-timings';

const SERVICES = 1_000;
const CALLS = 2_000;
const WARM_UP = 100;

const { app, close } = await openBenchApp('status');
try {
  const member = await createTestMember(app);
  const workspaceId = await createTestWorkspace(app, member, 'Bench');
  const seeded = performance.now();
  await insertManyTestServices(app, workspaceId, SERVICES);
  console.log(`inserted ${SERVICES} services in ${(performance.now() - seeded).toFixed(0)} ms`);

  const url = `/v3/workspace/${workspaceId}/services/status`;
  const call = async () => {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${member.token}` },
    });
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    return response;
  };
  const first = await call();
  console.log(
    `one answer: ${(first.json() as unknown[]).length} items, ${first.body.length} bytes`,
  );
  for (let index = 0; index < WARM_UP; index += 1) await call();

  // CPU time of this process (the app and PGlite both run here): what a call costs when the machine is busy.
  const { sorted: timings, cpuMsPerCall } = await timeCalls(CALLS, call);
  const at = (quantile: number) => quantileOf(timings, quantile).toFixed(2);
  console.log(
    `${CALLS} sequential calls: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms, max ${timings.at(-1)!.toFixed(2)} ms`,
  );
  console.log(`CPU per call: ${cpuMsPerCall.toFixed(2)} ms; ${loadAverageText()}`);
} finally {
  await close();
}
