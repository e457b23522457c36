/**
 * Where an idle session's memory goes (issue 14, item 2): heap snapshots of the runtime (compiled bundle, token
 * logins, as the control plane spawns it) with no session and with `sessions` idle raw-CONNECT sessions, compared.
 * Prints the live heap a session adds and the kinds of objects it is made of (per session: count and bytes).
 * Live heap only: RSS per session (bench/session-capacity.ts) adds native memory (libuv, TCP wraps) and V8's pages.
 * Run: node --import tsx bench/session-heap.ts [sessions=5000] [rows=25]
 * With KEEP_HEAP_SNAPSHOTS=1 the two snapshots are kept (their directory is printed) to be opened in DevTools.
 */
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  perSessionDifference,
  summariseHeapSnapshot,
  type HeapSummary,
} from './support/heap-snapshot';
import { createBenchKeys, loadAverage, startRuntimeBroker } from './support/mqtt-brokers';
import { openIdleSessions } from './support/raw-mqtt';

const SESSIONS = Number(process.argv[2] ?? 5_000);
const ROWS = Number(process.argv[3] ?? 25);

const dir = await mkdtemp(join(tmpdir(), 'herald-session-heap-'));
const snapshots = join(dir, 'snapshots');
// The runtime writes a snapshot (after a full GC) each time it gets SIGUSR2.
process.env.RUNTIME_NODE_ARGS = [
  process.env.RUNTIME_NODE_ARGS ?? '',
  '--heapsnapshot-signal=SIGUSR2',
  `--diagnostic-dir=${snapshots}`,
].join(' ');
await mkdir(snapshots);
const broker = await startRuntimeBroker(dir, await createBenchKeys());

/** Signals the runtime and reads its snapshot once the file is whole (V8 writes it in pieces, after a full GC). */
async function snapshot(): Promise<HeapSummary> {
  const before = new Set(await readdir(snapshots));
  process.kill(broker.pid, 'SIGUSR2');
  for (let attempt = 0; attempt < 120; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const file = (await readdir(snapshots)).find(
      (name) => name.endsWith('.heapsnapshot') && !before.has(name),
    );
    if (file === undefined) continue;
    try {
      return await summariseHeapSnapshot(join(snapshots, file));
    } catch {
      // Not whole yet.
    }
  }
  throw new Error('the runtime wrote no whole heap snapshot within 2 minutes');
}

const sockets: Socket[] = [];
try {
  // Start-up's timers and first $SYS publish settle first.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const empty = await snapshot();
  const opened = await openIdleSessions(broker, SESSIONS, 'idle-', 300);
  sockets.push(...opened.sockets);
  if (opened.refused > 0) throw new Error(`${opened.refused} CONNECTs refused`);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const full = await snapshot();
  const { totalBytes, rows } = perSessionDifference(empty, full, SESSIONS);
  console.log(
    `\n${SESSIONS.toLocaleString('en')} idle sessions, load average ${loadAverage()}: ${Math.round(totalBytes)} bytes of live heap a session`,
  );
  console.log('| object kind | bytes a session | objects a session |');
  console.log('|---|---:|---:|');
  for (const row of rows.slice(0, ROWS)) {
    console.log(`| ${row.kind} | ${Math.round(row.bytes)} | ${row.count.toFixed(2)} |`);
  }
} finally {
  for (const socket of sockets) socket.destroy();
  await broker.stop();
  if (process.env.KEEP_HEAP_SNAPSHOTS === '1') console.log(`snapshots kept in ${snapshots}`);
  else await rm(dir, { recursive: true, force: true });
}
