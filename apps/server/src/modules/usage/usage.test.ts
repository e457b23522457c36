import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { usageSample } from '../../db/schema/usage';
import { insertTestService } from '../../testing/test-services';
import {
  callAs,
  createTestMember,
  createTestTeam,
  createTestWorkspace,
} from '../../testing/test-workspaces';
import { useTestApp } from '../../testing/use-test-app';
import { envelopeOf } from '../topics/testing/running-service';

/** A Monday, 00:00 UTC. */
const T0 = Date.UTC(2026, 10, 16) / 1000;

describe('GET /v3/service/{serviceId}/usage', () => {
  let app: FastifyInstance;
  let team: Awaited<ReturnType<typeof createTestTeam>>;
  let serviceId: string;
  useTestApp((ready) => {
    app = ready.app;
  });
  beforeAll(async () => {
    team = await createTestTeam(app, 'usage');
    serviceId = (await insertTestService(app, team.workspaceId)).row.id;
    const row = (
      start: number,
      seconds: number,
      values: Partial<typeof usageSample.$inferInsert>,
    ) => ({
      serviceId,
      start,
      seconds,
      ...values,
    });
    await app.db.insert(usageSample).values([
      row(T0, 60, {
        billedMessages: 40,
        bytes: 400,
        sessionsMax: 3,
        sessionsMin: 1,
        topicsMax: 10,
        topicsMin: 9,
      }),
      row(T0 + 120, 60, {
        billedMessages: 2,
        bytes: 20,
        sessionsMax: 5,
        sessionsMin: 2,
        topicsMax: 12,
        topicsMin: 10,
      }),
      row(T0 + 86_400, 3600, {
        billedMessages: 1000,
        bytes: 9000,
        sessionsMax: 7,
        sessionsMin: 0,
        topicsMax: 11,
        topicsMin: 11,
      }),
    ]);
  });

  const url = (query: string, id = serviceId) => `/v3/service/${id}/usage?${query}`;
  const week = `from=${T0}&to=${T0 + 7 * 86_400}`;

  it('answers one item per metric named, in that order, for any member', async () => {
    const sums = await callAs(
      app,
      team.user,
      'GET',
      url(`queryType=sum&${week}&metrics=bytes_total,billed_messages_total`),
    );
    expect(sums.statusCode, sums.body).toBe(200);
    expect(sums.json()).toEqual([
      { metricType: 'herald_bytes_total_sum', value: 9420 },
      { metricType: 'herald_billed_messages_total_sum', value: 1042 },
    ]);
    const peaks = await callAs(
      app,
      team.admin,
      'GET',
      url(`queryType=peak&${week}&metrics=sessions,topics`),
    );
    expect(peaks.json()).toEqual([
      { metricType: 'herald_sessions_peak', value: 7 },
      { metricType: 'herald_topics_peak', value: 12 },
    ]);
    const low = await callAs(
      app,
      team.owner,
      'GET',
      url(`queryType=low&${week}&metrics=sessions,topics`),
    );
    expect(low.json()).toEqual([
      { metricType: 'herald_sessions_low', value: 0 },
      { metricType: 'herald_topics_low', value: 9 },
    ]);
    const increase = await callAs(
      app,
      team.user,
      'GET',
      url(`queryType=increase&${week}&metrics=billed_messages_total`),
    );
    expect(increase.json()).toEqual([
      { metricType: 'herald_billed_messages_total_increase', value: 1042 },
    ]);
  });

  it('answers zero-filled series at customStep, or the default step of the range', async () => {
    const hour = await callAs(
      app,
      team.user,
      'GET',
      url(`queryType=histogram&from=${T0}&to=${T0 + 240}&metrics=billed_messages_total,sessions`),
    );
    expect(hour.statusCode, hour.body).toBe(200);
    // A 4-minute range: one point a minute.
    expect(hour.json()).toEqual([
      {
        metricType: 'herald_billed_messages_total_histogram',
        valueList: [
          { timestamp: T0, value: 40 },
          { timestamp: T0 + 60, value: 0 },
          { timestamp: T0 + 120, value: 2 },
          { timestamp: T0 + 180, value: 0 },
        ],
      },
      {
        metricType: 'herald_sessions_histogram',
        valueList: [
          { timestamp: T0, value: 3 },
          { timestamp: T0 + 60, value: 0 },
          { timestamp: T0 + 120, value: 5 },
          { timestamp: T0 + 180, value: 0 },
        ],
      },
    ]);
    const days = await callAs(
      app,
      team.user,
      'GET',
      url(
        `queryType=histogram&from=${T0}&to=${T0 + 3 * 86_400}&metrics=billed_messages_total&customStep=86400`,
      ),
    );
    expect(days.json()).toEqual([
      {
        metricType: 'herald_billed_messages_total_histogram',
        valueList: [
          { timestamp: T0, value: 42 },
          { timestamp: T0 + 86_400, value: 1000 },
          { timestamp: T0 + 2 * 86_400, value: 0 },
        ],
      },
    ]);
  });

  it.each([
    [
      'an unknown query type',
      `queryType=average&${week}&metrics=sessions`,
      'query.queryType',
      /queryType is one of sum, peak, low, increase, histogram/,
    ],
    [
      'from after to',
      `queryType=sum&from=${T0 + 10}&to=${T0}&metrics=sessions`,
      'query.to',
      /from must be before to/,
    ],
    [
      'from equal to to',
      `queryType=sum&from=${T0}&to=${T0}&metrics=sessions`,
      'query.to',
      /from must be before to/,
    ],
    [
      'an unknown metric',
      `queryType=sum&${week}&metrics=sessions,cpu`,
      // The second metric named.
      'query.metrics.1',
      /Each metric is one of bytes_total, billed_messages_total, messages_in_total, adapter_billed_messages_total, sessions, topics/,
    ],
    ['no metrics', `queryType=sum&${week}`, 'query.metrics', /metrics is required/],
    [
      'a step under a minute',
      `queryType=histogram&${week}&metrics=sessions&customStep=1`,
      'query.customStep',
      /customStep/,
    ],
    [
      'more than 10,000 steps',
      `queryType=histogram&from=0&to=${10_001 * 60}&metrics=sessions&customStep=60`,
      'query.customStep',
      /customStep gives 10001 steps over the range; at most 10000 are allowed/,
    ],
    [
      'a range longer than 400 days',
      `queryType=sum&from=0&to=${401 * 86_400}&metrics=sessions`,
      'query.to',
      /longer than 400 days/,
    ],
    [
      'a time that is not a number',
      `queryType=sum&from=yesterday&to=${T0}&metrics=sessions`,
      'query.from',
      /from/,
    ],
  ])('refuses %s with a 400 naming the parameter', async (_case, query, path, message) => {
    const response = await callAs(app, team.user, 'GET', url(query));
    expect(response.statusCode, response.body).toBe(400);
    const envelope = envelopeOf(response);
    expect(envelope.issues?.map((issue) => issue.path)).toContain(path);
    expect(envelope.issues?.find((issue) => issue.path === path)?.message).toMatch(message);
  });

  it('answers 404 to a member of another workspace and 401 without a session', async () => {
    const stranger = await createTestMember(app);
    await createTestWorkspace(app, stranger, 'elsewhere');
    const foreign = await callAs(
      app,
      stranger,
      'GET',
      url(`queryType=sum&${week}&metrics=sessions`),
    );
    expect(foreign.statusCode).toBe(404);
    expect(JSON.stringify(foreign.json())).not.toContain('herald_');
    const anonymous = await callAs(
      app,
      undefined,
      'GET',
      url(`queryType=sum&${week}&metrics=sessions`),
    );
    expect(anonymous.statusCode).toBe(401);
  });
});
