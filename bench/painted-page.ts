/**
 * What painting the services list on the server costs per page load (docs/decisions/032): the time to a signed-in
 * member's `/workspace/{id}` HTML with the web build as it is (painted) and with the same build without its
 * server-side renderer (unpainted, as before), each on its own server: the first request after start and the
 * median and p95 of the next ones, sequential, over loopback, with an API read (the workspace's services) asked in
 * turn beside them to show how long other requests wait meanwhile. Three services, as bench/lighthouse.ts.
 *
 *   npm run build && flock /tmp/e2e.lock node --import tsx bench/painted-page.ts [requests=200]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { AUTH_COOKIE_NAME } from '@herald/contract/constants';
import { PAINTED_SERVER_DIR } from '@herald/contract/api/painted-page';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { insertManyTestServices } from '../apps/server/src/testing/test-services';
import { createOnboardedBenchMember } from './support/bench-member';
import { REPO_ROOT, startBenchServer } from './support/bench-server';

const requests = Number(process.argv[2] ?? 200);
// The server loads its renderer soon after it starts; the first request is sent after that.
const RENDERER_LOAD_MS = 3_000;
const webDistDir = path.resolve(process.env.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps/web/dist'));
if (!fs.existsSync(path.join(webDistDir, PAINTED_SERVER_DIR))) {
  throw new Error(`${webDistDir} has no ${PAINTED_SERVER_DIR}: run \`npm run build\` first`);
}
// The same build without the renderer: the server then sends index.html with the answers, as before decision 032.
const unpaintedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-bench-unpainted-'));
fs.cpSync(webDistDir, unpaintedDir, { recursive: true });
fs.rmSync(path.join(unpaintedDir, PAINTED_SERVER_DIR), { recursive: true });

async function measure(distDir: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-bench-painted-'));
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0' }),
  });
  const { token, workspaceId } = await createOnboardedBenchMember(app);
  await insertManyTestServices(app, workspaceId, 3);
  await app.close();
  const server = await startBenchServer({ dataDir, webDistDir: distDir });
  try {
    const url = `${server.base}/workspace/${workspaceId}`;
    const headers = {
      cookie: `${AUTH_COOKIE_NAME}=${token}`,
      accept: 'text/html',
      'accept-encoding': 'br',
    };
    const once = async () => {
      const started = performance.now();
      const response = await fetch(url, { headers });
      // fetch decompresses: the body is compressed again as the server does (brotli 4) to size what is sent.
      const body = Buffer.from(await response.arrayBuffer());
      const ms = performance.now() - started;
      const sent = zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
      }).length;
      return { ms, bytes: body.byteLength, sent };
    };
    await new Promise((resolve) => setTimeout(resolve, RENDERER_LOAD_MS));
    const first = await once();
    const times: number[] = [];
    let size = { bytes: 0, sent: 0 };
    // Beside the page loads, an API read asked in turn: how long other requests wait while pages are rendered.
    const readTimes: number[] = [];
    let isLoading = true;
    const reads = (async () => {
      const readUrl = `${server.base}/v3/workspace/${workspaceId}/services`;
      const readHeaders = { cookie: headers.cookie, accept: 'application/json' };
      while (isLoading) {
        const started = performance.now();
        await (await fetch(readUrl, { headers: readHeaders })).arrayBuffer();
        readTimes.push(performance.now() - started);
      }
    })();
    for (let i = 0; i < requests; i++) {
      const result = await once();
      times.push(result.ms);
      size = result;
    }
    isLoading = false;
    await reads;
    const at = (list: number[], q: number) =>
      list.sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(q * list.length))]!;
    return {
      first: first.ms,
      median: at(times, 0.5),
      p95: at(times, 0.95),
      bytes: size.bytes,
      sent: size.sent,
      readMedian: at(readTimes, 0.5),
      readP99: at(readTimes, 0.99),
    };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const painted = await measure(webDistDir);
const unpainted = await measure(unpaintedDir);
fs.rmSync(unpaintedDir, { recursive: true, force: true });
const row = (name: string, r: typeof painted) =>
  `| ${name} | ${r.first.toFixed(0)} ms | ${r.median.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${(r.bytes / 1024).toFixed(1)} KiB | ${(r.sent / 1024).toFixed(1)} KiB | ${r.readMedian.toFixed(1)} / ${r.readP99.toFixed(1)} ms |`;
console.log(
  `\n${requests} sequential requests each, load average ${os.loadavg()[0]!.toFixed(1)}\n`,
);
console.log(
  '| services list HTML | first request | median | p95 | HTML | sent (brotli 4) | API read beside it, median / p99 |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|');
console.log(row('painted (decision 032)', painted));
console.log(row('unpainted (before)', unpainted));
