/**
 * The logs API over the database log store (issue 12): a PGlite app on a temporary DATA_DIR, one service whose
 * runtime log holds 200,000 lines appended through the store in batches of 1,000 (as the collector does; prints the
 * ingest rate), then sequential GET /v3/service/{id}/logs/herald calls as an Owner: the default page (100 newest),
 * a page deep in the log (by cursor), a level filter (error: ~1 % of lines), a search that matches ~1 % of lines
 * and a search that matches none (the worst case: every line of the stream is read). Prints p50/p99 per case.
 * Run: node --import tsx bench/log-query.ts [lines] [calls]
 */
import type { LogLine } from '../apps/server/src/adapters/log-store/log-store';
import { insertTestService } from '../apps/server/src/testing/test-services';
import { createTestMember, createTestWorkspace } from '../apps/server/src/testing/test-workspaces';
import { openBenchApp } from './support/bench-app';
import { loadAverageText, quantileOf, timeCalls } from './support/bench-timings';

const LINES = Number(process.argv[2] ?? 200_000);
const CALLS = Number(process.argv[3] ?? 200);
const BATCH = 1_000;
const WARM_UP = 20;

const { app, close } = await openBenchApp('logs');
try {
  const owner = await createTestMember(app);
  const workspaceId = await createTestWorkspace(app, owner, 'Bench');
  const { row } = await insertTestService(app, workspaceId);
  const start = Date.now() - LINES * 100;
  const lineAt = (index: number): LogLine => {
    const level =
      index % 100 === 0 ? 'error' : index % 20 === 0 ? 'warn' : index % 3 === 0 ? 'debug' : 'info';
    return {
      serviceId: row.id,
      stream: { kind: 'service' },
      at: new Date(start + index * 100),
      level,
      message:
        index % 100 === 7
          ? `Client sensor-${index} refused: not authorised to publish to plant/line-${index % 40}`
          : `Client sensor-${index % 5_000} published to plant/line-${index % 40}/temperature`,
      fields: index % 2 === 0 ? { clientId: `sensor-${index % 5_000}`, qos: index % 3 } : null,
    };
  };
  const ingestStarted = performance.now();
  for (let first = 0; first < LINES; first += BATCH) {
    const lines = Array.from({ length: Math.min(BATCH, LINES - first) }, (_, offset) =>
      lineAt(first + offset),
    );
    await app.logStore.append(lines, {
      sourceKey: `${row.id}/runtime.log`,
      serviceId: row.id,
      fileId: '1:1',
      offset: first + lines.length,
    });
  }
  const ingestMs = performance.now() - ingestStarted;
  console.log(
    `appended ${LINES} lines in batches of ${BATCH} in ${ingestMs.toFixed(0)} ms: ${Math.round((LINES / ingestMs) * 1000)} lines/s`,
  );

  const url = `/v3/service/${row.id}/logs/herald`;
  const call = async (query: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `${url}${query}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    return response.json() as { logDetails: unknown[]; metadata: { cursor: string | null } };
  };
  // A cursor half-way down the log: page 1,000 of 100 lines.
  let deepCursor = (await call('?limit=1000')).metadata.cursor!;
  for (let page = 1; page < LINES / 2 / 1000; page += 1) {
    deepCursor = (await call(`?limit=1000&cursor=${encodeURIComponent(deepCursor)}`)).metadata
      .cursor!;
  }

  const cases: [string, string][] = [
    ['default page (100 newest)', ''],
    ['page half-way down (cursor)', `?cursor=${encodeURIComponent(deepCursor)}`],
    ['level=error (~1 %)', '?level=error'],
    ['search=refused (~1 %)', '?search=refused'],
    ['search matching nothing', '?search=no-such-text'],
  ];
  for (const [name, query] of cases) {
    const entries = (await call(query)).logDetails.length;
    const calls = query.includes('no-such') ? Math.max(10, Math.round(CALLS / 10)) : CALLS;
    for (let index = 0; index < Math.min(WARM_UP, calls); index += 1) await call(query);
    const { sorted: timings } = await timeCalls(calls, () => call(query));
    const at = (quantile: number) => quantileOf(timings, quantile).toFixed(2);
    console.log(
      `${name}: ${entries} entries; ${calls} calls: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${timings.at(-1)!.toFixed(2)} ms`,
    );
  }
  console.log(loadAverageText());
} finally {
  await close();
}
