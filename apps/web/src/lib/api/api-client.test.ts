import { defineRoute } from '@herald/contract/api/define-route';
import { GENERAL_MESSAGES } from '@herald/contract/messages';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse, mockFetch } from '../../testing/fetch-mock';
import { createApiClient, toQueryString } from './api-client';
import { ApiError } from './api-error';

const updateTopic = defineRoute({
  method: 'PUT',
  path: '/v3/service/{serviceId}/topics/{topicName}',
  summary: 'Update a topic (test route)',
  tags: ['test'],
  access: 'service',
  params: z.object({ serviceId: z.string(), topicName: z.string() }),
  query: z.object({
    dryRun: z.boolean().optional(),
    limit: z.number().optional(),
    tag: z.string().optional(),
  }),
  body: z.object({ label: z.string() }),
  responses: { 200: z.object({ id: z.string(), updatedAt: z.coerce.date() }) },
});

const getHealth = defineRoute({
  method: 'GET',
  path: '/v3/health',
  summary: 'Health (test route)',
  tags: ['test'],
  access: 'public',
  responses: { 200: z.object({ status: z.literal('ok'), database: z.literal('ok') }) },
});

const deleteThing = defineRoute({
  method: 'DELETE',
  path: '/v3/things/{id}',
  summary: 'Delete (test route)',
  tags: ['test'],
  access: 'user',
  params: z.object({ id: z.string() }),
  responses: { 204: z.undefined() },
});

const envelope = {
  code: 'VALIDATION_FAILED',
  message: 'Invalid request',
  requestId: 'req-42',
  issues: [{ path: 'body.label', message: 'Required' }],
};

describe('apiRequest', () => {
  it('sends the method, built path, defined query values, JSON body and headers of the route', async () => {
    const { fetch, requests } = mockFetch(() =>
      jsonResponse(200, { id: 't1', updatedAt: '2025-01-02T03:04:05Z' }),
    );
    const apiRequest = createApiClient({ fetch });

    await apiRequest(updateTopic, {
      params: { serviceId: 'svc 1', topicName: 'a/b' },
      query: { dryRun: true, limit: 10, tag: undefined },
      body: { label: 'Prices' },
    });

    expect(requests).toEqual([
      {
        url: '/v3/service/svc%201/topics/a%2Fb?dryRun=true&limit=10',
        method: 'PUT',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: '{"label":"Prices"}',
        credentials: 'same-origin',
      },
    ]);
  });

  it('sends no body and no content type when the route has no body', async () => {
    const { fetch, requests } = mockFetch(() =>
      jsonResponse(200, { status: 'ok', database: 'ok' }),
    );
    await createApiClient({ fetch })(getHealth);
    expect(requests[0]).toEqual({
      url: '/v3/health',
      method: 'GET',
      headers: { accept: 'application/json' },
      body: undefined,
      credentials: 'same-origin',
    });
  });

  it("returns the body parsed by the route's success schema", async () => {
    const { fetch } = mockFetch(() =>
      jsonResponse(200, { id: 't1', updatedAt: '2025-01-02T03:04:05Z', extra: 1 }),
    );
    const result = await createApiClient({ fetch })(updateTopic, {
      params: { serviceId: 's', topicName: 't' },
      body: { label: 'x' },
    });
    expect(result).toEqual({ id: 't1', updatedAt: new Date('2025-01-02T03:04:05Z') });
  });

  it('accepts an empty 204 answer', async () => {
    const { fetch } = mockFetch(() => new Response(null, { status: 204 }));
    await expect(
      createApiClient({ fetch })(deleteThing, { params: { id: '1' } }),
    ).resolves.toBeUndefined();
  });

  it('throws an ApiError carrying the error envelope', async () => {
    const { fetch } = mockFetch(() => jsonResponse(400, envelope));
    const error = await createApiClient({ fetch })(updateTopic, {
      params: { serviceId: 's1', topicName: 't1' },
      body: { label: '' },
    }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      serverMessage: 'Invalid request',
      requestId: 'req-42',
      issues: [{ path: 'body.label', message: 'Required' }],
      url: '/v3/service/s1/topics/t1',
      method: 'PUT',
      technicalMessage: 'PUT /v3/service/s1/topics/t1 failed with status 400: Invalid request',
      message: GENERAL_MESSAGES.apiCallFailure,
    });
  });

  it('reads the 503 of the health check as an ApiError with the server message', async () => {
    const { fetch } = mockFetch(() =>
      jsonResponse(503, {
        code: 'SERVICE_UNAVAILABLE',
        message: 'Database unavailable',
        requestId: 'r1',
      }),
    );
    await expect(createApiClient({ fetch })(getHealth)).rejects.toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      serverMessage: 'Database unavailable',
      technicalMessage: 'GET /v3/health failed with status 503: Database unavailable',
    });
  });

  it('uses the status text when a failure has no envelope', async () => {
    const { fetch } = mockFetch(
      () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(createApiClient({ fetch })(getHealth)).rejects.toMatchObject({
      status: 502,
      code: undefined,
      serverMessage: 'Bad Gateway',
    });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    const fetch = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await createApiClient({ fetch })(getHealth).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 0,
      url: '/v3/health',
      method: 'GET',
      technicalMessage: 'GET /v3/health failed with status 0: Network error (Failed to fetch)',
    });
  });

  it('passes an abort through unchanged so cancelled queries are not failures', async () => {
    const controller = new AbortController();
    controller.abort();
    const abortError = new DOMException('Aborted', 'AbortError');
    const fetch = vi.fn().mockRejectedValue(abortError);
    await expect(createApiClient({ fetch })(getHealth, { signal: controller.signal })).rejects.toBe(
      abortError,
    );
  });

  it('throws when a success body does not match the contract', async () => {
    const { fetch } = mockFetch(() => jsonResponse(200, { status: 'degraded' }));
    await expect(createApiClient({ fetch })(getHealth)).rejects.toMatchObject({
      status: 200,
      code: 'INVALID_RESPONSE',
    });
  });

  describe('on 401', () => {
    const unauthorized = () =>
      jsonResponse(401, { code: 'UNAUTHORIZED', message: 'Not signed in', requestId: 'r2' });

    it('reloads the page and still rejects', async () => {
      const reloadPage = vi.fn();
      const { fetch } = mockFetch(unauthorized);
      await expect(
        createApiClient({ fetch, reloadPage })(deleteThing, { params: { id: '1' } }),
      ).rejects.toMatchObject({
        status: 401,
      });
      expect(reloadPage).toHaveBeenCalledTimes(1);
    });

    it('does not reload for a public route, where 401 is an answer (e.g. a failed login)', async () => {
      const reloadPage = vi.fn();
      const { fetch } = mockFetch(unauthorized);
      await expect(createApiClient({ fetch, reloadPage })(getHealth)).rejects.toMatchObject({
        status: 401,
      });
      expect(reloadPage).not.toHaveBeenCalled();
    });

    it('does not reload when the caller opts out', async () => {
      const reloadPage = vi.fn();
      const { fetch } = mockFetch(unauthorized);
      await expect(
        createApiClient({ fetch, reloadPage })(deleteThing, {
          params: { id: '1' },
          reloadOnUnauthorized: false,
        }),
      ).rejects.toMatchObject({ status: 401 });
      expect(reloadPage).not.toHaveBeenCalled();
    });
  });
});

describe('apiRequest typing', () => {
  it('requires what the route requires and rejects what it does not define', async () => {
    const apiRequest = createApiClient({ fetch: mockFetch(() => jsonResponse(200, {})).fetch });
    // @ts-expect-error params and body are required by the route
    await apiRequest(updateTopic).catch(() => {});
    const params = { serviceId: 's', topicName: 't' };
    // @ts-expect-error the body must match the route's body schema
    await apiRequest(updateTopic, { params, body: { label: 1 } }).catch(() => {});
    // @ts-expect-error the health route takes no params
    await apiRequest(getHealth, { params: { id: 'x' } }).catch(() => {});
    const health: { status: 'ok'; database: 'ok' } = await apiRequest(getHealth).catch(() => ({
      status: 'ok' as const,
      database: 'ok' as const,
    }));
    expect(health.status).toBe('ok');
  });
});

describe('toQueryString', () => {
  it.each([
    { query: undefined, expected: '' },
    { query: {}, expected: '' },
    { query: { a: undefined, b: null }, expected: '' },
    { query: { a: 'x y', b: 0, c: false }, expected: '?a=x+y&b=0&c=false' },
    { query: { metrics: ['sessions', 'topics'] }, expected: '?metrics=sessions&metrics=topics' },
    {
      query: { from: new Date('2025-01-01T00:00:00Z') },
      expected: '?from=2025-01-01T00%3A00%3A00.000Z',
    },
  ])('turns $query into "$expected"', ({ query, expected }) => {
    expect(toQueryString(query)).toBe(expected);
  });
});
