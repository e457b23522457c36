import { auditSentence } from '@herald/contract/members/audit-sentence';
import type { AuditEntry } from '@herald/contract/members/member.schema';
import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { signControlPlaneToken } from '../../adapters/provisioner/local-provisioner';
import { pushDashboardRevocations } from '../../adapters/provisioner/runtime-client';
import {
  addTestMember,
  callAs,
  createTestMember,
  createTestWorkspace,
} from '../../testing/test-workspaces';
import { TOPIC_ROUTE_MESSAGES } from './runtime-access';
import {
  dashboardTokenOf,
  runtimeAdminAs,
  envelopeOf,
  topicUrl,
  useRunningService,
} from './testing/running-service';

/**
 * The topic routes against a real runtime (docs/decisions/019): each call reaches the service's runtime with the
 * member's own dashboard token, so what a member may do there is what they may do over MQTT.
 */
describe('topic routes', () => {
  const service = useRunningService('topics');

  function put(who: 'owner' | 'admin' | 'user', path: string, body: unknown) {
    const { app, team, row } = service;
    return callAs(app, team[who], 'PUT', topicUrl(row, '/topic', { path }), body);
  }

  it('lets an Admin create a topic and set its value, answering the topic as stored', async () => {
    const created = await put('admin', 'plant/line-1/temperature', {
      type: 'DOUBLE',
      value: 21.5,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      path: 'plant/line-1/temperature',
      type: 'DOUBLE',
      value: 21.5,
    });
    const updated = await put('owner', 'plant/line-1/temperature', { value: 22 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ type: 'DOUBLE', value: 22 });
    expect(Date.parse((updated.json() as { updatedAt: string }).updatedAt)).not.toBeNaN();
  });

  it('lets a User read one topic and list topics by selector, a page at a time', async () => {
    const { app, team, row } = service;
    for (const name of ['a', 'b', 'c']) {
      expect(
        (await put('admin', `paging/${name}`, { type: 'STRING', value: name })).statusCode,
      ).toBe(200);
    }
    const one = await callAs(app, team.user, 'GET', topicUrl(row, '/topic', { path: 'paging/b' }));
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ path: 'paging/b', type: 'STRING', value: 'b' });

    const first = await callAs(
      app,
      team.user,
      'GET',
      topicUrl(row, '/topics', { selector: '?paging/.*', limit: 2 }),
    );
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json() as { topics: { path: string }[]; hasMore: boolean };
    expect(page.topics.map((topic) => topic.path)).toEqual(['paging/a', 'paging/b']);
    expect(page.hasMore).toBe(true);
    const rest = await callAs(
      app,
      team.user,
      'GET',
      topicUrl(row, '/topics', { selector: '?paging/.*', after: 'paging/b' }),
    );
    expect(rest.json()).toEqual({
      topics: [expect.objectContaining({ path: 'paging/c', value: 'c' })],
      hasMore: false,
    });
  });

  it('shows a topic published over MQTT by any client', async () => {
    const { app, team, row } = service;
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${row.mqttPort}`, {
      protocolVersion: 4,
      username: 'token',
      password: await dashboardTokenOf(app, team.admin),
      reconnectPeriod: 0,
    });
    try {
      await client.publishAsync('from-mqtt/reading', '{"celsius":19}', { qos: 1, retain: true });
    } finally {
      await client.endAsync();
    }
    const response = await callAs(
      app,
      team.user,
      'GET',
      topicUrl(row, '/topic', { path: 'from-mqtt/reading' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ type: 'JSON', value: { celsius: 19 } });
  });

  it('refuses a User every write, here and on the runtime with the same token', async () => {
    const { app, team, row } = service;
    const denied = await put('user', 'user/attempt', { type: 'STRING', value: 'x' });
    expect(denied.statusCode).toBe(403);
    expect(envelopeOf(denied).message).toMatch(/configure-service-console/);
    const removal = await callAs(
      app,
      team.user,
      'DELETE',
      topicUrl(row, '/topics', { selector: 'paging//' }),
    );
    expect(removal.statusCode).toBe(403);

    // The second door: the User's own dashboard token straight against the runtime's admin API.
    const runtime = await runtimeAdminAs(app, row, team.user);
    expect((await runtime('GET', '/admin/topics/paging/a')).status).toBe(200);
    expect(
      (await runtime('PUT', '/admin/topics/user/attempt', { type: 'STRING', value: 'x' })).status,
    ).toBe(403);
    expect((await runtime('DELETE', '/admin/topics?selector=paging//')).status).toBe(403);
    const stillThere = await callAs(
      app,
      team.user,
      'GET',
      topicUrl(row, '/topic', { path: 'user/attempt' }),
    );
    expect(stillThere.statusCode).toBe(404);
  });

  it("calls the runtime with the member's own token: a member the runtime refuses gets 403", async () => {
    const { app, team, row } = service;
    const member = await createTestMember(app);
    await addTestMember(app, team.workspaceId, member, 'Admin');
    const list = () => callAs(app, member, 'GET', topicUrl(row, '/topics'));
    expect((await list()).statusCode).toBe(200);

    // A revocation only the runtime knows of (the control plane still counts the member as an Admin): a call made
    // with a service-wide token would pass; the member's own token is refused.
    const endpoint = app.provisioner.endpointOf(row.id);
    if (!endpoint) throw new Error('not running');
    await pushDashboardRevocations(endpoint, await signControlPlaneToken(app.tokens, row), [
      { customerId: member.userId, notBefore: Date.now() + 60_000 },
    ]);
    const refused = await list();
    expect(refused.statusCode).toBe(403);
    expect(envelopeOf(refused).message).toBe(TOPIC_ROUTE_MESSAGES.refused);
  });

  it('answers 404 to a member of another workspace, whatever the call', async () => {
    const { app, row } = service;
    const stranger = await createTestMember(app);
    await createTestWorkspace(app, stranger, 'Elsewhere');
    const calls = [
      callAs(app, stranger, 'GET', topicUrl(row, '/topics')),
      callAs(app, stranger, 'GET', topicUrl(row, '/topic', { path: 'paging/a' })),
      callAs(app, stranger, 'PUT', topicUrl(row, '/topic', { path: 'x' }), { value: 1 }),
      callAs(app, stranger, 'DELETE', topicUrl(row, '/topics', { selector: 'paging//' })),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
      expect(envelopeOf(response).message).toMatch(/not a member/);
    }
  });

  it("passes on the runtime's refusal of a bad value, naming the field", async () => {
    const created = await put('admin', 'typed/count', { type: 'INT64', value: 1 });
    expect(created.statusCode, created.body).toBe(200);
    const bad = await put('admin', 'typed/count', { value: 'twelve' });
    expect(bad.statusCode).toBe(400);
    const envelope = envelopeOf(bad);
    expect(envelope.issues?.[0]?.path).toBe('body.value');
    const retyped = await put('admin', 'typed/count', { type: 'STRING', value: 'x' });
    expect(retyped.statusCode).toBe(400);
    expect(envelopeOf(retyped).message).toMatch(/INT64/);
  });

  it("answers 404 with the runtime's message for a topic that does not exist", async () => {
    const { app, team, row } = service;
    const response = await callAs(
      app,
      team.user,
      'GET',
      topicUrl(row, '/topic', { path: 'no/such/topic' }),
    );
    expect(response.statusCode).toBe(404);
    expect(envelopeOf(response).message).toMatch(/no\/such\/topic/);
  });

  it('removes the topics a selector matches, and the trail says so', async () => {
    const { app, team, row } = service;
    for (const name of ['x', 'y']) {
      expect(
        (await put('admin', `doomed/${name}`, { type: 'STRING', value: name })).statusCode,
      ).toBe(200);
    }
    const removed = await callAs(
      app,
      team.admin,
      'DELETE',
      topicUrl(row, '/topics', { selector: 'doomed//' }),
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ removed: 2 });
    const gone = await callAs(app, team.user, 'GET', topicUrl(row, '/topic', { path: 'doomed/x' }));
    expect(gone.statusCode).toBe(404);

    const log = await callAs(app, team.owner, 'GET', `/v3/workspace/${team.workspaceId}/audit-log`);
    expect(log.statusCode, log.body).toBe(200);
    const entry = (log.json() as { entries: AuditEntry[] }).entries[0];
    expect(entry).toMatchObject({
      action: 'service.topics_removed',
      target: row.serviceName,
      details: { serviceId: row.id, selector: 'doomed//', removed: 2 },
      actor: { email: team.admin.email },
    });
    expect(auditSentence(entry!)).toBe(
      `Removed 2 topics matching “doomed//” from the service “${row.serviceName}”`,
    );
  });

  it('does not audit single topic writes', async () => {
    const { app, team } = service;
    const before = await callAs(
      app,
      team.owner,
      'GET',
      `/v3/workspace/${team.workspaceId}/audit-log`,
    );
    expect((await put('admin', 'quiet/value', { type: 'STRING', value: 'v' })).statusCode).toBe(
      200,
    );
    const after = await callAs(
      app,
      team.owner,
      'GET',
      `/v3/workspace/${team.workspaceId}/audit-log`,
    );
    expect((after.json() as { entries: AuditEntry[] }).entries[0]).toEqual(
      (before.json() as { entries: AuditEntry[] }).entries[0],
    );
  });

  it("passes on the runtime's 409 when the service is full", async () => {
    const { app, team, row } = service;
    const { topicsCapacity } = (
      await callAs(app, team.user, 'GET', `/v3/service/${row.id}/metrics/live`)
    ).json() as { topicsCapacity: number; topics: number };
    let response = await put('admin', 'fill/0', { type: 'INT64', value: 0 });
    for (let index = 1; response.statusCode === 200 && index <= topicsCapacity; index += 1) {
      response = await put('admin', `fill/${index}`, { type: 'INT64', value: index });
    }
    expect(response.statusCode).toBe(409);
    expect(envelopeOf(response).message).toMatch(/capacity/);
    const cleared = await callAs(
      app,
      team.owner,
      'DELETE',
      topicUrl(row, '/topics', { selector: 'fill//' }),
    );
    expect(cleared.statusCode).toBe(200);
  });
});
