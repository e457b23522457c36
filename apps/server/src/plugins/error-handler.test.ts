import { INTERNAL_ERROR_MESSAGE } from '@herald/contract/api/errors';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../lib/http-error';
import { captureLogs, createTestApp } from '../testing/create-test-app';
import { createTestDatabase } from '../testing/test-database';
import type { TestDatabase } from '../testing/test-database';
import { registerRoute } from './route-registry';

const createThing = {
  method: 'POST',
  path: '/v3/test/things/{thingId}',
  summary: 'A throwaway route to exercise validation',
  tags: ['test'],
  access: 'public',
  params: z.object({ thingId: z.string().regex(/^\d+$/) }),
  query: z.object({ dryRun: z.enum(['true', 'false']).optional() }),
  body: z.object({ name: z.string().min(1), size: z.number().int().positive() }),
  responses: { 201: z.object({ id: z.string(), name: z.string() }) },
} as const;

describe('error envelope', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const logs = captureLogs();

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp({
      db: database,
      logger: logs.logger,
      plugins: [
        async (testApp) => {
          registerRoute(
            testApp,
            createThing,
            async (request, reply) =>
              reply.code(201).send({ id: request.params.thingId, name: request.body.name }),
            { operationId: 'createThing' },
          );
          testApp.get('/v3/test/conflict', async () => {
            throw new HttpError(409, 'CONFLICT', 'A thing with this name already exists');
          });
          testApp.get('/v3/test/crash', async () => {
            throw new Error('secret internal detail: connection string postgres://x');
          });
          testApp.get(
            '/v3/test/bad-response',
            { schema: { response: { 200: z.object({ n: z.number() }) } } },
            async () => ({
              n: 'not a number',
            }),
          );
        },
      ],
    });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  function postThing(
    payload: string,
    headers: Record<string, string> = { 'content-type': 'application/json' },
  ) {
    return app.inject({ method: 'POST', url: '/v3/test/things/42', payload, headers });
  }

  it('passes valid input through to the handler', async () => {
    const response = await postThing(JSON.stringify({ name: 'a', size: 1 }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: '42', name: 'a' });
  });

  it('answers invalid input with 400 VALIDATION_FAILED, issues per field and a message naming them', async () => {
    const response = await postThing(JSON.stringify({ name: '', size: -1 }));

    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({
      code: 'VALIDATION_FAILED',
      requestId: response.headers['x-request-id'],
    });
    expect(body.issues).toEqual([
      { path: 'body.name', message: expect.stringMatching(/^Too small/) },
      { path: 'body.size', message: expect.stringMatching(/^Too small/) },
    ]);
    expect(body.message).toMatch(
      /^Invalid request: body\.name: Too small.*; body\.size: Too small/,
    );
  });

  it('names query and path parameters by where they came from', async () => {
    const query = await app.inject({
      method: 'POST',
      url: '/v3/test/things/42?dryRun=maybe',
      payload: { name: 'a', size: 1 },
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().issues).toEqual([{ path: 'query.dryRun', message: expect.any(String) }]);

    const params = await app.inject({
      method: 'POST',
      url: '/v3/test/things/abc',
      payload: { name: 'a', size: 1 },
    });
    expect(params.statusCode).toBe(400);
    expect(params.json().issues).toEqual([{ path: 'params.thingId', message: expect.any(String) }]);
  });

  it('answers malformed JSON with 400 BAD_REQUEST and a clear message', async () => {
    const response = await postThing('{"name": "a",');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'Invalid request: the body is not valid JSON.',
      requestId: response.headers['x-request-id'],
    });
  });

  it('answers a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await postThing(
      JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 1), size: 1 }),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is too large.',
    });
  });

  it('answers an unsupported content type with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const response = await postThing('name=a', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it.each([
    ['an overlong UTF-8 sequence', '/v3/service/%C0%AE/check'],
    ['an encoded lone surrogate', '/v3/service/%ED%A0%80/check'],
    ['a truncated escape', '/v3/test/things/%E2%82'],
  ])(
    'answers a malformed percent-encoding in the path (%s) with 400 in the envelope',
    async (_name, url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        code: 'BAD_REQUEST',
        message:
          'Invalid request: the URL is not valid (a percent-encoded part does not decode to UTF-8 text).',
        requestId: response.headers['x-request-id'],
      });
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );

  it('answers an empty body sent as JSON with 400 BAD_REQUEST and a clear message', async () => {
    const response = await postThing('');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'BAD_REQUEST',
      message: "Invalid request: the body is empty but the content type is 'application/json'.",
      requestId: response.headers['x-request-id'],
    });
  });

  it('answers a body whose size differs from Content-Length with 400 in the envelope', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v3/test/things/42',
      headers: { 'content-type': 'application/json', 'content-length': '5' },
      payload: '{"name":"a","size":1}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'Invalid request: the body size does not match Content-Length.',
      requestId: response.headers['x-request-id'],
    });
  });

  it.each([
    ['GET', '/v3/xyz'],
    ['POST', '/v3/health'],
    ['GET', '/ofrep/v1/nothing'],
    ['DELETE', '/_dev/mail'],
  ])('answers an unknown API route (%s %s) with a JSON 404, never the SPA', async (method, url) => {
    const response = await app.inject({
      method: method as 'GET',
      url: `${url}?q=1`,
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      code: 'NOT_FOUND',
      message: `Route ${method} ${url} not found`,
      requestId: response.headers['x-request-id'],
    });
  });

  it('answers a thrown HttpError with its status, code and message', async () => {
    const response = await app.inject({ method: 'GET', url: '/v3/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'CONFLICT',
      message: 'A thing with this name already exists',
      requestId: response.headers['x-request-id'],
    });
  });

  it('answers an unexpected error with a generic 500 and logs the error under the request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/v3/test/crash' });

    expect(response.statusCode).toBe(500);
    const requestId = response.headers['x-request-id'];
    expect(response.json()).toEqual({
      code: 'INTERNAL_ERROR',
      message: INTERNAL_ERROR_MESSAGE,
      requestId,
    });
    expect(response.body).not.toContain('secret internal detail');

    const record = logs.records.find(
      (entry) => entry.level === 50 && entry.requestId === requestId,
    );
    expect(record).toMatchObject({ method: 'GET', url: '/v3/test/crash' });
    expect(record?.err).toMatchObject({
      message: 'secret internal detail: connection string postgres://x',
    });
    expect((record?.err as { stack: string }).stack).toContain('error-handler.test.ts');
  });

  it('treats a response that breaks its own schema as an internal error', async () => {
    const response = await app.inject({ method: 'GET', url: '/v3/test/bad-response' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({
      code: 'INTERNAL_ERROR',
      message: INTERNAL_ERROR_MESSAGE,
    });
  });

  it('generates a new request id per request and ignores one sent by the client', async () => {
    const first = await app.inject({
      method: 'GET',
      url: '/v3/xyz',
      headers: { 'x-request-id': 'forged' },
    });
    const second = await app.inject({ method: 'GET', url: '/v3/xyz' });
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(first.headers['x-request-id']).toMatch(uuid);
    expect(second.headers['x-request-id']).toMatch(uuid);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });
});
