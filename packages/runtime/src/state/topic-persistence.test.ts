import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRuntimeEnv } from '../process/config';
import { testDataDir } from '../testing/test-keys';
import { DurableState, topicEntry } from './durable-state';

const topic = (value: string) => ({
  type: 'STRING' as const,
  properties: {},
  value: Buffer.from(value),
  updatedAt: 1,
});

const principal = {
  op: 'principal' as const,
  principal: { name: 'p', passwordHash: 'h', assignedRoles: ['CLIENT'], lockingPrincipal: null },
};

/** Everything the state wrote to its directory (snapshot and logs). */
async function onDisk(dir: string): Promise<string> {
  const names = await readdir(dir);
  const texts = await Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')));
  return texts.join('\n');
}

describe('durable state without topic persistence (a free trial, spec section 9)', () => {
  it('keeps topics in memory only and principals on disk', async () => {
    const dir = await testDataDir();
    const state = await DurableState.open({ dir, persistTopics: false });
    await state.commitAsync(topicEntry('sensors/a', topic('1')));
    await state.commitAsync(principal);
    expect(state.topics.get('sensors/a')?.value?.toString()).toBe('1');
    expect(await onDisk(dir)).not.toContain('sensors/a');

    const restarted = await DurableState.open({ dir, persistTopics: false });
    expect(restarted.topics.size).toBe(0);
    expect(restarted.principals.get('p')?.assignedRoles).toEqual(['CLIENT']);
  });

  it('writes topics when persistence is on (the default), the same steps', async () => {
    const dir = await testDataDir();
    const state = await DurableState.open({ dir });
    await state.commitAsync(topicEntry('sensors/a', topic('1')));
    expect(await onDisk(dir)).toContain('sensors/a');
    expect((await DurableState.open({ dir })).topics.has('sensors/a')).toBe(true);
  });

  it('starts without the topics an earlier persistent run left', async () => {
    const dir = await testDataDir();
    const persistent = await DurableState.open({ dir });
    await persistent.commitAsync(topicEntry('old/topic', topic('x')));
    const volatile = await DurableState.open({ dir, persistTopics: false });
    expect(volatile.topics.size).toBe(0);
    expect(volatile.tree).toBeDefined();
    expect(await onDisk(dir)).not.toContain('old/topic');
  });
});

describe('HERALD_TOPIC_PERSISTENCE', () => {
  const valid = {
    HERALD_SERVICE_ID: 'svc',
    HERALD_SERVICE_NAME: 'name',
    HERALD_WORKSPACE_ID: 'ws',
    HERALD_VERSION: '6.9.2',
    HERALD_DATA_DIR: '/tmp/x',
    HERALD_JWKS: '{"keys":[{"kty":"EC"}]}',
  };

  it.each([
    [undefined, true],
    ['on', true],
    ['off', false],
  ])('%s means topic persistence %s', (value, expected) => {
    const parsed = parseRuntimeEnv({ ...valid, ...(value && { HERALD_TOPIC_PERSISTENCE: value }) });
    expect(parsed.ok && parsed.config.topicPersistence).toBe(expected);
  });

  it('names the variable for a bad value', () => {
    const parsed = parseRuntimeEnv({ ...valid, HERALD_TOPIC_PERSISTENCE: 'no' });
    expect(parsed.ok ? '' : parsed.message).toContain('HERALD_TOPIC_PERSISTENCE');
  });
});
