import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/create-test-app';
import { createTestDatabase } from '../testing/test-database';
import type { TestDatabase } from '../testing/test-database';
import { JSON_COMPRESSION_THRESHOLD_BYTES } from './compress-json';

const LARGE = {
  items: Array.from({ length: 100 }, (_, index) => ({ id: index, name: `item ${index}` })),
};
const EVENTS = 'event: status\ndata: {"status":"RUNNING"}\n\n'.repeat(100);

/** Throwaway routes next to the real ones: a large JSON answer and two event streams. */
const testRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v3/test-compression/large', async () => LARGE);
  app.get('/v3/test-compression/events-text', async (_request, reply) =>
    reply.type('text/event-stream').send(EVENTS),
  );
  app.get('/v3/test-compression/events-stream', async (_request, reply) =>
    reply.type('text/event-stream').send(Readable.from([EVENTS])),
  );
};

describe('JSON compression', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp({ db: database, plugins: [testRoutes] });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('compresses a JSON answer above the threshold with brotli when accepted', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/v3/test-compression/large',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(JSON.stringify(LARGE).length).toBeGreaterThan(JSON_COMPRESSION_THRESHOLD_BYTES);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
    expect(JSON.parse(zlib.brotliDecompressSync(response.rawPayload).toString())).toEqual(LARGE);
  });

  it('compresses with gzip when brotli is not accepted', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/v3/test-compression/large',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(response.rawPayload).toString())).toEqual(LARGE);
  });

  it('sends JSON as it is when no compression is accepted, still saying it varies', async () => {
    const response = await app.inject({ method: 'GET', url: '/v3/test-compression/large' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.json()).toEqual(LARGE);
  });

  it('compresses the real OpenAPI document', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/v3/openapi.json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    const document = JSON.parse(zlib.brotliDecompressSync(response.rawPayload).toString());
    expect(document.paths).toHaveProperty(['/v3/health']);
  });

  it('leaves a small JSON answer uncompressed', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/v3/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(JSON_COMPRESSION_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toHaveProperty('status');
  });

  it.each(['/v3/test-compression/events-text', '/v3/test-compression/events-stream'])(
    'never compresses an event stream (%s), so no event waits in a compressor',
    async (url) => {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(EVENTS);
    },
  );
});
