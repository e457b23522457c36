/**
 * Time from `reconcile()` of a new service row to status RUNNING with the local provisioner and the real runtime
 * (port assignment, spawn, runtime start, health, route registration). The aim is under 5 s.
 * Services are created one after another (each keeps running, as on a real installation), then all are stopped.
 * Run: node --import tsx bench/create-to-running.ts [count]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LocalProvisioner } from '../apps/server/src/adapters/provisioner/local-provisioner';
import { insertTestService } from '../apps/server/src/adapters/provisioner/testing/test-services';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';

const count = Number(process.argv[2] ?? 10);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'herald-bench-provision-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  AUTH_SECRET: 'bench-auth-secret-0123456789abcdef0123456789abcdef',
  SERVICE_PORT_BASE: '31000',
  SERVICE_PORT_COUNT: '200',
});
const app = await buildApp({ config });
const provisioner = app.provisioner as LocalProvisioner;
const times: number[] = [];
try {
  for (let index = 0; index < count; index += 1) {
    const row = await insertTestService(app.db);
    const running = new Promise<void>((resolve) => {
      const stop = provisioner.watchStatus((serviceId, status) => {
        if (serviceId === row.id && status === 'RUNNING') {
          stop();
          resolve();
        }
      });
    });
    const started = performance.now();
    provisioner.reconcile(row.id);
    await running;
    times.push(performance.now() - started);
    console.log(`service ${index + 1}: ${times.at(-1)!.toFixed(0)} ms`);
  }
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
const sorted = [...times].sort((a, b) => a - b);
const median =
  sorted.length % 2
    ? sorted[(sorted.length - 1) / 2]!
    : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
console.log(
  `create → RUNNING over ${count} services: min ${sorted[0]!.toFixed(0)} ms, median ${median.toFixed(0)} ms, ` +
    `max ${sorted.at(-1)!.toFixed(0)} ms (aim: under 5000 ms)`,
);
