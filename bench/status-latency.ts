/**
 * Time from the create call (POST /v3/service/create over HTTP) to each status event arriving on the workspace's
 * status stream (GET /v3/workspace/{id}/services/events, a real socket), with the local provisioner and the real
 * runtime. The dashboard shows each change when its event arrives; the aim is each change within 1 s of its write
 * and prints the stream's own delay (from the provisioner's write to the event's arrival).
 * Run: node --import tsx bench/status-latency.ts [count]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LocalProvisioner } from '../apps/server/src/adapters/provisioner/local-provisioner';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { listeningUrl, openSse } from '../apps/server/src/testing/sse-client';
import { uniqueServiceName } from '../apps/server/src/testing/test-services';
import { createTestMember, createTestWorkspace } from '../apps/server/src/testing/test-workspaces';

const count = Number(process.argv[2] ?? 5);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'herald-bench-status-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  AUTH_SECRET: 'bench-auth-secret-0123456789abcdef0123456789abcdef',
  SERVICE_PORT_BASE: '32000',
  SERVICE_PORT_COUNT: '200',
});
const app = await buildApp({ config });
const toRunning: number[] = [];
// When the provisioner wrote each status: the stream's own delay is the event's arrival minus this.
const written = new Map<string, number>();
(app.provisioner as LocalProvisioner).watchStatus((serviceId, status) =>
  written.set(`${serviceId} ${status}`, performance.now()),
);
const pushDelays: number[] = [];
try {
  const base = await listeningUrl(app);
  const owner = await createTestMember(app);
  const workspaceId = await createTestWorkspace(app, owner, 'Bench');
  const headers = { authorization: `Bearer ${owner.token}` };
  const stream = await openSse(`${base}/v3/workspace/${workspaceId}/services/events`, headers);
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    const created = await fetch(`${base}/v3/service/create`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        workspaceId,
        serviceName: uniqueServiceName('bench'),
        region: 'eu-west-1.local',
        billingPlan: 'free',
      }),
    });
    const answered = performance.now() - started;
    const { serviceId } = (await created.json()) as { serviceId: string };
    const steps: string[] = [];
    for (;;) {
      const event = JSON.parse((await stream.next(30_000)).data) as {
        serviceId: string;
        status: string;
      };
      if (event.serviceId !== serviceId) continue;
      const writtenAt = written.get(`${serviceId} ${event.status}`);
      if (writtenAt !== undefined) pushDelays.push(performance.now() - writtenAt);
      steps.push(`${event.status} ${(performance.now() - started).toFixed(0)}`);
      if (event.status === 'RUNNING' || event.status === 'ERROR') break;
    }
    toRunning.push(performance.now() - started);
    console.log(
      `service ${index + 1}: answered ${answered.toFixed(0)} ms; events (ms): ${steps.join(', ')}`,
    );
  }
  stream.close();
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
const sorted = [...toRunning].sort((a, b) => a - b);
console.log(
  `create call → RUNNING event over ${count} services: min ${sorted[0]!.toFixed(0)} ms, ` +
    `median ${sorted[Math.floor((sorted.length - 1) / 2)]!.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`,
);
const delays = [...pushDelays].sort((a, b) => a - b);
console.log(
  `status write → event received over ${delays.length} provisioner writes: median ` +
    `${delays[Math.floor((delays.length - 1) / 2)]!.toFixed(1)} ms, max ${delays.at(-1)!.toFixed(1)} ms (aim: under 1000 ms)`,
);
