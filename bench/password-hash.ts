/**
 * The cost of the production password hash (docs/decisions/007): time per hash alone, and hashes per
 * second with several in flight (scrypt runs on libuv's thread pool), with the event loop's worst delay
 * meanwhile — it must stay small, since hashing is off the main thread.
 * Run: node --import tsx bench/password-hash.ts
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createPasswordHasher } from '../apps/server/src/adapters/identity/password-hash';

const hasher = createPasswordHasher();
const password = 'correct horse battery staple';

const single: number[] = [];
for (let run = 0; run < 5; run += 1) {
  const started = performance.now();
  await hasher.hash(password);
  single.push(performance.now() - started);
}
single.sort((a, b) => a - b);
console.log(
  `one hash: median ${single[2]?.toFixed(0)} ms (5 runs, min ${single[0]?.toFixed(0)}, max ${single[4]?.toFixed(0)})`,
);

const stored = await hasher.hash(password);
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const concurrent = 8;
const started = performance.now();
await Promise.all(
  Array.from({ length: concurrent }, () => hasher.verify({ hash: stored, password })),
);
const seconds = (performance.now() - started) / 1000;
loop.disable();
console.log(
  `${concurrent} verifications at once: ${(concurrent / seconds).toFixed(1)} per second; ` +
    `event loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`,
);
