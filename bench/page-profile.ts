/**
 * Where the dashboard's first load spends the main thread (issue 9): a CPU profile of the login page and of a
 * signed-in member's services list in Chromium with the CPU slowed 4× (as Lighthouse's mobile preset simulates),
 * summed by source module and by function. Read it beside bench/lighthouse.ts: Lighthouse says how long the page
 * blocks, this says what blocks it.
 *
 * Build without minifying so the bundles keep their module path comments and function names:
 *   npx vite build -c apps/web/vite.config.ts --minify false --outDir /tmp/web-unminified   (from apps/web)
 * then: flock /tmp/e2e.lock node --import tsx bench/page-profile.ts [top=25]   (WEB_DIST_DIR=<that dir>)
 * Setup is the Lighthouse bench's: a temporary DATA_DIR, a verified member with a workspace of three services.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type CDPSession } from '@playwright/test';
import { AUTH_COOKIE_NAME } from '@herald/contract/constants';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { insertManyTestServices } from '../apps/server/src/testing/test-services';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { createOnboardedBenchMember } from './support/bench-member';
import { REPO_ROOT, startBenchServer } from './support/bench-server';

const top = Number(process.argv[2] ?? 25);
const webDistDir = path.resolve(process.env.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps/web/dist'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-bench-profile-'));

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Line ranges of each module (its path comment) of a served bundle, to name the module a sampled line belongs to. */
const regionCache = new Map<string, Array<{ from: number; module: string }>>();
function moduleOf(url: string, line: number): string {
  if (!url.includes('/assets/')) return url ? new URL(url).pathname : '(native)';
  const file = path.join(webDistDir, new URL(url).pathname);
  let regions = regionCache.get(file);
  if (!regions) {
    regions = [];
    const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : [];
    lines.forEach((text, index) => {
      // Rolldown heads each module of an unminified chunk with a comment naming its path.
      const match = /^\/\/ ((?:\.\.\/)*[\w@./-]+\.[cm]?[jt]sx?)$/.exec(text);
      if (match) regions!.push({ from: index, module: match[1]! });
    });
    regionCache.set(file, regions);
  }
  let name = path.basename(file);
  for (const region of regions) if (region.from <= line) name = region.module;
  return name.replace(/^.*node_modules\//, '');
}

function summarize(profile: Profile): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, ProfileNode>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parentOf.set(child, node);
  const byModule = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const node = byId.get(id)!;
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') return;
    total += ms;
    const module = moduleOf(url, lineNumber);
    byModule.set(module, (byModule.get(module) ?? 0) + ms);
    // A built-in (appendChild, fetch, …) is named with the script function that called it.
    const caller = url ? undefined : parentOf.get(id)?.callFrame;
    const callerName = caller
      ? ` ← ${caller.functionName || '(anonymous)'} ${moduleOf(caller.url, caller.lineNumber)}`
      : '';
    const fn = `${functionName || '(anonymous)'}  ${module}${callerName}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  });
  // Long tasks: runs of samples with no idle sample between them, over 50 ms (what total blocking time counts).
  const tasks: Array<{ start: number; ms: number; fns: Map<string, number> }> = [];
  let clock = 0;
  let current: (typeof tasks)[number] | undefined;
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    clock += ms;
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') {
      if (current && current.ms > 50) tasks.push(current);
      current = undefined;
      return;
    }
    current ??= { start: clock, ms: 0, fns: new Map() };
    current.ms += ms;
    const fn = `${functionName || '(anonymous)'} ${moduleOf(url, lineNumber)}`;
    current.fns.set(fn, (current.fns.get(fn) ?? 0) + ms);
  });
  if (current && current.ms > 50) tasks.push(current);
  console.log('\nlong tasks (start ms, length ms, the most self time in each)');
  for (const task of tasks) {
    const most = [...task.fns].sort((a, b) => b[1] - a[1]).slice(0, 6);
    console.log(
      `${task.start.toFixed(0).padStart(6)} ${task.ms.toFixed(0).padStart(5)}  ${most.map(([n, t]) => `${n} ${t.toFixed(0)}`).join(' | ')}`,
    );
  }
  const print = (title: string, map: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [name, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.log(`${ms.toFixed(0).padStart(6)} ms  ${name}`);
    }
  };
  console.log(`busy (not idle): ${total.toFixed(0)} ms (4× CPU slowdown)`);
  print('self time by module', byModule);
  print('self time by function', byFunction);
}

async function profilePage(url: string, cookie?: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    if (cookie) {
      const { hostname } = new URL(url);
      await context.addCookies([
        { name: AUTH_COOKIE_NAME, value: cookie, domain: hostname, path: '/' },
      ]);
    }
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(5_000);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    console.log(`\n=== ${url}`);
    summarize(profile);
  } finally {
    await browser.close();
  }
}

const app = await buildApp({
  config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0' }),
});
const { token, workspaceId } = await createOnboardedBenchMember(app);
await insertManyTestServices(app, workspaceId, 3);
await app.close();
const server = await startBenchServer({ dataDir, webDistDir });
try {
  await profilePage(`${server.base}/`);
  await profilePage(`${server.base}/workspace/${workspaceId}`, token);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
