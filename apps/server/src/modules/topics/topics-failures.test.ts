import type { ServiceStatus } from '@herald/contract/services/service-status';
import { TOPIC_TYPES } from '@herald/contract/topics/topic.schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runtimePidsOf } from '../../adapters/provisioner/testing/control-plane-process';
import { freePort } from '../../testing/free-port';
import { insertTestService } from '../../testing/test-services';
import { callAs } from '../../testing/test-workspaces';
import { envelopeOf, topicUrl, useRunningService } from './testing/running-service';

/**
 * What the topic routes answer when they cannot do what was asked: bad input (400 naming the field, before anything
 * is forwarded), a service that is not running (409 with its status in words), a runtime that does not answer (503).
 * Never a 500.
 */
describe('topic routes that cannot be served', () => {
  const service = useRunningService('topic-failures');

  async function serviceIn(status: ServiceStatus) {
    const { app, team } = service;
    // desiredState suspended: the provisioner starts nothing, the row keeps the status written here.
    const { row } = await insertTestService(app, team.workspaceId, { status });
    return row;
  }

  it.each([
    ['SUSPENDED', 'Suspended'],
    ['CHECKING', 'Starting'],
    ['POD_INITIALIZING', 'Starting'],
    ['ERROR', 'Error'],
  ] as const)('answers 409 while the service is %s, saying it is %s', async (status, word) => {
    const { app, team } = service;
    const row = await serviceIn(status);
    const calls = [
      callAs(app, team.user, 'GET', topicUrl(row, '/topics')),
      callAs(app, team.user, 'GET', topicUrl(row, '/topic', { path: 'a/b' })),
      callAs(app, team.admin, 'PUT', topicUrl(row, '/topic', { path: 'a/b' }), { value: 1 }),
      callAs(app, team.admin, 'DELETE', topicUrl(row, '/topics', { selector: 'a//' })),
      callAs(app, team.user, 'GET', topicUrl(row, '/topics/count', { selector: 'a//' })),
      callAs(app, team.user, 'GET', topicUrl(row, '/topics/tree')),
      callAs(app, team.user, 'GET', topicUrl(row, '/topic/events', { path: 'a/b' })),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode, response.body).toBe(409);
      expect(envelopeOf(response).message).toBe(`The service is not running: it is ${word}.`);
    }
  });

  it.each([
    ['a bad selector', '/topics', { selector: '?a/[' }, 'query.selector'],
    ['a bad selector to count', '/topics/count', { selector: '*(' }, 'query.selector'],
    ['an empty segment in a path', '/topic', { path: 'a//b' }, 'query.path'],
    ['a wildcard in a path', '/topic', { path: 'a/+/b' }, 'query.path'],
    ['a bad tree parent', '/topics/tree', { parent: 'a/' }, 'query.parent'],
    ['a bad events path', '/topic/events', { path: '/a' }, 'query.path'],
    ['an unknown parameter', '/topics', { selektor: 'a' }, 'query'],
    ['a limit out of range', '/topics', { limit: 0 }, 'query.limit'],
  ])('answers 400 naming the field for %s', async (_name, suffix, query, field) => {
    const { app, team, row } = service;
    const suspended = await serviceIn('SUSPENDED');
    // Before the status: the same 400 whether the service runs or not.
    for (const target of [row, suspended]) {
      const response = await callAs(app, team.user, 'GET', topicUrl(target, suffix, query));
      expect(response.statusCode, response.body).toBe(400);
      const envelope = envelopeOf(response);
      expect(envelope.issues?.map((issue) => issue.path)).toContain(field);
    }
  });

  it('answers 400 for a removal or a write without what it needs', async () => {
    const { app, team, row } = service;
    const noSelector = await callAs(app, team.admin, 'DELETE', topicUrl(row, '/topics'));
    expect(noSelector.statusCode).toBe(400);
    expect(envelopeOf(noSelector).issues?.[0]?.path).toBe('query.selector');
    const badSelector = await callAs(
      app,
      team.admin,
      'DELETE',
      topicUrl(row, '/topics', { selector: '?x/(' }),
    );
    expect(badSelector.statusCode).toBe(400);
    expect(envelopeOf(badSelector).message).toMatch(/query\.selector/);
    const badType = await callAs(app, team.admin, 'PUT', topicUrl(row, '/topic', { path: 'a' }), {
      type: 'NUMBER',
    });
    expect(badType.statusCode).toBe(400);
    expect(envelopeOf(badType).issues?.[0]?.path).toBe('body.type');
    const reserved = await callAs(
      app,
      team.admin,
      'PUT',
      topicUrl(row, '/topic', { path: '$SYS/mine' }),
      { type: 'STRING', value: 'x' },
    );
    expect(reserved.statusCode).toBe(400);
    expect(envelopeOf(reserved).issues?.[0]?.path).toBe('query.path');
  });

  it('answers every generated path, selector and value below 500 from a running runtime', async () => {
    const { app, team, row } = service;
    const text = fc.string({ unit: 'binary', maxLength: 40 });
    const loose = fc.oneof(
      text,
      fc.constantFrom('a/b', 'a//', '?a/.*', '*.*', '#a////b', '$SYS/x'),
    );
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        loose,
        loose,
        fc.jsonValue(),
        fc.constantFrom(...TOPIC_TYPES),
        async (path, selector, value, type) => {
          const responses = await Promise.all([
            callAs(app, team.admin, 'PUT', topicUrl(row, '/topic', { path }), { type, value }),
            callAs(app, team.admin, 'GET', topicUrl(row, '/topic', { path })),
            callAs(app, team.user, 'GET', topicUrl(row, '/topics', { selector })),
            callAs(
              app,
              team.admin,
              'DELETE',
              topicUrl(row, '/topics', { selector: `${selector}/` }),
            ),
          ]);
          for (const response of responses) {
            statuses.add(response.statusCode);
            expect(response.statusCode, response.body).toBeLessThan(500);
          }
        },
      ),
      { seed: 20_261_124, numRuns: 40 },
    );
    // The property reached the runtime, not only the checks in front of it.
    expect(statuses).toContain(200);
  }, 60_000);

  it('answers 503 for a service whose row says RUNNING before its runtime is registered', async () => {
    // What a control plane re-attaching after a crash sees for a moment (the provisioner starts nothing here).
    const { app, team } = service;
    const row = await serviceIn('RUNNING');
    const response = await callAs(app, team.user, 'GET', topicUrl(row, '/topics'));
    expect(response.statusCode, response.body).toBe(503);
    expect(envelopeOf(response).message).toBe('The service did not answer; try again.');
  });

  it('answers 503 when the connection to the runtime is refused', async () => {
    const { app, team, row } = service;
    // Nothing listens on a port that was just freed: the refusal is the operating system's.
    const closedPort = await freePort();
    const endpointOf = app.provisioner.endpointOf.bind(app.provisioner);
    app.provisioner.endpointOf = (id) =>
      id === row.id ? { httpPort: closedPort, mqttPort: row.mqttPort ?? 0 } : endpointOf(id);
    try {
      for (const suffix of ['/topics', '/topics/tree']) {
        const response = await callAs(app, team.user, 'GET', topicUrl(row, suffix));
        expect(response.statusCode, response.body).toBe(503);
        expect(envelopeOf(response).code).toBe('SERVICE_UNAVAILABLE');
      }
    } finally {
      app.provisioner.endpointOf = endpointOf;
    }
  });

  it('answers 503 when the runtime does not answer, and serves again when it does', async () => {
    const { app, team, row } = service;
    const [pid] = runtimePidsOf(row.id);
    if (pid === undefined) throw new Error('no runtime process');
    process.kill(pid, 'SIGSTOP');
    try {
      // The checked answers and the tree's passed-through one alike.
      const responses = await Promise.all([
        callAs(app, team.user, 'GET', topicUrl(row, '/topics')),
        callAs(app, team.user, 'GET', topicUrl(row, '/topics/tree')),
      ]);
      for (const response of responses) {
        expect(response.statusCode, response.body).toBe(503);
        expect(envelopeOf(response)).toMatchObject({
          code: 'SERVICE_UNAVAILABLE',
          message: 'The service did not answer; try again.',
        });
      }
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    const again = await callAs(app, team.user, 'GET', topicUrl(row, '/topics'));
    expect(again.statusCode, again.body).toBe(200);
  }, 15_000);
});
