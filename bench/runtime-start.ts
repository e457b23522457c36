/**
 * Runtime start: time from spawn to the "ready" log line and RSS once ready, for the compiled bundle (what the
 * control plane spawns) and the sources through tsx (development), `runs` times each; a bare `node -e` for scale.
 * The RSS is split into anonymous pages (the process's own) and file-backed ones (the node binary's mapped code and
 * data, one copy in the page cache for every Node process on a host).
 * Run: node --import tsx bench/runtime-start.ts [runs=3]
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  RUNTIME_BUNDLE,
  RUNTIME_NODE_FLAGS,
  RUNTIME_PACKAGE_DIR,
  ensureRuntimeBundle,
} from '../packages/runtime/src/build/runtime-bundle';
import { readFileSync } from 'node:fs';
import { createBenchKeys, loadAverage } from './support/mqtt-brokers';

const RUNS = Number(process.argv[2] ?? 3);
await ensureRuntimeBundle();
const keys = await createBenchKeys();
const dir = await mkdtemp(join(tmpdir(), 'herald-start-'));

interface Memory {
  rssMiB: number;
  /** Anonymous pages: the process's own heap and stacks, what each more runtime on a host costs. */
  anonMiB: number;
  /** File-backed pages: mostly the node binary's code and data, shared by every Node process on the host. */
  fileMiB: number;
}

/** RSS and its parts from /proc (proc(5): VmRSS = RssAnon + RssFile + RssShmem). */
function memoryOf(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mib = (field: string) =>
    Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 1024;
  return { rssMiB: mib('VmRSS'), anonMiB: mib('RssAnon'), fileMiB: mib('RssFile') };
}

async function startOnce(args: string[]): Promise<{ readyMs: number } & Memory> {
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
  const memory = memoryOf(child.pid ?? 0);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { readyMs, ...memory };
}

const variants: Array<[string, string[]]> = [
  ['compiled bundle (dist/main.mjs)', [...RUNTIME_NODE_FLAGS, RUNTIME_BUNDLE]],
  ['sources through tsx', ['--import', 'tsx', 'src/main.ts']],
];
console.log(`load average ${loadAverage()}`);
console.log(
  '| runtime | ready (ms), each run | RSS at ready (MiB), each run | of which anonymous (own) | of which file-backed (shared binary) |',
);
console.log('|---|---:|---:|---:|---:|');
const each = (runs: Memory[], of: (memory: Memory) => number) =>
  runs.map((run) => of(run).toFixed(1)).join(', ');
for (const [name, args] of variants) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await startOnce(args));
  console.log(
    `| ${name} | ${runs.map((run) => Math.round(run.readyMs)).join(', ')} | ${each(runs, (run) => run.rssMiB)} | ${each(runs, (run) => run.anonMiB)} | ${each(runs, (run) => run.fileMiB)} |`,
  );
}
// Node itself, idle, read the same way half a second after its start.
const bare = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
await new Promise((resolve) => setTimeout(resolve, 800));
const node = memoryOf(bare.pid ?? 0);
bare.kill('SIGTERM');
console.log(
  `| bare \`node -e\` | – | ${node.rssMiB.toFixed(1)} | ${node.anonMiB.toFixed(1)} | ${node.fileMiB.toFixed(1)} |`,
);
await rm(dir, { recursive: true, force: true });
