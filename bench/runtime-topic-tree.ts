/**
 * The runtime's topic tree (issue 10, docs/decisions/019 "Runtime topic model") with 100,000 topics, one branch of
 * 10,000 children: the admin API's answer time for that branch (first call, which sorts the branch's names, then
 * cached), for the root, for counting the branch and counting every topic by a pattern, and for a page of topics.
 * In-process runtime (`startRuntime`), real HTTP over loopback; the topics arrive over MQTT (QoS 0, then one QoS 1
 * publish so that all were handled). Run: node --import tsx bench/runtime-topic-tree.ts [iterations, default 50]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { silentLogger } from '../packages/runtime/src/observability/log';
import { startRuntime } from '../packages/runtime/src/runtime';
import { createTestKeys, testConfig } from '../packages/runtime/src/testing/test-keys';

const iterations = Number(process.argv[2] ?? 50);
const TOPICS = 100_000;
const WIDE = 10_000;

const keys = await createTestKeys();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'herald-bench-tree-'));
const runtime = await startRuntime(testConfig(keys, dataDir, { topicsCapacity: TOPICS + 10 }), {
  logger: silentLogger,
});
const token = await keys.serviceToken();

const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${runtime.mqttPort}`, {
  username: 'token',
  password: token,
  protocolVersion: 4,
});
let started = performance.now();
for (let index = 0; index < WIDE; index += 1) client.publish(`wide/${index}`, String(index));
// The rest: 90,000 topics in 900 branches of 100, three levels deep.
for (let index = 0; index < TOPICS - WIDE; index += 1) {
  client.publish(`plant/${index % 30}/line-${Math.floor(index / 30) % 30}/sensor-${index}`, '1');
}
await client.publishAsync('wide/0', 'done', { qos: 1 });
console.log(`${TOPICS} topics published in ${(performance.now() - started).toFixed(0)} ms`);

async function timed(url: string): Promise<{ ms: number; bytes: number }> {
  const start = performance.now();
  const response = await fetch(`http://127.0.0.1:${runtime.httpPort}${url}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${text}`);
  return { ms: performance.now() - start, bytes: text.length };
}

async function measure(name: string, url: string): Promise<void> {
  const first = await timed(url);
  const times: number[] = [];
  for (let run = 0; run < iterations; run += 1) times.push((await timed(url)).ms);
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
  console.log(
    `${name}: first ${first.ms.toFixed(1)} ms, then p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (${first.bytes} bytes)`,
  );
}

started = performance.now();
await measure(
  'children of wide (10,000, limit 10000)',
  '/admin/topic-tree?parent=wide&limit=10000',
);
await measure('children of the root', '/admin/topic-tree');
await measure('children of plant/7 (30)', '/admin/topic-tree?parent=plant/7');
await measure(
  'count >wide// (path selector)',
  `/admin/topic-count?selector=${encodeURIComponent('>wide//')}`,
);
await measure(
  'count ?plant/.*/line-3/.* (scans plant/)',
  `/admin/topic-count?selector=${encodeURIComponent('?plant/.*/line-3/.*')}`,
);
await measure(
  'count *.*sensor-9.* (all 100,000)',
  `/admin/topic-count?selector=${encodeURIComponent('*.*sensor-9.*')}`,
);
await measure('topics page of 100 after plant/5', '/admin/topics?after=plant/5&limit=100');

await client.endAsync();
await runtime.close();
await rm(dataDir, { recursive: true, force: true });
