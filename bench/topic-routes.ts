/**
 * The control plane's topic routes (issue 10, docs/decisions/019) against a real runtime: what forwarding as the
 * member costs on top of the runtime's own answer.
 * - the member's dashboard token, minted per request (role read + ES256 signature), timed alone;
 * - GET /v3/service/{id}/topic (one small topic) through the control plane vs the runtime's admin API directly;
 * - GET /v3/service/{id}/topics/tree for a branch of 10,000 children (brotli, as a browser asks), and the
 *   runtime's own answer for the same level; aim: well under the web's 300 ms to expand such a branch.
 * In-process (`inject`, no sockets for the control plane); the runtime is the real detached process. 10,000 topics
 * are published over MQTT (QoS 1) to a `medium` service first.
 * Run: node --import tsx bench/topic-routes.ts [iterations, default 200]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { signControlPlaneToken } from '../apps/server/src/adapters/provisioner/local-provisioner';
import {
  insertTestService,
  isRunning,
  waitForService,
} from '../apps/server/src/adapters/provisioner/testing/test-services';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createTestMember, createTestWorkspace } from '../apps/server/src/testing/test-workspaces';

const iterations = Number(process.argv[2] ?? 200);
const CHILDREN = 10_000;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'herald-bench-topics-'));
const app = await buildApp({
  config: loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'bench-auth-secret-0123456789abcdef0123456789abcdef',
    SERVICE_PORT_BASE: '32000',
    SERVICE_PORT_COUNT: '50',
  }),
});

function summary(name: string, times: number[]): void {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  console.log(
    `${name}: p50 ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms (${times.length} runs)`,
  );
}

async function timed(count: number, run: () => Promise<unknown>): Promise<number[]> {
  for (let warm = 0; warm < Math.min(20, count); warm += 1) await run();
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}

try {
  const owner = await createTestMember(app);
  const workspaceId = await createTestWorkspace(app, owner, 'Bench');
  const inserted = await insertTestService(app.db, {
    workspaceId,
    billingPlan: 'medium',
    provisioningPlan: 'medium',
  });
  app.provisioner.reconcile(inserted.id);
  const row = (await waitForService(app.db, inserted.id, isRunning, 30_000))!;
  const endpoint = app.provisioner.endpointOf(row.id)!;
  const serviceToken = await signControlPlaneToken(app.tokens, row);

  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${row.mqttPort}`, {
    protocolVersion: 4,
    username: 'token',
    password: serviceToken,
    reconnectPeriod: 0,
  });
  const seeded = performance.now();
  for (let start = 0; start < CHILDREN; start += 500) {
    await Promise.all(
      Array.from({ length: Math.min(500, CHILDREN - start) }, (_, offset) =>
        client.publishAsync(`big/child-${String(start + offset).padStart(5, '0')}`, '{"v":1}', {
          qos: 1,
          retain: true,
        }),
      ),
    );
  }
  await client.endAsync();
  console.log(
    `seeded ${CHILDREN} topics over MQTT in ${(performance.now() - seeded).toFixed(0)} ms`,
  );

  const headers = { authorization: `Bearer ${owner.token}`, 'accept-encoding': 'br' };
  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== 200)
      throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response;
  };
  const direct = async (url: string) => {
    const response = await fetch(`http://127.0.0.1:${endpoint.httpPort}${url}`, {
      headers: { authorization: `Bearer ${serviceToken}` },
    });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return response.arrayBuffer();
  };

  summary(
    'dashboard token (ES256 sign)',
    await timed(iterations * 5, () =>
      app.tokens.signDashboardToken({
        customerId: owner.userId,
        workspaceRoles: { [workspaceId]: 'Owner' },
        issuedAt: app.clock(),
      }),
    ),
  );
  summary(
    'GET one topic, runtime directly',
    await timed(iterations, () => direct('/admin/topics/big/child-00042')),
  );
  summary(
    'GET one topic through the control plane',
    await timed(iterations, () => get(`/v3/service/${row.id}/topic?path=big/child-00042`)),
  );
  const treeQuery = `parent=big&limit=${CHILDREN}`;
  const treeRuns = Math.max(20, Math.floor(iterations / 5));
  const runtimeTree = await direct(`/admin/topic-tree?${treeQuery}`).catch(() => null);
  if (runtimeTree === null) {
    console.log('the runtime has no /admin/topic-tree yet: tree not measured');
  } else {
    summary(
      `tree level of ${CHILDREN} children, runtime directly (${runtimeTree.byteLength} bytes)`,
      await timed(treeRuns, () => direct(`/admin/topic-tree?${treeQuery}`)),
    );
    summary(
      `tree level of ${CHILDREN} children, runtime directly, parsed`,
      await timed(treeRuns, async () => {
        const response = await fetch(
          `http://127.0.0.1:${endpoint.httpPort}/admin/topic-tree?${treeQuery}`,
          {
            headers: { authorization: `Bearer ${serviceToken}` },
          },
        );
        return response.json();
      }),
    );
    const sample = await get(`/v3/service/${row.id}/topics/tree?${treeQuery}`);
    summary(
      `tree level of ${CHILDREN} children through the control plane, not compressed`,
      await timed(treeRuns, async () => {
        const response = await app.inject({
          method: 'GET',
          url: `/v3/service/${row.id}/topics/tree?${treeQuery}`,
          headers: { authorization: `Bearer ${owner.token}` },
        });
        if (response.statusCode !== 200) throw new Error(String(response.statusCode));
      }),
    );
    summary(
      `tree level of ${CHILDREN} children through the control plane (${sample.rawPayload.byteLength} bytes ${String(sample.headers['content-encoding'] ?? 'identity')})`,
      await timed(treeRuns, () => get(`/v3/service/${row.id}/topics/tree?${treeQuery}`)),
    );
  }
  summary(
    'list 1,000 topics, runtime directly',
    await timed(treeRuns, () => direct('/admin/topics?selector=big//&limit=1000')),
  );
  summary(
    'list 1,000 topics through the control plane',
    await timed(treeRuns, () => get(`/v3/service/${row.id}/topics?selector=big//&limit=1000`)),
  );
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
