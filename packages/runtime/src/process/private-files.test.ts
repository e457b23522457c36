import {
  chmodSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isShared, makeTreePrivate, privateMode } from './private-files';
import { killSpawnedRuntimes, spawnRuntime } from '../testing/spawn-runtime';
import { createTestKeys, testConfig, testDataDir, testEnv } from '../testing/test-keys';

/** Every entry under `root` (itself included) whose mode lets the group or others in, as `path mode`. */
function sharedEntries(root: string): string[] {
  const shared: string[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const path = stack.pop() as string;
    const stats = lstatSync(path);
    if (stats.isSymbolicLink()) continue;
    if ((stats.mode & 0o077) !== 0) shared.push(`${path} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const name of readdirSync(path)) stack.push(join(path, name));
  }
  return shared;
}

const modeOf = (path: string) => statSync(path).mode & 0o7777;

describe('private modes (issue 25: data at rest readable by every local user)', () => {
  it.each([
    [0o666, 0o600, true],
    [0o644, 0o600, true],
    [0o755, 0o700, true],
    [0o777, 0o700, true],
    [0o600, 0o600, false],
    [0o700, 0o700, false],
    [0o400, 0o400, false],
    [0o1777, 0o1700, true],
  ])('%o becomes %o (shared before: %s)', (mode, expected, shared) => {
    expect(privateMode(mode)).toBe(expected);
    expect(isShared(mode)).toBe(shared);
  });

  it('tightens a whole tree, leaving what a symbolic link points at alone', async () => {
    const root = await testDataDir();
    const outside = join(await testDataDir(), 'elsewhere.txt');
    writeFileSync(outside, 'not ours');
    chmodSync(outside, 0o644);
    mkdirSync(join(root, 'db', 'base'), { recursive: true });
    writeFileSync(join(root, 'db', 'base', 'wal'), 'session tokens');
    writeFileSync(join(root, 'state.json'), '{}');
    chmodSync(join(root, 'db', 'base', 'wal'), 0o666);
    chmodSync(join(root, 'state.json'), 0o644);
    chmodSync(join(root, 'db', 'base'), 0o777);
    chmodSync(join(root, 'db'), 0o755);
    chmodSync(root, 0o755);
    symlinkSync(outside, join(root, 'link'));

    expect(makeTreePrivate(root)).toBe(5);
    expect(sharedEntries(root)).toEqual([]);
    expect(modeOf(join(root, 'db', 'base', 'wal'))).toBe(0o600);
    expect(modeOf(join(root, 'db'))).toBe(0o700);
    expect(modeOf(outside)).toBe(0o644);
    expect(makeTreePrivate(root)).toBe(0);
  });

  it('has nothing to do for a directory that does not exist yet', async () => {
    expect(makeTreePrivate(join(await testDataDir(), 'missing'))).toBe(0);
  });
});

describe('the runtime process keeps its data private', () => {
  afterEach(() => killSpawnedRuntimes());

  it('whatever its umask, and fixes what an earlier version left', async () => {
    const keys = await createTestKeys();
    const token = await keys.serviceToken();
    const dataDir = await testDataDir();
    // An earlier version's files: world-readable.
    mkdirSync(join(dataDir, 'old'));
    writeFileSync(join(dataDir, 'old', 'log-1.jsonl'), '');
    chmodSync(join(dataDir, 'old', 'log-1.jsonl'), 0o644);
    chmodSync(join(dataDir, 'old'), 0o755);
    chmodSync(dataDir, 0o755);

    const runtime = await spawnRuntime(testEnv(testConfig(keys, dataDir)), { umask: 0 });
    const api = (method: string, path: string, body?: unknown) =>
      fetch(`http://127.0.0.1:${runtime.httpPort}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    expect((await api('PUT', '/admin/topics/a', { type: 'STRING', value: 'x' })).status).toBe(201);
    expect(
      (await api('PUT', '/admin/principals/device-1', { password: 'password-123', roles: [] }))
        .status,
    ).toBe(201);
    runtime.child.kill('SIGTERM');
    expect((await runtime.exited).code).toBe(0);

    const names = readdirSync(dataDir);
    expect(names).toEqual(expect.arrayContaining(['state.json', 'runtime.json']));
    expect(names.some((name) => /^log-\d+\.jsonl$/.test(name))).toBe(true);
    expect(sharedEntries(dataDir)).toEqual([]);
  });
});
