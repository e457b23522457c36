import { Writable } from 'node:stream';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger';
import { createTestApp, testConfig } from '../testing/create-test-app';
import { createTestDatabase } from '../testing/test-database';
import type { TestDatabase } from '../testing/test-database';
import { requestLogLevel, SLOW_REQUEST_MS } from './request-logging';

describe('requestLogLevel', () => {
  it.each([
    [200, 3, 'debug'],
    [204, SLOW_REQUEST_MS, 'debug'],
    [404, 2, 'debug'],
    [429, 2, 'debug'],
    [200, SLOW_REQUEST_MS + 1, 'warn'],
    [401, 5000, 'warn'],
    [500, 1, 'error'],
    [503, 5000, 'error'],
  ])('status %i after %i ms is logged at %s', (status, ms, level) => {
    expect(requestLogLevel(status, ms)).toBe(level);
  });
});

const testRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v3/test/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, SLOW_REQUEST_MS + 100));
    return { ok: true };
  });
  app.get('/v3/test/boom', async () => {
    throw new Error('kaboom');
  });
};

/** An app whose log lines (pino JSON) the test reads. */
async function appLoggingAt(
  database: TestDatabase,
  level: string,
): Promise<{ app: FastifyInstance; records: () => Array<Record<string, unknown>> }> {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  const app = await createTestApp({
    db: database,
    logger: createLogger(testConfig({ LOG_LEVEL: level }), destination),
    plugins: [testRoutes],
  });
  const records = () =>
    lines
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { app, records };
}

describe('request logging (issue 9)', () => {
  let database: TestDatabase;
  let atInfo: Awaited<ReturnType<typeof appLoggingAt>>;
  let atDebug: Awaited<ReturnType<typeof appLoggingAt>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    atInfo = await appLoggingAt(database, 'info');
    atDebug = await appLoggingAt(database, 'debug');
  });

  afterAll(async () => {
    await atInfo?.app.close();
    await atDebug?.app.close();
    await database?.close();
  });

  const recordsOf = (logged: Awaited<ReturnType<typeof appLoggingAt>>, requestId: unknown) =>
    logged.records().filter((record) => record.requestId === requestId);

  it('writes nothing at info for an ordinary request', async () => {
    const response = await atInfo.app.inject({ method: 'GET', url: '/v3/health' });
    expect(response.statusCode).toBe(200);
    const unknown = await atInfo.app.inject({ method: 'GET', url: '/v3/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(recordsOf(atInfo, response.headers['x-request-id'])).toEqual([]);
    expect(recordsOf(atInfo, unknown.headers['x-request-id'])).toEqual([]);
  });

  it('writes one debug record per request at debug, with the request id, status and time', async () => {
    const response = await atDebug.app.inject({
      method: 'GET',
      url: '/v3/auth/verify-email?token=mailed-secret',
    });
    const records = recordsOf(atDebug, response.headers['x-request-id']);
    expect(records).toEqual([
      expect.objectContaining({
        level: 20,
        msg: 'request completed',
        statusCode: response.statusCode,
        responseTime: expect.any(Number),
        req: expect.objectContaining({
          method: 'GET',
          url: '/v3/auth/verify-email?token=%5BRedacted%5D',
        }),
      }),
    ]);
  });

  it('keeps failures at error with the request id', async () => {
    const response = await atInfo.app.inject({ method: 'GET', url: '/v3/test/boom' });
    expect(response.statusCode).toBe(500);
    const completed = recordsOf(atInfo, response.headers['x-request-id']).find(
      (record) => record.msg === 'request completed',
    );
    expect(completed).toMatchObject({
      level: 50,
      statusCode: 500,
      req: { method: 'GET', url: '/v3/test/boom' },
    });
  });

  it('keeps slow requests (over 1 s) at warn with the request id', async () => {
    const response = await atInfo.app.inject({ method: 'GET', url: '/v3/test/slow' });
    expect(response.statusCode).toBe(200);
    expect(recordsOf(atInfo, response.headers['x-request-id'])).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'request completed',
        statusCode: 200,
        responseTime: expect.any(Number),
      }),
    ]);
  });
});
