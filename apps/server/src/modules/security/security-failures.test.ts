import type { ServiceStatus } from '@herald/contract/services/service-status';
import { describe, expect, it } from 'vitest';
import { runtimePidsOf } from '../../adapters/provisioner/testing/control-plane-process';
import { insertTestService } from '../../testing/test-services';
import { callAs } from '../../testing/test-workspaces';
import { envelopeOf, topicUrl, useRunningService } from '../topics/testing/running-service';

type Method = 'GET' | 'PUT' | 'DELETE';

/** One valid call of each route (so a refusal below is about the service or the input, not the call). */
const VALID_CALLS: [Method, string, unknown?][] = [
  ['GET', '/security'],
  ['GET', '/authentication'],
  ['GET', '/security/explain?subject=anonymous&target=a%2F%23'],
  [
    'PUT',
    '/security/roles/valid',
    { globalPermissions: [], defaultPathPermissions: [], pathPermissions: {}, includedRoles: [] },
  ],
  ['DELETE', '/security/roles/valid'],
  ['PUT', '/security/default-roles', { rolesForNamedSessions: [], rolesForAnonymousSessions: [] }],
  ['PUT', '/security/isolated-paths', { isolatedPaths: [] }],
  ['PUT', '/authentication/principals/valid', { password: 'valid-password', roles: [] }],
  ['PUT', '/authentication/principals/valid/password', { password: 'valid-password' }],
  ['DELETE', '/authentication/principals/valid'],
  ['PUT', '/authentication/anonymous', { anonymousAction: 'DENY' }],
  ['PUT', '/authentication/trusted-properties', { trustedProperties: {} }],
];

/**
 * What the security routes answer when they cannot do what was asked: bad input (400 naming the field, whether it is
 * the contract's check or the runtime's), a service that is not running (409), a runtime that does not answer (503).
 * Never a 500.
 */
describe('security routes that cannot be served', () => {
  const service = useRunningService('security-failures');
  const call = (method: Method, suffix: string, body?: unknown) => {
    const { app, team, row } = service;
    return callAs(app, team.owner, method, topicUrl(row, suffix), body);
  };

  it.each([
    ['SUSPENDED', 'Suspended'],
    ['CHECKING', 'Starting'],
    ['ERROR', 'Error'],
  ] as const)('answers 409 on every route while the service is %s', async (status, word) => {
    const { app, team } = service;
    const { row } = await insertTestService(app, team.workspaceId, {
      status: status as ServiceStatus,
    });
    for (const [method, suffix, body] of VALID_CALLS) {
      const response = await callAs(app, team.owner, method, topicUrl(row, suffix), body);
      expect(response.statusCode, `${method} ${suffix}: ${response.body}`).toBe(409);
      expect(envelopeOf(response).message).toBe(`The service is not running: it is ${word}.`);
    }
  });

  it.each([
    [
      'an unknown global permission',
      'PUT',
      '/security/roles/bad',
      {
        globalPermissions: ['FLY'],
        defaultPathPermissions: [],
        pathPermissions: {},
        includedRoles: [],
      },
      'body.globalPermissions',
    ],
    [
      'a path with an empty level',
      'PUT',
      '/security/roles/bad',
      {
        globalPermissions: [],
        defaultPathPermissions: [],
        pathPermissions: { 'a//b': ['READ_TOPIC'] },
        includedRoles: [],
      },
      'body.pathPermissions',
    ],
    [
      'an unknown key',
      'PUT',
      '/security/roles/bad',
      {
        globalPermissions: [],
        defaultPathPermissions: [],
        pathPermissions: {},
        includedRoles: [],
        admin: true,
      },
      'body',
    ],
    [
      'a role name with a space',
      'PUT',
      '/security/roles/bad%20name',
      { globalPermissions: [], defaultPathPermissions: [], pathPermissions: {}, includedRoles: [] },
      'params.roleName',
    ],
    [
      'a short password',
      'PUT',
      '/authentication/principals/p1',
      { password: 'short', roles: [] },
      'body.password',
    ],
    [
      'a principal name with "?"',
      'PUT',
      '/authentication/principals/p%3Fx',
      { password: 'long-enough-password', roles: [] },
      'params.principalName',
    ],
    [
      'an anonymous action that does not exist',
      'PUT',
      '/authentication/anonymous',
      { anonymousAction: 'MAYBE' },
      'body.anonymousAction',
    ],
    [
      'an isolated path with a wildcard',
      'PUT',
      '/security/isolated-paths',
      { isolatedPaths: ['a/+'] },
      'body.isolatedPaths',
    ],
    [
      'an explain query without a target',
      'GET',
      '/security/explain?subject=anonymous',
      undefined,
      'query.target',
    ],
    [
      'an explain subject of no kind',
      'GET',
      '/security/explain?subject=robot&target=a',
      undefined,
      'query.subject',
    ],
  ] as const)('answers 400 naming the field for %s', async (_name, method, suffix, body, field) => {
    const response = await call(method, suffix, body);
    expect(response.statusCode, response.body).toBe(400);
    const paths = envelopeOf(response).issues?.map((issue) => issue.path) ?? [];
    expect(
      paths.some((path) => path === field || path.startsWith(`${field}.`)),
      paths.join(),
    ).toBe(true);
  });

  it.each([
    [
      'an included role that does not exist',
      'PUT',
      '/security/roles/includes-ghost',
      {
        globalPermissions: [],
        defaultPathPermissions: [],
        pathPermissions: {},
        includedRoles: ['ghost'],
      },
      'body.includedRoles',
      /ghost/,
    ],
    [
      'a change to a built-in role',
      'PUT',
      '/security/roles/ADMINISTRATOR',
      { globalPermissions: [], defaultPathPermissions: [], pathPermissions: {}, includedRoles: [] },
      'params.roleName',
      /built-in/,
    ],
    [
      'the removal of a built-in role',
      'DELETE',
      '/security/roles/CLIENT',
      undefined,
      'params.roleName',
      /built-in/,
    ],
    [
      'a new principal without a password',
      'PUT',
      '/authentication/principals/no-password',
      { roles: [] },
      'body.password',
      /password/,
    ],
    [
      'a principal with a role that does not exist',
      'PUT',
      '/authentication/principals/p2',
      { password: 'long-enough-password', roles: ['ghost'] },
      'body.roles',
      /ghost/,
    ],
    [
      'a default role that does not exist',
      'PUT',
      '/security/default-roles',
      { rolesForNamedSessions: ['ghost'], rolesForAnonymousSessions: [] },
      'body.rolesForNamedSessions',
      /ghost/,
    ],
    [
      'a trusted property regex the runtime cannot run in linear time',
      'PUT',
      '/authentication/trusted-properties',
      { trustedProperties: { Department: { type: 'regex', regex: '(a)\\1' } } },
      'body.trustedProperties.Department.regex',
      /regular expression/,
    ],
  ] as const)(
    "passes on the runtime's 400 for %s, naming the field",
    async (_name, method, suffix, body, field, message) => {
      const response = await call(method, suffix, body);
      expect(response.statusCode, response.body).toBe(400);
      const envelope = envelopeOf(response);
      expect(envelope.message).toMatch(message);
      expect(envelope.issues?.[0]?.path).toBe(field);
    },
  );

  it('refuses included roles that form a cycle', async () => {
    const role = (includedRoles: string[]) => ({
      globalPermissions: [],
      defaultPathPermissions: [],
      pathPermissions: {},
      includedRoles,
    });
    expect((await call('PUT', '/security/roles/cycle-a', role([]))).statusCode).toBe(200);
    expect((await call('PUT', '/security/roles/cycle-b', role(['cycle-a']))).statusCode).toBe(200);
    const response = await call('PUT', '/security/roles/cycle-a', role(['cycle-b']));
    expect(response.statusCode, response.body).toBe(400);
    expect(envelopeOf(response).message).toMatch(/cycle/);
    expect(envelopeOf(response).issues?.[0]?.path).toBe('body.includedRoles');
  });

  it("answers 404 with the runtime's message for a role or principal that does not exist", async () => {
    for (const [method, suffix, body] of [
      ['DELETE', '/security/roles/nobody'],
      ['DELETE', '/authentication/principals/nobody'],
      ['PUT', '/authentication/principals/nobody/password', { password: 'long-enough-password' }],
    ] as const) {
      const response = await call(method, suffix, body);
      expect(response.statusCode, response.body).toBe(404);
      expect(envelopeOf(response).message).toMatch(/nobody/);
    }
  });

  it('answers 503 on every route when the runtime does not answer, and serves again when it does', async () => {
    const { row } = service;
    const [pid] = runtimePidsOf(row.id);
    if (pid === undefined) throw new Error('no runtime process');
    process.kill(pid, 'SIGSTOP');
    try {
      const responses = await Promise.all(
        VALID_CALLS.map(([method, suffix, body]) => call(method, suffix, body)),
      );
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
    const again = await call('GET', '/security');
    expect(again.statusCode, again.body).toBe(200);
  }, 20_000);
});
