/**
 * Runtime start: time from spawn to the "ready" log line and RSS once ready, for the compiled bundle (what the
 * control plane spawns) and the sources through tsx (development), `runs` times each; a bare `node -e` for scale.
 * Run: node --import tsx bench/runtime-start.ts [runs=3]
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  RUNTIME_BUNDLE,
  RUNTIME_NODE_FLAGS,
  RUNTIME_PACKAGE_DIR,
  ensureRuntimeBundle,
} from '../packages/runtime/src/build/runtime-bundle';
import { createBenchKeys, loadAverage, rssKiB } from './support/mqtt-brokers';

const RUNS = Number(process.argv[2] ?? 3);
await ensureRuntimeBundle();
const keys = await createBenchKeys();
const dir = await mkdtemp(join(tmpdir(), 'herald-start-'));

async function startOnce(args: string[]): Promise<{ readyMs: number; rssMiB: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: RUNTIME_PACKAGE_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HERALD_SERVICE_ID: 'bench',
      HERALD_SERVICE_NAME: 'bench',
      HERALD_WORKSPACE_ID: 'bench',
      HERALD_VERSION: '6.11.0',
      HERALD_DATA_DIR: await mkdtemp(join(dir, 'runtime-')),
      HERALD_JWKS: JSON.stringify(keys.jwks),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) =>
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('"msg":"ready"')) resolve();
    }),
  );
  const readyMs = performance.now() - started;
  // Half a second for what start-up left to settle (timers, the first $SYS publish).
  await new Promise((resolve) => setTimeout(resolve, 500));
  const rssMiB = rssKiB(child.pid ?? 0) / 1024;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { readyMs, rssMiB };
}

const variants: Array<[string, string[]]> = [
  ['compiled bundle (dist/main.mjs)', [...RUNTIME_NODE_FLAGS, RUNTIME_BUNDLE]],
  ['sources through tsx', ['--import', 'tsx', 'src/main.ts']],
];
console.log(`load average ${loadAverage()}`);
console.log('| runtime | ready (ms), each run | RSS at ready (MiB), each run |');
console.log('|---|---:|---:|');
for (const [name, args] of variants) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await startOnce(args));
  console.log(
    `| ${name} | ${runs.map((run) => Math.round(run.readyMs)).join(', ')} | ${runs.map((run) => run.rssMiB.toFixed(1)).join(', ')} |`,
  );
}
const bare = spawnSync(process.execPath, [
  '-e',
  'setTimeout(() => console.log(process.memoryUsage().rss / 1048576), 300)',
]);
console.log(`| bare \`node -e\` | – | ${Number(bare.stdout.toString()).toFixed(1)} |`);
await rm(dir, { recursive: true, force: true });
