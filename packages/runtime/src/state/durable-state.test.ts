import { appendFile, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testDataDir } from '../testing/test-keys';
import { DurableState, topicEntry } from './durable-state';

const topic = (value: string) => ({
  type: 'STRING' as const,
  properties: {},
  value: Buffer.from(value),
  updatedAt: 1,
});

describe('durable state', () => {
  it('recovers committed records from the log after a crash (no close)', async () => {
    const dir = await testDataDir();
    const state = await DurableState.open({ dir });
    await Promise.all([
      state.commitAsync(topicEntry('a', topic('1'))),
      state.commitAsync(topicEntry('b', topic('2'))),
      state.commitAsync({
        op: 'principal',
        principal: {
          name: 'p',
          passwordHash: 'h',
          assignedRoles: ['CLIENT'],
          lockingPrincipal: null,
        },
      }),
      state.commitAsync({ op: 'credentialVersion', value: 7 }),
    ]);
    await state.commitAsync({ op: 'removeTopics', paths: ['b'] });

    const recovered = await DurableState.open({ dir });
    expect([...recovered.topics.keys()]).toEqual(['a']);
    expect(recovered.topics.get('a')?.value?.toString()).toBe('1');
    expect(recovered.principals.get('p')?.assignedRoles).toEqual(['CLIENT']);
    expect(recovered.credentialVersion).toBe(7);
    expect(recovered.recoveredRecords).toBe(5);
  });

  it('ignores a torn last record', async () => {
    const dir = await testDataDir();
    const state = await DurableState.open({ dir });
    await state.commitAsync(topicEntry('a', topic('1')));
    const log = (await readdir(dir)).find((name) => name.startsWith('log-')) ?? '';
    await appendFile(join(dir, log), '{"op":"topic","path":"b","ty');

    const recovered = await DurableState.open({ dir });
    expect([...recovered.topics.keys()]).toEqual(['a']);
    await recovered.commitAsync(topicEntry('c', topic('3')));
    const again = await DurableState.open({ dir });
    expect([...again.topics.keys()].sort()).toEqual(['a', 'c']);
  });

  it('keeps the records written after a fragment left by a failed write', async () => {
    const dir = await testDataDir();
    const state = await DurableState.open({ dir });
    const log = (await readdir(dir)).find((name) => name.startsWith('log-')) ?? '';
    await appendFile(join(dir, log), '{"op":"topic","pa\n');
    await state.commitAsync(topicEntry('after', topic('1')));
    const recovered = await DurableState.open({ dir });
    expect([...recovered.topics.keys()]).toEqual(['after']);
    expect(recovered.skippedRecords).toBe(1);
  });

  it('writes one record per topic and batch, and acknowledges every change', async () => {
    const dir = await testDataDir();
    const state = await DurableState.open({ dir });
    const acknowledged: number[] = [];
    const writes = Array.from(
      { length: 100 },
      (_, index) =>
        new Promise<void>((resolve) =>
          state.commitTopic('hot', topic(String(index)), () => {
            acknowledged.push(index);
            resolve();
          }),
        ),
    );
    await state.commitAsync({ op: 'removeTopics', paths: ['hot'] });
    state.commitTopic('hot', topic('last'));
    await Promise.all(writes);
    await state.flushed();
    const log = (await readdir(dir)).find((name) => name.startsWith('log-')) ?? '';
    const records = (await readFile(join(dir, log), 'utf8')).trim().split('\n');
    expect(acknowledged).toHaveLength(100);
    expect(records.length).toBeLessThanOrEqual(3);
    const recovered = await DurableState.open({ dir });
    expect(recovered.topics.get('hot')?.value?.toString()).toBe('last');
  });

  it('compacts into a snapshot and a new log without losing acknowledged records', async () => {
    const dir = await testDataDir();
    const state = await DurableState.open({ dir, compactAfterBytes: 2_000 });
    for (let round = 0; round < 10; round += 1) {
      await Promise.all(
        Array.from({ length: 50 }, (_, index) => {
          const n = round * 50 + index;
          return state.commitAsync(topicEntry(`t/${n}`, topic(String(n))));
        }),
      );
    }
    await state.flushed();
    const files = await readdir(dir);
    expect(files.filter((name) => name.startsWith('log-'))).toHaveLength(1);
    const snapshot = JSON.parse(await readFile(join(dir, 'state.json'), 'utf8')) as {
      generation: number;
    };
    expect(snapshot.generation).toBeGreaterThan(2);

    const recovered = await DurableState.open({ dir });
    expect(recovered.topics.size).toBe(500);
    expect(recovered.topics.get('t/499')?.value?.toString()).toBe('499');
  });

  it('keeps the highest credential version of the state and the environment', async () => {
    const dir = await testDataDir();
    const state = await DurableState.open({ dir, initialCredentialVersion: 1 });
    await state.commitAsync({ op: 'credentialVersion', value: 4 });
    await state.close();
    expect((await DurableState.open({ dir, initialCredentialVersion: 2 })).credentialVersion).toBe(
      4,
    );
    expect((await DurableState.open({ dir, initialCredentialVersion: 9 })).credentialVersion).toBe(
      9,
    );
  });
});

describe('durable time series and topic persistence', () => {
  const series = (range: string) => ({
    type: 'TIME_SERIES' as const,
    properties: { TIME_SERIES_EVENT_VALUE_TYPE: 'STRING', TIME_SERIES_RETAINED_RANGE: range },
    value: null,
    updatedAt: 1,
  });
  const append = (state: DurableState, path: string, value: string) =>
    new Promise<void>((resolve, reject) => {
      state.appendEvent(path, Buffer.from(value), (error) => (error ? reject(error) : resolve()));
    });

  it('replays events queued in one batch with a later change of the topic in order', async () => {
    const dir = await testDataDir();
    const state = await DurableState.open({ dir });
    // One event-loop turn: the topic, two events, and a new record of the topic (its properties changed).
    state.commit(topicEntry('s', series('limit 10')));
    const first = append(state, 's', 'a');
    const second = append(state, 's', 'b');
    const changed = state.commitAsync(
      topicEntry('s', {
        ...series('limit 10'),
        properties: { ...series('limit 10').properties, PRIORITY: 'high' },
      }),
    );
    await Promise.all([first, second, changed]);
    const recovered = await DurableState.open({ dir });
    const topic = recovered.topics.get('s');
    expect(topic?.events?.map((event) => event.value.toString())).toEqual(['a', 'b']);
    expect(topic?.properties.PRIORITY).toBe('high');
    expect(topic?.value?.toString()).toBe('b');
  });

  it('applies the retained range at recovery and never reuses a sequence number', async () => {
    const dir = await testDataDir();
    const state = await DurableState.open({ dir });
    await state.commitAsync(topicEntry('s', series('last 100ms')));
    await append(state, 's', 'old');
    await append(state, 's', 'older');
    await new Promise((resolve) => setTimeout(resolve, 150));
    const recovered = await DurableState.open({ dir });
    const topic = recovered.topics.get('s');
    expect(topic?.events).toEqual([]);
    expect(topic?.value).toBeNull();
    expect(recovered.appendEvent('s', Buffer.from('new'))?.sequence).toBe(2);
    await recovered.flushed();
    // Through a snapshot too (close compacts).
    await recovered.close();
    const again = await DurableState.open({ dir });
    expect(again.topics.get('s')?.nextSequence).toBe(3);
  });

  it('writes nothing of a topic with PERSISTENT "false", and takes one off disk when it becomes so', async () => {
    const dir = await testDataDir();
    const state = await DurableState.open({ dir });
    await state.commitAsync(
      topicEntry('memory', { ...topic('m'), properties: { PERSISTENT: 'false' } }),
    );
    await state.commitAsync(topicEntry('flip', topic('f')));
    await state.commitAsync(
      topicEntry('flip', { ...topic('f2'), properties: { PERSISTENT: 'false' } }),
    );
    expect(state.tree.size).toBe(2);
    const recovered = await DurableState.open({ dir });
    expect([...recovered.topics.keys()]).toEqual([]);
  });

  it('never reuses a sequence number of a series that was in memory only', async () => {
    const dir = await testDataDir();
    const state = await DurableState.open({ dir });
    const memoryOnly = series('limit 10');
    state.commit(
      topicEntry('s', {
        ...memoryOnly,
        properties: { ...memoryOnly.properties, PERSISTENT: 'false' },
      }),
    );
    await append(state, 's', 'a');
    await append(state, 's', 'b');
    await state.commitAsync(topicEntry('s', memoryOnly));
    const recovered = await DurableState.open({ dir });
    expect(recovered.topics.get('s')?.events).toEqual([]);
    expect(recovered.appendEvent('s', Buffer.from('c'))?.sequence).toBe(2);
  });
});
