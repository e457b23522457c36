import { readFile } from 'node:fs/promises';

/** A V8 heap snapshot's live objects summed by kind and constructor name (`type:name`): count and bytes. */
export interface HeapSummary {
  totalBytes: number;
  byKind: Map<string, { count: number; bytes: number }>;
}

interface SnapshotFile {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

/** Reads a `.heapsnapshot` (what `--heapsnapshot-signal` writes) and sums its nodes by kind. */
export async function summariseHeapSnapshot(file: string): Promise<HeapSummary> {
  const snapshot = JSON.parse(await readFile(file, 'utf8')) as SnapshotFile;
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const byKind = new Map<string, { count: number; bytes: number }>();
  let totalBytes = 0;
  for (let index = 0; index < snapshot.nodes.length; index += fields.length) {
    const type = types[snapshot.nodes[index + typeAt!]!] ?? '?';
    // Strings and numbers by kind only: their "name" is their value.
    const name =
      type.includes('string') || type === 'number' || type === 'closure'
        ? ''
        : (snapshot.strings[snapshot.nodes[index + nameAt!]!] ?? '').slice(0, 50);
    const bytes = snapshot.nodes[index + sizeAt!]!;
    const key = `${type}:${name}`;
    const entry = byKind.get(key) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += bytes;
    byKind.set(key, entry);
    totalBytes += bytes;
  }
  return { totalBytes, byKind };
}

/** What `sessions` added between two summaries, per session, largest first. */
export function perSessionDifference(
  before: HeapSummary,
  after: HeapSummary,
  sessions: number,
): { totalBytes: number; rows: Array<{ kind: string; count: number; bytes: number }> } {
  const rows = [...after.byKind].map(([kind, entry]) => {
    const base = before.byKind.get(kind) ?? { count: 0, bytes: 0 };
    return {
      kind,
      count: (entry.count - base.count) / sessions,
      bytes: (entry.bytes - base.bytes) / sessions,
    };
  });
  rows.sort((a, b) => b.bytes - a.bytes);
  return { totalBytes: (after.totalBytes - before.totalBytes) / sessions, rows };
}
