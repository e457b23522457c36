/**
 * Lighthouse 12 (Debian's Chromium) on the dashboard as served by the real server (issue 9, Performance): the login
 * page and a signed-in user's services list, each with the mobile preset (simulated slow 4G, 4× CPU slowdown) and
 * the desktop preset. Prints performance and accessibility scores, FCP, LCP, total blocking time and bytes
 * transferred; with several runs, the median run by performance score.
 *
 * Setup goes straight through the database (no mail outbox): a verified member with a profile, a workspace and three
 * services (suspended: no runtime starts) are written on a temporary DATA_DIR, then the real server
 * (`node --import tsx apps/server/src/server.ts`, NODE_ENV=production) is started on a free loopback port and serves
 * the built dashboard (`npm run build` first; WEB_DIST_DIR may point at another build to compare). The signed-in
 * pages get the member's session as a cookie through Lighthouse's --extra-headers.
 *
 * Lighthouse is not a dependency of the repository (it would add ~100 packages to every `npm ci` for a script run
 * by hand): it is run with `npx -y lighthouse@12` (lighthouse 13 needs Node 22). docs/decisions/017.
 * Run: flock /tmp/e2e.lock node --import tsx bench/lighthouse.ts [runs per page and preset, default 1]
 * (LIGHTHOUSE_REPORT_DIR=<dir> keeps each run's JSON report, to read which audit costs what.)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AUTH_COOKIE_NAME } from '@herald/contract/constants';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { insertManyTestServices } from '../apps/server/src/testing/test-services';
import { CHROMIUM_PATH } from '../e2e/support/chromium';
import { createOnboardedBenchMember } from './support/bench-member';
import { REPO_ROOT, startBenchServer } from './support/bench-server';

const runs = Number(process.argv[2] ?? 1);
if (!Number.isInteger(runs) || runs < 1 || runs > 9) throw new Error('runs must be 1 to 9');

const webDistDir = path.resolve(process.env.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps/web/dist'));
if (!fs.existsSync(path.join(webDistDir, 'index.html'))) {
  throw new Error(`${webDistDir} has no index.html: run \`npm run build\` first`);
}
const chromePath = process.env.CHROME_PATH ?? CHROMIUM_PATH;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-bench-lighthouse-'));
// LIGHTHOUSE_REPORT_DIR keeps the JSON reports (to read which audit costs what); otherwise they are removed.
const keptReportDir = process.env.LIGHTHOUSE_REPORT_DIR;
const reportDir = keptReportDir
  ? path.resolve(keptReportDir)
  : fs.mkdtempSync(path.join(os.tmpdir(), 'herald-lighthouse-reports-'));
fs.mkdirSync(reportDir, { recursive: true });

async function seed(): Promise<{ token: string; workspaceId: string }> {
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0' }),
  });
  try {
    const { token, workspaceId } = await createOnboardedBenchMember(app);
    await insertManyTestServices(app, workspaceId, 3);
    return { token, workspaceId };
  } finally {
    await app.close();
  }
}

interface Figures {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  transferKiB: number;
  finalUrl: string;
}

interface LighthouseReport {
  finalDisplayedUrl: string;
  categories: Record<'performance' | 'accessibility', { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
  runtimeError?: { message: string };
}

function runLighthouse(
  url: string,
  preset: 'mobile' | 'desktop',
  headers: object,
): Promise<Figures> {
  const output = path.join(
    reportDir,
    `${new URL(url).pathname.split('/')[1] || 'login'}-${preset}-${Date.now()}.json`,
  );
  const args = [
    '-y',
    'lighthouse@12',
    url,
    '--quiet',
    '--output=json',
    `--output-path=${output}`,
    '--only-categories=performance,accessibility',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    `--extra-headers=${JSON.stringify(headers)}`,
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, {
      env: { ...process.env, CHROME_PATH: chromePath },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code} on ${url}`));
      const report = JSON.parse(fs.readFileSync(output, 'utf8')) as LighthouseReport;
      if (report.runtimeError) return reject(new Error(report.runtimeError.message));
      const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
      resolve({
        performance: Math.round((report.categories.performance.score ?? 0) * 100),
        accessibility: Math.round((report.categories.accessibility.score ?? 0) * 100),
        fcpMs: audit('first-contentful-paint'),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        transferKiB: audit('total-byte-weight') / 1024,
        finalUrl: report.finalDisplayedUrl,
      });
    });
  });
}

/**
 * Lighthouse now and then fails to record a run's trace ("NO_NAVSTART", seen on this machine): such a run is
 * made again, at most twice, so the bench completes; the retry is printed.
 */
async function withRetries(run: () => Promise<Figures>): Promise<Figures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt === 3) throw error;
      console.error(`run failed (${(error as Error).message}); running it again`);
    }
  }
}

const { token, workspaceId } = await seed();
const server = await startBenchServer({ dataDir, webDistDir });
const { base } = server;
try {
  const signedIn = { Cookie: `${AUTH_COOKIE_NAME}=${token}` };
  const check = await fetch(`${base}/v3/user`, { headers: signedIn });
  if (check.status !== 200) throw new Error(`the session cookie is refused: ${check.status}`);
  const pages = [
    { name: 'login', url: `${base}/`, headers: {} },
    { name: 'services list', url: `${base}/workspace/${workspaceId}`, headers: signedIn },
  ];
  const rows: string[] = [];
  for (const page of pages) {
    for (const preset of ['mobile', 'desktop'] as const) {
      const results: Figures[] = [];
      for (let run = 0; run < runs; run += 1) {
        results.push(await withRetries(() => runLighthouse(page.url, preset, page.headers)));
      }
      results.sort((a, b) => a.performance - b.performance);
      const median = results[Math.floor(results.length / 2)]!;
      const row =
        `| ${page.name} | ${preset} | ${median.performance} (${results.map((r) => r.performance).join(', ')}) | ` +
        `${median.accessibility} | ${(median.fcpMs / 1000).toFixed(1)} s | ${(median.lcpMs / 1000).toFixed(1)} s | ` +
        `${Math.round(median.tbtMs)} ms | ${Math.round(median.transferKiB)} KiB |`;
      console.log(`${row}  ${median.finalUrl}`);
      if (new URL(median.finalUrl).pathname !== new URL(page.url).pathname) {
        throw new Error(`${page.name} ended at ${median.finalUrl}, not ${page.url}`);
      }
      rows.push(row);
    }
  }
  console.log(
    `\n${runs} run(s) each, load average ${os.loadavg()[0]!.toFixed(1)}, build ${webDistDir}\n`,
  );
  console.log(
    [
      '| page | preset | performance (runs) | accessibility | FCP | LCP | TBT | transferred |',
      '|---|---|---|---:|---:|---:|---:|---:|',
      ...rows,
    ].join('\n'),
  );
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (!keptReportDir) fs.rmSync(reportDir, { recursive: true, force: true });
}
