import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOT_SEGMENT_MESSAGE } from '@herald/contract/common/path-segment';
import { callAs } from '../../testing/test-workspaces';
import { topicUrl, useRunningService } from './testing/running-service';

/**
 * Issue 25: a topic path or a principal/role name holding `..` reached another route of the runtime's admin API
 * (`?path=..%2Fcredentials` was answered by `/admin/credentials`), past the control plane's per-route checks and
 * audit. Against a real runtime: a topic path is any MQTT topic name and reaches its topic; a name that is only
 * dots is refused, naming the field.
 */
describe('names forwarded to the runtime stay what they are', () => {
  const service = useRunningService('runtime-paths');
  const call = (method: 'GET' | 'PUT', suffix: string, body?: unknown, query = {}) => {
    const { app, team, row } = service;
    return callAs(app, team.owner, method, topicUrl(row, suffix, query), body);
  };

  /**
   * A request over a socket with its path exactly as written: `app.inject` (like fetch) parses the URL and resolves
   * `%2E%2E` before the router sees it, but a client such as curl sends it as it is.
   */
  let port: number;
  beforeAll(async () => {
    await service.app.listen({ port: 0, host: '127.0.0.1' });
    port = (service.app.server.address() as AddressInfo).port;
  });
  function callRaw(suffix: string, body: unknown) {
    const text = JSON.stringify(body);
    return new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
      const outgoing = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'PUT',
          path: `/v3/service/${service.row.id}${suffix}`,
          headers: {
            authorization: `Bearer ${service.team.owner.token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(text),
          },
        },
        (incoming) => {
          let answer = '';
          incoming.setEncoding('utf8');
          incoming.on('data', (chunk: string) => (answer += chunk));
          incoming.on('end', () => resolve({ statusCode: incoming.statusCode ?? 0, body: answer }));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(text);
    });
  }
  const issuesOf = (body: string) =>
    (JSON.parse(body) as { issues?: { path: string; message: string }[] }).issues;

  it.each(['../credentials', '../../admin/credentials', 'a/./b', '..', 'x/%2E%2E/y', 'q?x=1'])(
    'the topic %j is that topic, written and read back',
    async (path) => {
      const written = await call('PUT', '/topic', { type: 'STRING', value: path }, { path });
      expect(written.statusCode, written.body).toBe(200);
      expect(written.json()).toMatchObject({ path, type: 'STRING', value: path });
      const read = await call('GET', '/topic', undefined, { path });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toMatchObject({ path, value: path });
    },
  );

  it.each([
    ['/authentication/principals/%2E%2E/password', { password: 'password-123' }],
    ['/authentication/principals/%2E', { password: 'password-123', roles: [] }],
    ['/authentication/principals/..', { password: 'password-123', roles: [] }],
  ] as const)('PUT %s is refused, naming the principal', async (suffix, body) => {
    const response = await callRaw(suffix, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(issuesOf(response.body)).toContainEqual({
      path: 'params.principalName',
      message: `Principal name ${DOT_SEGMENT_MESSAGE}`,
    });
  });

  it('a role named ".." is refused, naming the role', async () => {
    const response = await callRaw('/security/roles/%2E%2E', {
      description: '',
      globalPermissions: [],
      defaultPathPermissions: [],
      pathPermissions: {},
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(issuesOf(response.body)).toContainEqual({
      path: 'params.roleName',
      message: `Role name ${DOT_SEGMENT_MESSAGE}`,
    });
  });
});
