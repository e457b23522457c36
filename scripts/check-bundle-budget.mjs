#!/usr/bin/env node
// Bundle budget of the web app: the JavaScript a first visit must download before anything
// renders, i.e. the entry chunk plus every chunk it imports statically (transitively through
// the manifest's `imports`; `dynamicImports` load later and are not counted), gzipped at level 9.
// Run after `npm run build -w @herald/web`. Exits 1 when the total exceeds the budget.
// Usage: node scripts/check-bundle-budget.mjs [dist-dir]   (default apps/web/dist)
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// Lowered from 150 KiB once the flag SDK left the first load (docs/decisions/017), then from 142 KiB once Mantine, React
// Query's observers and the toast and flag modules left the entry (117.2 KiB, ~2 KiB of headroom; docs/decisions/029);
// what remains is mostly React DOM and React Router's data router, which every first page needs.
const BUDGET_BYTES = 119 * 1024;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = process.argv[2] ? resolve(process.argv[2]) : join(root, 'apps/web/dist');
const manifestPath = join(distDir, '.vite/manifest.json');

let manifest;
try {
  manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
} catch (error) {
  console.error(`Cannot read ${manifestPath} (build the web app first): ${error.message}`);
  process.exit(1);
}

const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length === 0) {
  console.error(`No entry chunk in ${manifestPath}`);
  process.exit(1);
}

// Walk static imports from every entry; each chunk is counted once.
const counted = new Set();
const queue = entries.map(([key]) => key);
while (queue.length > 0) {
  const key = queue.shift();
  if (counted.has(key)) continue;
  const chunk = manifest[key];
  if (!chunk) {
    console.error(`Manifest entry '${key}' is imported but missing`);
    process.exit(1);
  }
  counted.add(key);
  queue.push(...(chunk.imports ?? []));
}

const gzipSize = (file) => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

let total = 0;
const cssFiles = new Set();
console.log('Entry chunk and its static imports (gzip -9):');
for (const key of counted) {
  const chunk = manifest[key];
  const size = gzipSize(chunk.file);
  total += size;
  for (const css of chunk.css ?? []) cssFiles.add(css);
  console.log(`  ${kib(size).padStart(10)}  ${chunk.file}${chunk.isEntry ? '  (entry)' : ''}`);
}
const ok = total <= BUDGET_BYTES;
console.log(
  `  ${kib(total).padStart(10)}  total of ${counted.size} chunk(s); budget ${kib(BUDGET_BYTES)}`,
);

// CSS is reported for information; the budget is about JavaScript.
for (const css of cssFiles)
  console.log(`  (css, not counted) ${kib(gzipSize(css)).padStart(10)}  ${css}`);

if (!ok) {
  console.error(`Bundle budget exceeded by ${kib(total - BUDGET_BYTES)}.`);
  process.exit(1);
}
console.log(`Within budget (${((total / BUDGET_BYTES) * 100).toFixed(0)}% used).`);
