import { buildPath } from '@herald/contract/api/define-route';
import { routes } from '@herald/contract/api/routes';
import { logsSchema, logSourcesSchema } from '@herald/contract/logs/logs.schema';
import type { Logs } from '@herald/contract/logs/logs.schema';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LogLine, LogStream } from '../../adapters/log-store/log-store';
import { insertTestService } from '../../testing/test-services';
import { callAs, createTestMember, createTestTeam } from '../../testing/test-workspaces';
import type { TestMember } from '../../testing/test-workspaces';
import { useTestApp } from '../../testing/use-test-app';

const BASE = Date.UTC(2026, 10, 20, 10, 0, 0);

describe('logs routes', () => {
  let app: FastifyInstance;
  let team: Awaited<ReturnType<typeof createTestTeam>>;
  let stranger: TestMember;
  let serviceId: string;
  let serviceName: string;
  useTestApp((ready) => {
    app = ready.app;
  });

  function line(stream: LogStream, index: number, overrides: Partial<LogLine> = {}): LogLine {
    return {
      serviceId,
      stream,
      at: new Date(BASE + index * 1000),
      level: 'info',
      message: `${stream.kind} ${index}`,
      fields: null,
      ...overrides,
    };
  }

  beforeAll(async () => {
    team = await createTestTeam(app);
    stranger = await createTestMember(app);
    const { row } = await insertTestService(app, team.workspaceId);
    serviceId = row.id;
    serviceName = row.serviceName;
    await app.logStore.append([
      line({ kind: 'event' }, 1, { message: 'The service is running' }),
      ...Array.from({ length: 5 }, (_, index) =>
        line({ kind: 'service' }, index, { level: index % 2 === 0 ? 'info' : 'warn' }),
      ),
      line({ kind: 'kafka-adapter', adapterId: 'orders' }, 7, { fields: { topic: 'orders/1' } }),
      line({ kind: 'rest-adapter' }, 8),
    ]);
  });

  function get(who: TestMember | undefined, url: string) {
    return callAs(app, who, 'GET', url);
  }

  const cases = [
    [
      'event',
      routes.getEventLogs,
      {},
      'herald-control-plane',
      'events',
      ['The service is running'],
    ],
    [
      'service',
      routes.getServiceLogs,
      {},
      'herald',
      'runtime',
      ['service 4', 'service 3', 'service 2', 'service 1', 'service 0'],
    ],
    [
      'Kafka adapter',
      routes.getKafkaAdapterLogs,
      { adapterId: 'orders' },
      'herald-kafka-adapter',
      'kafka-adapter-orders',
      ['kafka-adapter 7'],
    ],
    [
      'REST adapter',
      routes.getRestAdapterLogs,
      {},
      'herald-rest-adapter',
      'rest-adapter',
      ['rest-adapter 8'],
    ],
  ] as const;

  it.each(cases)(
    'answers the %s log, with its metadata',
    async (_name, route, params, appName, container, messages) => {
      const url = buildPath(route.path, { serviceId, ...params });
      const readers =
        route === routes.getEventLogs
          ? [team.user, team.admin, team.owner]
          : [team.admin, team.owner];
      for (const member of readers) {
        const response = await get(member, url);
        expect(response.statusCode, response.body).toBe(200);
        const body = logsSchema.parse(response.json());
        expect(body.logDetails.map((entry) => entry.message)).toEqual(messages);
        expect(body.metadata).toEqual({
          namespace: 'herald-services',
          pod: `${serviceName}-0`,
          app: appName,
          container,
          hasMoreLogs: false,
          cursor: null,
        });
      }
    },
  );

  it("refuses a User the runtime's and adapters' logs (they name clients and refusals), not the event log", async () => {
    for (const [, route, params] of cases.slice(1)) {
      const response = await get(team.user, buildPath(route.path, { serviceId, ...params }));
      expect(response.statusCode).toBe(403);
    }
    const sources = await get(team.user, buildPath(routes.getLogSources.path, { serviceId }));
    expect(sources.statusCode).toBe(403);
  });

  it('answers the log sources', async () => {
    const response = await get(team.admin, buildPath(routes.getLogSources.path, { serviceId }));
    expect(response.statusCode, response.body).toBe(200);
    expect(logSourcesSchema.parse(response.json())).toEqual({
      kafkaAdapters: [{ adapterId: 'orders', lastLogAt: BASE + 7000 }],
      restAdapter: { lastLogAt: BASE + 8000 },
    });
  });

  it.each(cases)(
    'answers 404 to a user of another workspace (%s log)',
    async (_name, route, params) => {
      const response = await get(stranger, buildPath(route.path, { serviceId, ...params }));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    },
  );

  it('answers 404 to a user of another workspace (sources)', async () => {
    const response = await get(stranger, buildPath(routes.getLogSources.path, { serviceId }));
    expect(response.statusCode).toBe(404);
  });

  it('loads the next page with the cursor from the metadata', async () => {
    const url = buildPath(routes.getServiceLogs.path, { serviceId });
    const first = await get(team.admin, `${url}?limit=2`);
    const firstBody = first.json() as Logs;
    expect(firstBody.logDetails.map((entry) => entry.message)).toEqual(['service 4', 'service 3']);
    expect(firstBody.metadata.hasMoreLogs).toBe(true);
    const messages = firstBody.logDetails.map((entry) => entry.message);
    let cursor = firstBody.metadata.cursor;
    while (cursor !== null) {
      const next = await get(team.admin, `${url}?limit=2&cursor=${encodeURIComponent(cursor)}`);
      expect(next.statusCode, next.body).toBe(200);
      const body = next.json() as Logs;
      messages.push(...body.logDetails.map((entry) => entry.message));
      cursor = body.metadata.cursor;
    }
    expect(messages).toEqual(['service 4', 'service 3', 'service 2', 'service 1', 'service 0']);
  });

  it('filters by level and text, and tails with after', async () => {
    const url = buildPath(routes.getServiceLogs.path, { serviceId });
    const warn = (await get(team.admin, `${url}?level=warn`)).json() as Logs;
    expect(warn.logDetails.map((entry) => entry.message)).toEqual(['service 3', 'service 1']);
    const found = (await get(team.admin, `${url}?search=SERVICE%202`)).json() as Logs;
    expect(found.logDetails.map((entry) => entry.message)).toEqual(['service 2']);
    const timed = (
      await get(team.admin, `${url}?since=${BASE / 1000 + 1}&until=${BASE / 1000 + 3}`)
    ).json() as Logs;
    expect(timed.logDetails.map((entry) => entry.message)).toEqual(['service 2', 'service 1']);
    const newest = (await get(team.admin, `${url}?limit=1`)).json() as Logs;
    const tail = (await get(team.admin, `${url}?after=${newest.logDetails[0]!.id}`)).json() as Logs;
    expect(tail.logDetails).toEqual([]);
  });

  it.each([
    ['level=verbose', 'query.level', 'level is one of debug, info, warn, error'],
    ['limit=0', 'query.limit', undefined],
    ['limit=5000', 'query.limit', undefined],
    ['since=yesterday', 'query.since', undefined],
    ['since=99999999999999', 'query.since', undefined],
    ['until=9007199254740991', 'query.until', undefined],
    ['since=200&until=100', 'query.until', 'since must be before until'],
    ['cursor=s5&after=3', 'query.after', undefined],
    ['cursor=not-ours', 'query.cursor', 'cursor is not one this server gave out'],
    ['after=s12', 'query.after', 'after is not one this server gave out'],
    ['colour=red', 'query', undefined],
  ])('answers 400 naming the field for %s', async (query, path, message) => {
    const url = `${buildPath(routes.getServiceLogs.path, { serviceId })}?${query}`;
    const response = await get(team.admin, url);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as {
      code: string;
      message: string;
      issues?: { path: string; message: string }[];
    };
    expect(body.issues?.map((issue) => issue.path)).toContain(path);
    if (message) expect(body.issues?.map((issue) => issue.message)).toContain(message);
  });
});
