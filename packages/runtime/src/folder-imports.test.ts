import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layout of packages/runtime/src (issue 26 item 4): each folder says in its README.md what it may import, and
 * the repository's lint (eslint.config.js, `import/no-restricted-paths`) refuses anything else. This table is what
 * the READMEs say; the test lints one import from each folder to each other part and compares the verdicts.
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  observability: [],
  'aedes-patches': [],
  policy: [],
  build: [],
  auth: ['policy'],
  state: ['policy', 'observability'],
  process: ['policy'],
  broker: ['aedes-patches', 'auth', 'observability', 'policy', 'state'],
  admin: ['auth', 'observability', 'policy', 'state'],
};

/** Folders outside the rules: test helpers may import anything (nothing but tests imports them). */
const FREE = ['testing'];

/** A module of each part, the target of the probe imports. */
const MODULE_OF: Record<string, string> = {
  observability: './observability/log',
  'aedes-patches': './aedes-patches/fifo',
  policy: './policy/mqtt-filter',
  build: './build/runtime-bundle',
  auth: './auth/password-hash',
  state: './state/topic-tree',
  process: './process/config',
  broker: './broker/sys-topics',
  admin: './admin/admin-http',
  testing: './testing/mqtt-helpers',
  'runtime.ts': './runtime',
  'main.ts': './main',
};

const SRC = fileURLToPath(new URL('.', import.meta.url));
const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const folders = Object.keys(MAY_IMPORT);
const parts = Object.keys(MODULE_OF);

let eslint: ESLint;
// Loading the lint configuration and its plugins takes seconds on a loaded machine: done once, before the cases.
beforeAll(async () => {
  eslint = new ESLint({ cwd: REPO });
  await eslint.calculateConfigForFile(join(SRC, 'runtime.ts'));
}, 120_000);

/** Whether lint lets `file` (a path under src, which need not exist) import `part`. */
async function mayImport(file: string, part: string): Promise<boolean> {
  const target = MODULE_OF[part]!;
  const depth = file.split('/').length - 1;
  const specifier = depth === 0 ? target : `${'../'.repeat(depth)}${target.slice(2)}`;
  const [result] = await eslint.lintText(`import '${specifier}';\n`, {
    filePath: join(SRC, file),
  });
  return !result!.messages.some((message) => message.ruleId === 'import/no-restricted-paths');
}

describe('the folders of packages/runtime/src', () => {
  it('each has a README.md and a rule: a new folder says what it may import', () => {
    const onDisk = readdirSync(SRC, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(onDisk).toEqual([...folders, ...FREE].sort());
    for (const folder of ['.', ...onDisk]) {
      expect(existsSync(join(SRC, folder, 'README.md')), `${folder}/README.md`).toBe(true);
    }
  });

  it('depend on each other without a cycle', () => {
    const placed: string[] = [];
    while (placed.length < folders.length) {
      const next = folders.find(
        (folder) =>
          !placed.includes(folder) && MAY_IMPORT[folder]!.every((name) => placed.includes(name)),
      );
      expect(next, `a cycle among ${folders.filter((f) => !placed.includes(f))}`).toBeDefined();
      placed.push(next!);
    }
  });
});

describe('lint enforces what each folder may import', () => {
  it.each(folders)('%s/', async (folder) => {
    const verdicts: Record<string, boolean> = {};
    const expected: Record<string, boolean> = {};
    for (const part of parts.filter((name) => name !== folder)) {
      verdicts[part] = await mayImport(`${folder}/probe.ts`, part);
      expected[part] = MAY_IMPORT[folder]!.includes(part);
    }
    expect(verdicts).toEqual(expected);
  });

  it('runtime.ts and main.ts: every folder but testing/ and build/', async () => {
    for (const file of ['runtime.ts', 'main.ts']) {
      const verdicts: Record<string, boolean> = {};
      const expected: Record<string, boolean> = {};
      for (const part of [...folders, ...FREE]) {
        verdicts[part] = await mayImport(file, part);
        expected[part] = part !== 'testing' && part !== 'build';
      }
      expect({ file, verdicts }).toEqual({ file, verdicts: expected });
    }
  });

  it('tests may drive the whole runtime from any folder', async () => {
    expect(await mayImport('policy/probe.test.ts', 'runtime.ts')).toBe(true);
    expect(await mayImport('policy/probe.test.ts', 'testing')).toBe(true);
    expect(await mayImport('policy/probe.ts', 'runtime.ts')).toBe(false);
  });
});
