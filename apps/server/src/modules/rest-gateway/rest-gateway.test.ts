import { buildPath } from '@herald/contract/api/define-route';
import { ERROR_CODES } from '@herald/contract/api/errors';
import { routes } from '@herald/contract/api/routes';
import {
  REST_ADAPTER_MESSAGES,
  REST_NOT_FOUND_MESSAGES,
} from '@herald/contract/rest-adapters/rest-adapter-rules';
import type { RestApi } from '@herald/contract/rest-adapters/rest-api.schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { restAdapter, restApi, restEndpoint, service } from '../../db/schema';
import { captureLogs } from '../../testing/create-test-app';
import { insertTestService, stubProvisioner } from '../../testing/test-services';
import { useTestApp } from '../../testing/use-test-app';
import { callAs, createTestMember, createTestTeam } from '../../testing/test-workspaces';
import type { TestMember } from '../../testing/test-workspaces';

const SECRET = 'rest-secret-password';
const API = {
  label: 'Prices',
  headers: [{ name: 'X-Client', value: 'herald' }],
  baseUrl: 'https://prices.example.com/v1',
  baseTopicPath: 'prices',
  authentication: { type: 'basic', username: 'alice', password: SECRET },
  queryParameters: [{ name: 'key', value: 'k-123' }],
};

describe('REST adapter calls', () => {
  let app: FastifyInstance;
  let reconciled: string[];
  let team: Awaited<ReturnType<typeof createTestTeam>>;
  const { logger, records } = captureLogs();
  useTestApp(
    (ready) => {
      ({ app } = ready);
      ({ reconciled } = stubProvisioner(app));
    },
    { logger },
  );
  beforeAll(async () => {
    team = await createTestTeam(app, 'REST');
  });

  const serviceOf = async (heraldVersion = '6.10') =>
    (await insertTestService(app, team.workspaceId, { heraldVersion })).row.id;

  const call = (
    who: TestMember,
    route: { method: string; path: string },
    params: Record<string, string>,
    body?: unknown,
  ) => callAs(app, who, route.method as 'GET', buildPath(route.path, params), body);

  async function createApi(serviceId: string, body: unknown = API): Promise<RestApi> {
    const response = await call(team.user, routes.createRestApi, { serviceId }, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as RestApi;
  }

  const adapterRow = async (serviceId: string) =>
    (await app.db.select().from(restAdapter).where(eq(restAdapter.serviceId, serviceId)))[0];

  async function list(serviceId: string): Promise<RestApi[]> {
    const response = await call(team.user, routes.listRestApis, { serviceId });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as RestApi[];
  }

  it('adds an API with its first endpoints, creating the service’s adapter at the newest version it admits', async () => {
    const serviceId = await serviceOf();
    expect(await adapterRow(serviceId)).toBeUndefined();
    const api = await createApi(serviceId, {
      ...API,
      endpoints: [
        { path: '/eur', topicPath: 'euro', pollIntervalMs: 5000, valuePointer: '$.data.price' },
        { path: '/usd' },
      ],
    });
    expect(api).toEqual({
      id: expect.any(String),
      label: 'Prices',
      headers: [{ name: 'X-Client', value: 'herald' }],
      baseUrl: 'https://prices.example.com/v1',
      baseTopicPath: 'prices',
      authentication: { type: 'basic', username: 'alice' },
      queryParameters: [{ name: 'key', value: 'k-123' }],
      endpoints: [
        {
          id: expect.any(String),
          path: '/eur',
          topicPath: 'euro',
          pollIntervalMs: 5000,
          valuePointer: '$.data.price',
        },
        {
          id: expect.any(String),
          path: '/usd',
          topicPath: null,
          pollIntervalMs: 60_000,
          valuePointer: null,
        },
      ],
    });
    expect(await list(serviceId)).toEqual([api]);
    const adapter = await adapterRow(serviceId);
    expect(adapter).toMatchObject({ version: '1.0', active: true, restartGeneration: 1 });
    expect(reconciled).toContain(serviceId);

    // A second API is another of the same adapter, whose process restarts with it.
    await createApi(serviceId, { label: 'Weather', baseUrl: 'http://weather.example.com' });
    expect((await list(serviceId)).map((item) => item.label)).toEqual(['Prices', 'Weather']);
    expect(await adapterRow(serviceId)).toMatchObject({ id: adapter!.id, restartGeneration: 2 });

    const audit = await call(team.owner, routes.listAuditLog, { workspaceId: team.workspaceId });
    const entries = (audit.json() as { entries: { action: string; details: unknown }[] }).entries;
    expect(entries).toContainEqual(
      expect.objectContaining({
        action: 'service.rest_adapter_saved',
        details: expect.objectContaining({ adapterId: adapter!.id, created: true, version: '1.0' }),
      }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({
        action: 'service.rest_adapter_configured',
        details: expect.objectContaining({ part: 'api', name: 'Prices', change: 'added' }),
      }),
    );
    // Write-only: the secret is in no answer, no audit entry and no log line; sealed at rest.
    expect(JSON.stringify(entries)).not.toContain(SECRET);
    expect(records.length).toBeGreaterThan(0);
    expect(JSON.stringify(records)).not.toContain(SECRET);
    const [stored] = await app.db.select().from(restApi).where(eq(restApi.id, api.id));
    expect(JSON.stringify(stored)).not.toContain(SECRET);
    expect(app.secretBox.decrypt(stored!.secretEncrypted!)).toBe(SECRET);
  });

  it('names the field of a bad body', async () => {
    const serviceId = await serviceOf();
    for (const [body, path] of [
      [{ ...API, baseUrl: 'ftp://prices.example.com' }, 'body.baseUrl'],
      [{ ...API, label: '' }, 'body.label'],
      [{ ...API, headers: [{ name: '', value: 'x' }] }, 'body.headers.0.name'],
      [{ ...API, baseTopicPath: 'prices/#' }, 'body.baseTopicPath'],
      [{ ...API, endpoints: [{ path: 'no-slash' }] }, 'body.endpoints.0.path'],
      [{ ...API, endpoints: [{ path: '/a', topicPath: 'a/+' }] }, 'body.endpoints.0.topicPath'],
      [
        { ...API, endpoints: [{ path: '/a', valuePointer: 'data' }] },
        'body.endpoints.0.valuePointer',
      ],
      [
        { ...API, endpoints: [{ path: '/a', pollIntervalMs: 10 }] },
        'body.endpoints.0.pollIntervalMs',
      ],
      [
        { ...API, authentication: { type: 'basic', username: 'alice' } },
        'body.authentication.password',
      ],
      [{ ...API, authentication: { type: 'bearer' } }, 'body.authentication.token'],
    ] as const) {
      const response = await call(team.user, routes.createRestApi, { serviceId }, body);
      expect(response.statusCode, path).toBe(400);
      expect(response.json(), path).toMatchObject({ code: ERROR_CODES.validation });
      expect(response.json().issues, path).toContainEqual(expect.objectContaining({ path }));
    }
    // Nothing was written, not even the adapter.
    expect(await list(serviceId)).toEqual([]);
    expect(await adapterRow(serviceId)).toBeUndefined();
  });

  it('replaces an API’s settings keeping its endpoints and its secret when none is sent', async () => {
    const serviceId = await serviceOf();
    const api = await createApi(serviceId, { ...API, endpoints: [{ path: '/eur' }] });
    const secretOf = async () => {
      const [row] = await app.db.select().from(restApi).where(eq(restApi.id, api.id));
      return row!.secretEncrypted === null ? null : app.secretBox.decrypt(row!.secretEncrypted);
    };
    const update = (body: unknown) =>
      call(team.user, routes.updateRestApi, { serviceId, apiId: api.id }, body);

    let response = await update({
      ...API,
      label: 'Rates',
      authentication: { type: 'basic', username: 'bob' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: api.id,
      label: 'Rates',
      authentication: { type: 'basic', username: 'bob' },
      endpoints: api.endpoints,
    });
    expect(JSON.stringify(response.json())).not.toContain(SECRET);
    expect(await secretOf()).toBe(SECRET);
    expect((await adapterRow(serviceId))!.restartGeneration).toBe(2);

    // A type change needs its own secret: the field is named, nothing changes.
    response = await update({ ...API, authentication: { type: 'bearer' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: ERROR_CODES.validation,
      message: REST_ADAPTER_MESSAGES.secretRequired('token'),
      issues: [
        {
          path: 'body.authentication.token',
          message: REST_ADAPTER_MESSAGES.secretRequired('token'),
        },
      ],
    });
    expect(await secretOf()).toBe(SECRET);
    expect((await adapterRow(serviceId))!.restartGeneration).toBe(2);

    response = await update({ ...API, authentication: { type: 'bearer', token: 'tok-2' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().authentication).toEqual({ type: 'bearer' });
    expect(await secretOf()).toBe('tok-2');

    response = await update({ ...API, authentication: { type: 'none' } });
    expect(response.json().authentication).toEqual({ type: 'none' });
    expect(await secretOf()).toBeNull();
  });

  it('adds, replaces and deletes endpoints, each change restarting the adapter; deletes an API with them', async () => {
    const serviceId = await serviceOf();
    const api = await createApi(serviceId);
    const generation = async () => (await adapterRow(serviceId))!.restartGeneration;
    expect(await generation()).toBe(1);

    let response = await call(
      team.user,
      routes.createRestEndpoint,
      { serviceId, apiId: api.id },
      { path: '/eur', pollIntervalMs: 2000 },
    );
    expect(response.statusCode, response.body).toBe(201);
    const endpoint = response.json() as { id: string };
    expect(endpoint).toEqual({
      id: expect.any(String),
      path: '/eur',
      topicPath: null,
      pollIntervalMs: 2000,
      valuePointer: null,
    });
    expect(await generation()).toBe(2);

    response = await call(
      team.user,
      routes.updateRestEndpoint,
      { serviceId, apiId: api.id, endpointId: endpoint.id },
      { path: '/eur?fresh=1', topicPath: 'euro', valuePointer: '$.items[0]' },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      id: endpoint.id,
      path: '/eur?fresh=1',
      topicPath: 'euro',
      pollIntervalMs: 60_000,
      valuePointer: '$.items[0]',
    });
    expect(await generation()).toBe(3);
    expect((await list(serviceId))[0]!.endpoints).toEqual([response.json()]);

    response = await call(
      team.user,
      routes.updateRestEndpoint,
      { serviceId, apiId: api.id, endpointId: endpoint.id },
      { path: '/eur', topicPath: '/euro' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual(
      expect.objectContaining({ path: 'body.topicPath' }),
    );

    response = await call(team.user, routes.deleteRestEndpoint, {
      serviceId,
      apiId: api.id,
      endpointId: endpoint.id,
    });
    expect(response.statusCode).toBe(204);
    expect((await list(serviceId))[0]!.endpoints).toEqual([]);
    expect(await generation()).toBe(4);

    await call(team.user, routes.createRestEndpoint, { serviceId, apiId: api.id }, { path: '/a' });
    response = await call(team.user, routes.deleteRestApi, { serviceId, apiId: api.id });
    expect(response.statusCode).toBe(204);
    expect(await list(serviceId)).toEqual([]);
    expect(await app.db.select().from(restEndpoint).where(eq(restEndpoint.apiId, api.id))).toEqual(
      [],
    );
    expect(await generation()).toBe(6);
  });

  it('answers 404 in words for an unknown API or endpoint, and one of another service or API', async () => {
    const serviceId = await serviceOf();
    const api = await createApi(serviceId, { ...API, endpoints: [{ path: '/eur' }] });
    const other = await createApi(serviceId, {
      label: 'Other',
      baseUrl: 'https://other.example.com',
    });
    const elsewhere = await serviceOf();
    const endpointId = api.endpoints[0]!.id;
    for (const [route, params, body, message] of [
      [routes.updateRestApi, { serviceId, apiId: 'nope' }, API, REST_NOT_FOUND_MESSAGES.api],
      [
        routes.deleteRestApi,
        { serviceId: elsewhere, apiId: api.id },
        undefined,
        REST_NOT_FOUND_MESSAGES.api,
      ],
      [
        routes.createRestEndpoint,
        { serviceId, apiId: 'nope' },
        { path: '/a' },
        REST_NOT_FOUND_MESSAGES.api,
      ],
      [
        routes.updateRestEndpoint,
        { serviceId, apiId: other.id, endpointId },
        { path: '/a' },
        REST_NOT_FOUND_MESSAGES.endpoint,
      ],
      [
        routes.deleteRestEndpoint,
        { serviceId, apiId: api.id, endpointId: 'nope' },
        undefined,
        REST_NOT_FOUND_MESSAGES.endpoint,
      ],
      [
        routes.pollRestEndpoint,
        { serviceId, apiId: api.id, endpointId: 'nope' },
        undefined,
        REST_NOT_FOUND_MESSAGES.endpoint,
      ],
      [
        routes.previewRestEndpoint,
        { serviceId, apiId: 'nope' },
        { path: '/a' },
        REST_NOT_FOUND_MESSAGES.api,
      ],
    ] as const) {
      const response = await call(team.user, route, params, body);
      expect(response.statusCode, route.path).toBe(404);
      expect(response.json(), route.path).toMatchObject({ code: ERROR_CODES.notFound, message });
    }
    expect((await list(serviceId))[0]!.endpoints).toHaveLength(1);
  });

  it('refuses a member of another workspace (404) and an unverified account (403)', async () => {
    const serviceId = await serviceOf();
    const api = await createApi(serviceId);
    const stranger = await createTestMember(app);
    for (const [route, params, body] of [
      [routes.listRestApis, { serviceId }, undefined],
      [routes.createRestApi, { serviceId }, API],
      [routes.deleteRestApi, { serviceId, apiId: api.id }, undefined],
      [routes.upsertRestAdapterService, { serviceId }, { active: false }],
      [routes.getRestAdapterState, { serviceId }, undefined],
    ] as const) {
      expect((await call(stranger, route, params, body)).statusCode, route.path).toBe(404);
    }
    const unverified = await createTestMember(app, { emailVerified: false });
    const response = await call(unverified, routes.listRestApis, { serviceId });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: ERROR_CODES.emailNotVerified });
    expect(await list(serviceId)).toHaveLength(1);
    expect((await adapterRow(serviceId))!.active).toBe(true);
  });

  it('creates the adapter or changes its version and activation through upsert-service (section 5 versions)', async () => {
    const serviceId = await serviceOf();
    const upsert = (body: unknown) =>
      call(team.user, routes.upsertRestAdapterService, { serviceId }, body);

    let response = await upsert({});
    expect(response.statusCode, response.body).toBe(200);
    const adapterId = (response.json() as { adapterId: string }).adapterId;
    expect(response.json()).toEqual({
      adapterId,
      type: 'rest-gateway',
      version: '1.0',
      active: true,
    });
    expect(reconciled).toContain(serviceId);

    response = await upsert({ active: false });
    expect(response.json()).toEqual({
      adapterId,
      type: 'rest-gateway',
      version: '1.0',
      active: false,
    });
    // Deactivated: the state says so in words, and a poll is refused with them.
    const state = await call(team.user, routes.getRestAdapterState, { serviceId });
    expect(state.json()).toEqual({
      adapter: { adapterId, type: 'rest-gateway', version: '1.0', active: false },
      running: false,
      status: 'SUSPENDED',
      endpoints: [],
    });

    response = await upsert({ version: '9.9' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: REST_ADAPTER_MESSAGES.versionNotOffered('9.9', '6.10'),
      issues: [{ path: 'body.version' }],
    });
    response = await upsert({ version: '1.0', active: true });
    expect(response.json()).toMatchObject({ adapterId, active: true });
    // Still one adapter for the service.
    expect(
      await app.db.select().from(restAdapter).where(eq(restAdapter.serviceId, serviceId)),
    ).toHaveLength(1);

    // A service older than every rest-gateway version (6.8+) gets none, by either call.
    const old = await serviceOf('6.7');
    response = await call(team.user, routes.upsertRestAdapterService, { serviceId: old }, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: REST_ADAPTER_MESSAGES.noVersionForService('6.7'),
    });
    response = await call(team.user, routes.createRestApi, { serviceId: old }, API);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual(
      expect.objectContaining({ path: 'body.version' }),
    );
    expect(await adapterRow(old)).toBeUndefined();
  });

  it('answers the state without an adapter, and refuses poll and preview in words while it does not run', async () => {
    const serviceId = await serviceOf();
    let response = await call(team.user, routes.getRestAdapterState, { serviceId });
    expect(response.json()).toEqual({
      adapter: null,
      running: false,
      status: 'STOPPED',
      endpoints: [],
    });

    const api = await createApi(serviceId, { ...API, endpoints: [{ path: '/eur' }] });
    response = await call(team.user, routes.getRestAdapterState, { serviceId });
    expect(response.json()).toMatchObject({ running: false, status: 'CHECKING', endpoints: [] });
    response = await call(team.user, routes.pollRestEndpoint, {
      serviceId,
      apiId: api.id,
      endpointId: api.endpoints[0]!.id,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: ERROR_CODES.conflict,
      message: 'The REST adapter is not running (status CHECKING): try again when it is.',
    });
    response = await call(
      team.user,
      routes.previewRestEndpoint,
      { serviceId, apiId: api.id },
      { path: '/usd', valuePointer: '$.x' },
    );
    expect(response.statusCode).toBe(409);
    response = await call(
      team.user,
      routes.previewRestEndpoint,
      { serviceId, apiId: api.id },
      { path: '/usd', valuePointer: 'x' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual(
      expect.objectContaining({ path: 'body.valuePointer' }),
    );
  });

  it('deletes the service’s adapter, APIs and endpoints with the service', async () => {
    const serviceId = await serviceOf();
    const api = await createApi(serviceId, { ...API, endpoints: [{ path: '/eur' }] });
    await app.db.delete(service).where(eq(service.id, serviceId));
    expect(await adapterRow(serviceId)).toBeUndefined();
    expect(await app.db.select().from(restApi).where(eq(restApi.id, api.id))).toEqual([]);
    expect(await app.db.select().from(restEndpoint).where(eq(restEndpoint.apiId, api.id))).toEqual(
      [],
    );
  });

  it('lists the calls in /v3/openapi.json', async () => {
    const response = await app.inject({ method: 'GET', url: '/v3/openapi.json' });
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    for (const route of [
      routes.listRestApis,
      routes.updateRestApi,
      routes.updateRestEndpoint,
      routes.upsertRestAdapterService,
      routes.getRestAdapterState,
      routes.pollRestEndpoint,
      routes.previewRestEndpoint,
    ]) {
      expect(paths).toContain(route.path);
    }
  });
});
