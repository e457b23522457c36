import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { callAs } from '../../testing/test-workspaces';
import { envelopeOf, topicUrl, useRunningService } from './testing/running-service';

/**
 * The topic browser's reads that the runtime answers from its tree (docs/decisions/019): one level with the number
 * of topics below each node, counts by selector, and a time series' events, each read by a User.
 */
describe('topic tree, counts and time series events', () => {
  const service = useRunningService('topic-tree');

  async function put(path: string, body: unknown) {
    const { app, team, row } = service;
    const response = await callAs(app, team.admin, 'PUT', topicUrl(row, '/topic', { path }), body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { path: string; type: string; value: unknown };
  }

  function read(suffix: string, query: Record<string, string | number> = {}) {
    const { app, team, row } = service;
    return callAs(app, team.user, 'GET', topicUrl(row, suffix, query));
  }

  it('answers one level of the tree with the topics below each node, a page at a time', async () => {
    for (const path of ['plant/a', 'plant/a/x', 'plant/a/y', 'plant/b', 'plant/c/deep/z']) {
      await put(path, { type: 'STRING', value: path });
    }
    const root = await read('/topics/tree');
    expect(root.statusCode, root.body).toBe(200);
    expect(root.json()).toMatchObject({
      parent: '',
      nodes: [{ name: 'plant', path: 'plant', type: null, descendants: 5, messages: 0 }],
      total: 1,
      hasMore: false,
    });

    const level = await read('/topics/tree', { parent: 'plant' });
    expect(level.json()).toEqual({
      parent: 'plant',
      nodes: [
        { name: 'a', path: 'plant/a', type: 'STRING', descendants: 2, messages: 0 },
        { name: 'b', path: 'plant/b', type: 'STRING', descendants: 0, messages: 0 },
        { name: 'c', path: 'plant/c', type: null, descendants: 1, messages: 0 },
      ],
      total: 3,
      hasMore: false,
    });

    const first = (await read('/topics/tree', { parent: 'plant', limit: 2 })).json() as {
      nodes: { name: string }[];
      hasMore: boolean;
      total: number;
    };
    expect(first.nodes.map((node) => node.name)).toEqual(['a', 'b']);
    expect(first).toMatchObject({ hasMore: true, total: 3 });
    const next = (await read('/topics/tree', { parent: 'plant', after: 'b' })).json() as {
      nodes: { name: string }[];
      hasMore: boolean;
    };
    expect(next.nodes.map((node) => node.name)).toEqual(['c']);
    expect(next.hasMore).toBe(false);
  });

  it('compresses a large level as the browser asks, the same JSON either way', async () => {
    const { app, team, row } = service;
    for (let start = 0; start < 60; start += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, offset) =>
          put(`wide/child-${String(start + offset).padStart(3, '0')}`, { type: 'INT64', value: 1 }),
        ),
      );
    }
    const url = topicUrl(row, '/topics/tree', { parent: 'wide' });
    const plain = await callAs(app, team.user, 'GET', url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    const level = plain.json() as { nodes: unknown[]; total: number };
    expect(level.nodes).toHaveLength(60);
    expect(level.total).toBe(60);
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const compressed = await app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${team.user.token}`, 'accept-encoding': encoding },
      });
      expect(compressed.statusCode).toBe(200);
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers.vary).toMatch(/Accept-Encoding/);
      expect(JSON.parse(decode(compressed.rawPayload).toString('utf8'))).toEqual(level);
    }
  });

  it('counts the topics a selector matches', async () => {
    for (const path of ['count/a', 'count/b', 'count/b/c']) {
      await put(path, { type: 'INT64', value: 1 });
    }
    const counts: Record<string, number> = {
      'count//': 3,
      'count/': 3,
      '?count/.*': 2,
      'count/b': 1,
      '#count/a////count/b/c': 2,
      'nothing//': 0,
    };
    for (const [selector, count] of Object.entries(counts)) {
      const response = await read('/topics/count', { selector });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json(), selector).toEqual({ count });
    }
  });

  it("answers a time series' events in sequence order, a page at a time", async () => {
    await put('series/load', {
      type: 'TIME_SERIES',
      properties: { TIME_SERIES_EVENT_VALUE_TYPE: 'INT64' },
    });
    for (const value of [10, 20, 30]) await put('series/load', { value });

    const all = await read('/topic/events', { path: 'series/load' });
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json() as {
      path: string;
      events: { sequence: number; timestamp: string; value: unknown }[];
      hasMore: boolean;
    };
    expect(body.path).toBe('series/load');
    expect(body.events.map((event) => event.value)).toEqual([10, 20, 30]);
    const sequences = body.events.map((event) => event.sequence);
    expect(sequences).toEqual([sequences[0], sequences[0]! + 1, sequences[0]! + 2]);
    expect(body.events.every((event) => !Number.isNaN(Date.parse(event.timestamp)))).toBe(true);

    const page = (
      await read('/topic/events', { path: 'series/load', after: sequences[0]!, limit: 1 })
    ).json() as { events: { value: unknown }[]; hasMore: boolean };
    expect(page.events.map((event) => event.value)).toEqual([20]);
    expect(page.hasMore).toBe(true);

    const latest = await read('/topic', { path: 'series/load' });
    expect(latest.json()).toMatchObject({ type: 'TIME_SERIES', value: 30 });
  });

  it('refuses events of a topic that is not a time series, naming the path', async () => {
    await put('series/plain', { type: 'STRING', value: 'x' });
    const response = await read('/topic/events', { path: 'series/plain' });
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response).issues?.[0]?.path).toBe('query.path');
    const missing = await read('/topic/events', { path: 'series/none' });
    expect(missing.statusCode).toBe(404);
  });
});
