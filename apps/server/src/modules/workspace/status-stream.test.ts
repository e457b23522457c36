import { buildPath } from '@herald/contract/api/define-route';
import { routes } from '@herald/contract/api/routes';
import { serviceStatusEventSchema } from '@herald/contract/services/service-status-events';
import { STATUS_STREAM_MAX_PER_USER } from '@herald/contract/services/service-status-stream';
import type { ServiceStatusEvent } from '@herald/contract/services/service-status-stream';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { listeningUrl, openSse } from '../../testing/sse-client';
import type { SseConnection } from '../../testing/sse-client';
import { uniqueServiceName } from '../../testing/test-services';
import { useTestApp } from '../../testing/use-test-app';
import {
  callAs,
  createTestMember,
  createTestTeam,
  createTestWorkspace,
  removeTestMemberAs,
} from '../../testing/test-workspaces';
import type { TestMember } from '../../testing/test-workspaces';

const streamPath = (workspaceId: string) =>
  buildPath(routes.streamWorkspaceServiceStatuses.path, { workspaceId });

const bearer = (member: TestMember) => ({ authorization: `Bearer ${member.token}` });

/** Status events until `status` arrives (inclusive), each checked against the contract. */
async function eventsUntil(stream: SseConnection, serviceId: string, status: string) {
  const seen: ServiceStatusEvent[] = [];
  for (;;) {
    const { event, data } = await stream.next(20_000);
    expect(event).toBe('status');
    const parsed = serviceStatusEventSchema.parse(JSON.parse(data));
    if (parsed.serviceId !== serviceId) continue;
    seen.push(parsed);
    if (parsed.status === status || parsed.status === 'ERROR') return seen;
  }
}

describe('the live status stream of a workspace', () => {
  let app: FastifyInstance;
  let base: string;
  let team: Awaited<ReturnType<typeof createTestTeam>>;
  useTestApp((ready) => ({ app } = ready));
  beforeAll(async () => {
    base = await listeningUrl(app);
    team = await createTestTeam(app, 'Streaming');
  });
  // The streams still open are ended by the server's own shutdown (preClose), as in production.

  async function subscribe(member: TestMember | undefined, workspaceId: string) {
    return openSse(`${base}${streamPath(workspaceId)}`, member ? bearer(member) : {});
  }

  it('sends a created and then restarted service through each status in order, as it happens', async () => {
    const stream = await subscribe(team.user, team.workspaceId);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toContain('no-transform');
    expect(stream.headers.get('x-request-id')).toBeTruthy();

    const created = await callAs(app, team.owner, 'POST', routes.createService.path, {
      workspaceId: team.workspaceId,
      serviceName: uniqueServiceName('stream'),
      region: 'eu-west-1.local',
      billingPlan: 'free',
    });
    expect(created.statusCode).toBe(201);
    const { serviceId } = created.json() as { serviceId: string };

    const starting = await eventsUntil(stream, serviceId, 'RUNNING');
    expect(starting.map((event) => event.status)).toEqual([
      'CHECKING',
      'POD_PENDING',
      'POD_INITIALIZING',
      'POD_RUNNING_PENDING_DNS',
      'RUNNING',
    ]);
    expect(starting[0]?.mqttPort).toBeNull();
    const port = starting.at(-1)?.mqttPort;
    expect(port).toBeGreaterThan(0);
    // The last event says what the status call says.
    const status = await callAs(app, team.user, 'GET', `/v3/service/${serviceId}/status`);
    expect(status.json()).toMatchObject({ status: 'RUNNING' });

    const restarted = await callAs(app, team.owner, 'POST', `/v3/service/${serviceId}/restart`);
    expect(restarted.statusCode).toBe(202);
    const restarting = await eventsUntil(stream, serviceId, 'RUNNING');
    // The restart shows at once (the route's own write), then the provisioner's steps follow.
    expect(restarting[0]).toEqual({ serviceId, status: 'POD_INITIALIZING', mqttPort: port });
    // Whatever the restart ends in, the last event is what the status call answers.
    const settled = await callAs(app, team.user, 'GET', `/v3/service/${serviceId}/status`);
    expect(restarting.at(-1)).toEqual({
      serviceId,
      status: (settled.json() as { status: string }).status,
      mqttPort: port,
    });
    expect(stream.text().startsWith('retry: 2000\n')).toBe(true);
  }, 60_000);

  it("never sends one workspace's events to a member of another", async () => {
    const outsider = await createTestMember(app);
    const otherWorkspace = await createTestWorkspace(app, outsider, 'Elsewhere');
    const outsiders = await subscribe(outsider, otherWorkspace);
    expect(outsiders.status).toBe(200);
    // Asking for the team's stream is refused like every other call on a workspace one is not in.
    const refused = await subscribe(outsider, team.workspaceId);
    expect(refused.status).toBe(404);
    await refused.ended;
    expect(JSON.parse(refused.text())).toMatchObject({ code: 'NOT_FOUND' });

    const members = await subscribe(team.admin, team.workspaceId);
    const created = await callAs(app, team.owner, 'POST', routes.createService.path, {
      workspaceId: team.workspaceId,
      serviceName: uniqueServiceName('private'),
      region: 'eu-west-1.local',
      billingPlan: 'free',
    });
    const { serviceId } = created.json() as { serviceId: string };
    await eventsUntil(members, serviceId, 'RUNNING');
    // The member saw everything; the outsider's stream carried no event at all (heartbeats aside).
    expect(outsiders.text()).not.toContain(serviceId);
    expect(outsiders.text()).not.toContain('event:');
  }, 60_000);

  it('is described in the OpenAPI document as a text/event-stream of status events', async () => {
    const document = (await app.inject({ method: 'GET', url: '/v3/openapi.json' })).json() as {
      paths: Record<string, { get?: { responses: Record<string, { content?: object }> } }>;
    };
    const stream = document.paths['/v3/workspace/{workspaceId}/services/events']?.get;
    expect(Object.keys(stream?.responses['200']?.content ?? {})).toEqual(['text/event-stream']);
  });

  it('refuses a caller without a session', async () => {
    const anonymous = await subscribe(undefined, team.workspaceId);
    expect(anonymous.status).toBe(401);
    await anonymous.ended;
    expect(JSON.parse(anonymous.text())).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it(`answers 429 to a user's stream beyond ${STATUS_STREAM_MAX_PER_USER}, and frees a slot when one closes`, async () => {
    const member = await createTestMember(app);
    const workspaceId = await createTestWorkspace(app, member, 'Many tabs');
    const streams = await Promise.all(
      Array.from({ length: STATUS_STREAM_MAX_PER_USER }, () => subscribe(member, workspaceId)),
    );
    expect(streams.map((stream) => stream.status)).toEqual(
      Array(STATUS_STREAM_MAX_PER_USER).fill(200),
    );
    const extra = await subscribe(member, workspaceId);
    expect(extra.status).toBe(429);
    await extra.ended;
    expect(JSON.parse(extra.text())).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringContaining('status streams'),
      requestId: expect.any(String),
    });

    streams[0]?.close();
    let again = extra;
    for (let attempt = 0; attempt < 50 && again.status !== 200; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = await subscribe(member, workspaceId);
    }
    expect(again.status).toBe(200);
  });

  it('ends the stream of a member removed from the workspace at the next heartbeat', async () => {
    const heartbeatMs = app.statusEvents.heartbeatMs;
    app.statusEvents.heartbeatMs = 100;
    try {
      const removable = await createTestTeam(app, 'Removable');
      const stream = await subscribe(removable.user, removable.workspaceId);
      expect(stream.status).toBe(200);
      const removed = await removeTestMemberAs(
        app,
        removable.owner,
        removable.workspaceId,
        removable.user,
      );
      expect(removed.statusCode).toBeLessThan(300);
      await stream.ended;
      expect(stream.text()).toContain(': connected');
    } finally {
      app.statusEvents.heartbeatMs = heartbeatMs;
    }
  });
});

describe('a server shutting down with open status streams', () => {
  let app: FastifyInstance;
  useTestApp((ready) => ({ app } = ready));

  it('ends them, so the close is not held open', async () => {
    const base = await listeningUrl(app);
    const team = await createTestTeam(app, 'Closing');
    const stream = await openSse(`${base}${streamPath(team.workspaceId)}`, bearer(team.owner));
    expect(stream.status).toBe(200);
    // Without the preClose hook this close waits for the stream forever (the test times out).
    await app.close();
    await stream.ended;
  });
});
