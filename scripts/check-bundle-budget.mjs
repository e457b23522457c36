#!/usr/bin/env node
// Bundle budgets of the web app: for each entry (the app, the login page's start script), the
// JavaScript a first visit must download before it runs, i.e. the entry chunk plus every chunk it imports statically (transitively through
// the manifest's `imports`; `dynamicImports` load later and are not counted), gzipped at level 9.
// Run after `npm run build -w @herald/web`. Exits 1 when an entry's total exceeds its budget.
// Usage: node scripts/check-bundle-budget.mjs [dist-dir]   (default apps/web/dist)
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// Lowered from 150 KiB once the flag SDK left the first load (docs/decisions/017), then from 142 KiB once Mantine, React
// Query's observers and the toast and flag modules left the entry (117.2 KiB, ~2 KiB of headroom; docs/decisions/029);
// what remains is mostly React DOM and React Router's data router, which every first page needs.
// The painted pages (login, sign-up, the services list) run only their start script until the person uses the page
// (docs/decisions/031, 032): it must stay a few hundred bytes to a KiB or two. It is built on its own into one file
// (apps/web/vite-static-shells.ts), with a manifest of its own beside Vite's.
const BUDGETS = {
  'index.html': 119 * 1024,
  'src/shell-start.ts': 2 * 1024,
};

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = process.argv[2] ? resolve(process.argv[2]) : join(root, 'apps/web/dist');
const manifestPath = join(distDir, '.vite/manifest.json');
const MANIFESTS = [manifestPath, join(distDir, '.vite/shell-start.manifest.json')];

let manifest = {};
for (const path of MANIFESTS) {
  try {
    manifest = { ...manifest, ...JSON.parse(readFileSync(path, 'utf8')) };
  } catch (error) {
    console.error(`Cannot read ${path} (build the web app first): ${error.message}`);
    process.exit(1);
  }
}

const gzipSize = (file) => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The entry's chunk and every chunk it imports statically, each once. */
function staticClosure(entryKey) {
  const counted = new Set();
  const queue = [entryKey];
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
  return counted;
}

const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
const unbudgeted = entries.filter(([key]) => !(key in BUDGETS)).map(([key]) => key);
if (entries.length === 0 || unbudgeted.length > 0) {
  console.error(
    entries.length === 0
      ? `No entry chunk in ${manifestPath}`
      : `Entries without a budget (add them to BUDGETS): ${unbudgeted.join(', ')}`,
  );
  process.exit(1);
}

let isWithin = true;
const cssFiles = new Set();
for (const [entryKey] of entries) {
  const budget = BUDGETS[entryKey];
  const counted = staticClosure(entryKey);
  let total = 0;
  console.log(`${entryKey} and its static imports (gzip -9):`);
  for (const key of counted) {
    const chunk = manifest[key];
    const size = gzipSize(chunk.file);
    total += size;
    for (const css of chunk.css ?? []) cssFiles.add(css);
    console.log(`  ${kib(size).padStart(10)}  ${chunk.file}${chunk.isEntry ? '  (entry)' : ''}`);
  }
  console.log(
    `  ${kib(total).padStart(10)}  total of ${counted.size} chunk(s); budget ${kib(budget)}`,
  );
  if (total > budget) {
    console.error(`  ${entryKey}: budget exceeded by ${kib(total - budget)}.`);
    isWithin = false;
  } else {
    console.log(`  Within budget (${((total / budget) * 100).toFixed(0)}% used).`);
  }
}

// CSS is reported for information; the budget is about JavaScript.
for (const css of cssFiles)
  console.log(`  (css, not counted) ${kib(gzipSize(css)).padStart(10)}  ${css}`);

if (!isWithin) process.exit(1);
