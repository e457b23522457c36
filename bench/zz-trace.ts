import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { AUTH_COOKIE_NAME } from '@herald/contract/constants';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { insertManyTestServices } from '../apps/server/src/testing/test-services';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { createOnboardedBenchMember } from './support/bench-member';
import { REPO_ROOT, startBenchServer } from './support/bench-server';

const webDistDir = path.resolve(process.env.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps/web/dist'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-bench-trace-'));
const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0' }) });
const { token, workspaceId } = await createOnboardedBenchMember(app);
await insertManyTestServices(app, workspaceId, 3);
await app.close();
const server = await startBenchServer({ dataDir, webDistDir });
await new Promise((r) => setTimeout(r, 3000));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const pagePath of [process.argv[2] === 'login' ? '/' : `/workspace/${workspaceId}`]) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    if (pagePath !== '/') await context.addCookies([{ name: AUTH_COOKIE_NAME, value: token, url: server.base }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    await page.goto(server.base + pagePath, { waitUntil: 'load' });
    await page.waitForTimeout(3000);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: Array<{ name: string; ph: string; ts: number; dur?: number; tid: number; args?: any }> };
    const events = trace.traceEvents.filter((e) => e.ph === 'X' && e.dur !== undefined);
    const tasks = events.filter((e) => e.name === 'RunTask' && e.dur! > 30_000);
    const t0 = Math.min(...events.map((e) => e.ts));
    for (const task of tasks) {
      const inside = events.filter((e) => e.tid === task.tid && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur! && e !== task && e.name !== 'RunTask');
      const byName = new Map<string, number>();
      for (const e of inside) byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur!);
      const topNames = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([n, d]) => `${n} ${(d / 1000).toFixed(0)}`);
      console.log(`${((task.ts - t0) / 1000).toFixed(0)} ms: task ${(task.dur! / 1000).toFixed(0)} ms :: ${topNames.join(', ')}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
