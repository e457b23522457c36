/// <reference lib="dom" />
/**
 * The topic browser in Chromium with 100,000 topics (issue 10, Benchmarks): the real server (NODE_ENV=production)
 * serving the built dashboard, a real `large` service runtime, the topics published over MQTT (QoS 0 in bulk, then
 * one QoS 1 publish so all were handled), and Debian's Chromium driven by Playwright as a signed-in Owner.
 * Measured:
 * - first paint of the tree: navigation start → the first tree row on screen (whole page: HTML, scripts, the
 *   service, the tree call), and the tree call's own time (Resource Timing); aim < 300 ms for the tree; and in the
 *   running app: a click on Develop → Topics from the Overview → the first tree row painted;
 * - expanding a branch of 10,000 children: the click → its first child row painted (the level call, flattening,
 *   the virtualised render), each on a fresh page load; aim < 300 ms;
 * - scrolling through that branch: frames per second while the scroller moves 200 px a frame;
 * - live updates at 1,000 value changes per second spread over the rows in view: frames per second (aim ≥ 30),
 *   the slowest frames, and that the last values are shown; the tab's JS heap before and after.
 * Setup writes a member, a workspace and the service row straight into a temporary DATA_DIR (no outbox).
 * Run (after `npm run build`): flock /tmp/e2e.lock node --import tsx bench/topic-browser.ts [live seconds, default 20]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import mqtt from 'mqtt';
import { AUTH_COOKIE_NAME } from '@herald/contract/constants';
import { insertTestService } from '../apps/server/src/adapters/provisioner/testing/test-services';
import { buildApp } from '../apps/server/src/app';
import { generateClientSecret } from '../apps/server/src/modules/service-api/client-secret';
import { loadConfig } from '../apps/server/src/config';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { createOnboardedBenchMember } from './support/bench-member';
import { REPO_ROOT, startBenchServer } from './support/bench-server';

const liveSeconds = Number(process.argv[2] ?? 20);
const TOPICS = 100_000;
const WIDE = 10_000;
const EXPAND_RUNS = 5;
const webDistDir = path.join(REPO_ROOT, 'apps/web/dist');
if (!fs.existsSync(path.join(webDistDir, 'index.html')))
  throw new Error('run `npm run build` first');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-bench-browser-'));

async function seed() {
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0' }),
  });
  try {
    const { token, workspaceId } = await createOnboardedBenchMember(app);
    // Large: capacity for 1,000,000 topics. Not reconciled here: the bench server starts it.
    const row = await insertTestService(app.db, {
      workspaceId,
      billingPlan: 'large',
      provisioningPlan: 'large',
      // Sealed with this data directory's key, so the service's API token can be revealed.
      clientSecretEncrypted: app.secretBox.encrypt(generateClientSecret()),
    });
    return { token, serviceId: row.id };
  } finally {
    await app.close();
  }
}

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? NaN };
}

const { token, serviceId } = await seed();
const server = await startBenchServer({ dataDir, webDistDir });
const { base } = server;
const cookie = `${AUTH_COOKIE_NAME}=${token}`;
const api = async (method: string, url: string) => {
  const response = await fetch(`${base}${url}`, { method, headers: { cookie, origin: base } });
  if (!response.ok)
    throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as unknown;
};
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS, '--enable-precise-memory-info', '--js-flags=--expose-gc'],
});
let publisher: mqtt.MqttClient | null = null;
try {
  let service: { status: string; endpoints: { mqttPort: number | null } };
  const deadline = Date.now() + 60_000;
  for (;;) {
    service = (await api('GET', `/v3/service/${serviceId}`)) as typeof service;
    if (service.status === 'RUNNING' && service.endpoints.mqttPort !== null) break;
    if (Date.now() > deadline) throw new Error(`service not running: ${service.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const { access_token: serviceToken } = (await api(
    'POST',
    `/v3/service/${serviceId}/service-api/details/reveal`,
  )) as { access_token: string };

  publisher = await mqtt.connectAsync(`mqtt://127.0.0.1:${service.endpoints.mqttPort}`, {
    username: 'token',
    password: serviceToken,
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
  const started = performance.now();
  for (let index = 0; index < WIDE; index += 1) {
    publisher.publish(`wide/child-${String(index).padStart(5, '0')}`, '{"v":0}', { retain: true });
  }
  // The rest: 90,000 topics in 900 branches of 100, three levels deep.
  for (let index = 0; index < TOPICS - WIDE; index += 1) {
    publisher.publish(
      `plant/${index % 30}/line-${Math.floor(index / 30) % 30}/sensor-${index}`,
      '1',
      {
        retain: true,
      },
    );
  }
  await publisher.publishAsync('wide/child-00000', '{"v":0}', { qos: 1, retain: true });
  const { count } = (await api(
    'GET',
    `/v3/service/${serviceId}/topics/count?selector=${encodeURIComponent('*.*')}`,
  )) as { count: number };
  console.log(`${count} topics published in ${(performance.now() - started).toFixed(0)} ms`);

  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    reducedMotion: 'reduce',
  });
  await context.addCookies([{ name: AUTH_COOKIE_NAME, value: token, url: base }]);
  // tsx keeps function names with a helper that the page does not have.
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  const page = await context.newPage();
  const url = `${base}/service/${serviceId}/topics/`;

  // First paint of the tree, cold (first load) and warm (scripts cached), EXPAND_RUNS page loads each after the first.
  const firstRow: number[] = [];
  const treeCall: number[] = [];
  const expand: number[] = [];
  for (let run = 0; run <= EXPAND_RUNS; run += 1) {
    await page.goto(url);
    await page.getByRole('treeitem', { name: /^wide/ }).waitFor();
    const timing = await page.evaluate(() => {
      const row = performance.now();
      const call = performance
        .getEntriesByType('resource')
        .find((entry) => entry.name.includes('/topics/tree')) as
        PerformanceResourceTiming | undefined;
      return { row, call: call ? call.responseEnd - call.startTime : NaN };
    });
    // The branch of 10,000: click → its first child painted (a frame after the DOM shows it).
    const expandMs = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const tree = document.querySelector('[role="tree"]')!;
          const wide = [...tree.querySelectorAll('[role="treeitem"]')].find((row) =>
            row.textContent?.startsWith('▸wide'),
          )!;
          const start = performance.now();
          const observer = new MutationObserver(() => {
            if (!tree.querySelector('[role="treeitem"][aria-level="2"][data-path]')) return;
            observer.disconnect();
            requestAnimationFrame(() => resolve(performance.now() - start));
          });
          observer.observe(tree, { childList: true, subtree: true });
          (wide.querySelector('[aria-hidden="true"]') as HTMLElement).click();
        }),
    );
    if (run === 0) {
      console.log(
        `cold load: first tree row at ${timing.row.toFixed(0)} ms (tree call ${timing.call.toFixed(0)} ms), ` +
          `expand 10,000 children ${expandMs.toFixed(0)} ms`,
      );
      continue;
    }
    firstRow.push(timing.row);
    treeCall.push(timing.call);
    expand.push(expandMs);
  }
  const show = (name: string, values: number[]) => {
    const { p50, p95, max } = stats(values);
    console.log(
      `${name}: p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${max.toFixed(0)} ms (${values.length} runs)`,
    );
  };
  show('first tree row since navigation start (warm)', firstRow);
  show('tree root call (Resource Timing)', treeCall);
  show('expand a branch of 10,000 children → first child painted', expand);
  await page.locator('[role="treeitem"][aria-level="2"][data-path]').first().waitFor();
  const rendered = await page.getByRole('treeitem').count();
  console.log(`rows in the DOM with the branch open: ${rendered} (of ${WIDE + 2})`);

  // Scrolling through the 10,000 rows: 200 px a frame for 3 s.
  const scroll = await page.evaluate(
    () =>
      new Promise<{ frames: number; seconds: number; slowest: number }>((resolve) => {
        const tree = document.querySelector('[role="tree"]') as HTMLElement;
        const start = performance.now();
        let last = start;
        let frames = 0;
        let slowest = 0;
        const step = (now: number) => {
          frames += 1;
          slowest = Math.max(slowest, now - last);
          last = now;
          tree.scrollTop += 200;
          if (now - start < 3000) requestAnimationFrame(step);
          else resolve({ frames, seconds: (now - start) / 1000, slowest });
        };
        requestAnimationFrame(step);
      }),
  );
  console.log(
    `scrolling 200 px a frame: ${(scroll.frames / scroll.seconds).toFixed(1)} fps, slowest frame ${scroll.slowest.toFixed(0)} ms`,
  );

  // Live updates: back to the top; 1,000 changes a second spread over the rows in view.
  await page.evaluate(() => {
    (document.querySelector('[role="tree"]') as HTMLElement).scrollTop = 0;
  });
  await page.waitForTimeout(1000);
  const visible = await page.evaluate(() =>
    [...document.querySelectorAll('[role="treeitem"][aria-level="2"]')]
      .filter((row) => {
        const box = row.getBoundingClientRect();
        const scroller = document.querySelector('[role="tree"]')!.getBoundingClientRect();
        return box.top >= scroller.top && box.bottom <= scroller.bottom;
      })
      .map((row) => row.getAttribute('data-path')!),
  );
  // The tab's JS heap after a full collection, so samples compare what is kept, not garbage.
  const heap = () =>
    page.evaluate(() => {
      (globalThis as unknown as { gc: () => void }).gc();
      return (performance as unknown as { memory: { usedJSHeapSize: number } }).memory
        .usedJSHeapSize;
    });
  const heapSamples: number[] = [await heap()];
  const measuring = page.evaluate(
    (seconds) =>
      new Promise<number[]>((resolve) => {
        const frames: number[] = [];
        let last = performance.now();
        const end = last + seconds * 1000;
        const step = (now: number) => {
          frames.push(now - last);
          last = now;
          if (now < end) requestAnimationFrame(step);
          else resolve(frames);
        };
        requestAnimationFrame(step);
      }),
    liveSeconds,
  );
  let sent = 0;
  const perTick = 10;
  const timer = setInterval(() => {
    for (let index = 0; index < perTick; index += 1) {
      const topic = visible[sent % visible.length]!;
      publisher!.publish(topic, JSON.stringify({ v: sent }));
      sent += 1;
    }
  }, 10);
  // A heap sample a minute on long runs (the aim: flat after 10 minutes).
  const sampler = setInterval(() => void heap().then((bytes) => heapSamples.push(bytes)), 60_000);
  const frameTimes = await measuring;
  clearInterval(timer);
  clearInterval(sampler);
  const lastValue = sent - 1;
  const lastTopic = visible[lastValue % visible.length]!;
  await page
    .locator(`[data-path="${lastTopic}"]`)
    .getByText(`{"v":${lastValue}}`)
    .waitFor({ timeout: 5000 });
  heapSamples.push(await heap());
  const totalMs = frameTimes.reduce((sum, ms) => sum + ms, 0);
  const frameStats = stats(frameTimes);
  console.log(
    `live: ${sent} changes in ${liveSeconds} s (${(sent / liveSeconds).toFixed(0)}/s) over ${visible.length} rows in view; ` +
      `${((frameTimes.length * 1000) / totalMs).toFixed(1)} fps, frame p50 ${frameStats.p50.toFixed(1)} ms, ` +
      `p95 ${frameStats.p95.toFixed(1)} ms, slowest ${frameStats.max.toFixed(0)} ms; frames over 33 ms: ` +
      `${frameTimes.filter((ms) => ms > 33.4).length}; last value shown`,
  );
  console.log(
    `JS heap after GC (MiB), first to last sample: ${heapSamples.map((bytes) => (bytes / 2 ** 20).toFixed(1)).join(', ')}`,
  );
  // First paint of the tree inside the running app, as a member gets there: the Overview is open, click
  // Develop → Topics, until the first tree row is on screen (the route chunk, the tree call and the render).
  const inApp: number[] = [];
  for (let run = 0; run <= EXPAND_RUNS; run += 1) {
    await page.goto(`${base}/service/${serviceId}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const link = page.getByRole('link', { name: 'Topics', exact: true });
    await link.waitFor();
    const started = await page.evaluate(() => performance.now());
    await link.click();
    await page.getByRole('treeitem', { name: /^wide/ }).waitFor();
    const painted = await page.evaluate(
      () =>
        new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now()))),
    );
    if (run > 0) inApp.push(painted - started);
  }
  show('first tree row after clicking Topics in the running app (Overview open)', inApp);
  console.log(`load average ${os.loadavg()[0]!.toFixed(1)}`);
  await context.close();
} finally {
  await publisher?.endAsync();
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
