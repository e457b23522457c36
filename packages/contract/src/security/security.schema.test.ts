import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  anonymousActionInputSchema,
  defaultRolesInputSchema,
  explainQuerySchema,
  isolatedPathsInputSchema,
  principalInputSchema,
  principalNameSchema,
  roleInputSchema,
  securityPathSchema,
  trustedPropertiesInputSchema,
} from './security.schema';

/** The issues of a failed parse as `path: message`, the way the error envelope names them. */
function issues(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be refused`);
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const emptyRole = {
  globalPermissions: [],
  defaultPathPermissions: [],
  pathPermissions: {},
  includedRoles: [],
};

describe('role input', () => {
  it('accepts a full role, trimming names and dropping repeated entries', () => {
    expect(
      roleInputSchema.parse({
        description: '  Sensors  ',
        globalPermissions: ['VIEW_SERVER', 'VIEW_SERVER'],
        defaultPathPermissions: ['READ_TOPIC'],
        pathPermissions: { 'sensors/private': [], sensors: ['UPDATE_TOPIC', 'UPDATE_TOPIC'] },
        includedRoles: [' CLIENT '],
        lockingPrincipal: 'ops',
      }),
    ).toEqual({
      description: 'Sensors',
      globalPermissions: ['VIEW_SERVER'],
      defaultPathPermissions: ['READ_TOPIC'],
      pathPermissions: { 'sensors/private': [], sensors: ['UPDATE_TOPIC'] },
      includedRoles: ['CLIENT'],
      lockingPrincipal: 'ops',
    });
  });

  it.each<[string, unknown, string[]]>([
    [
      'an unknown global permission',
      { ...emptyRole, globalPermissions: ['FLY'] },
      [
        expect.stringMatching(
          /^globalPermissions\.0: Invalid option: expected one of "AUTHENTICATE"/,
        ),
      ],
    ],
    [
      'an unknown path permission',
      { ...emptyRole, pathPermissions: { a: ['READ'] } },
      [
        expect.stringMatching(
          /^pathPermissions\.a\.0: Invalid option: expected one of "READ_TOPIC"/,
        ),
      ],
    ],
    [
      'a path with a wildcard says why, naming the path',
      { ...emptyRole, pathPermissions: { 'a/+': ['READ_TOPIC'] } },
      ['pathPermissions.a/+: Topic path "a/+" must not contain +, # or a NUL character'],
    ],
    [
      'a path with an empty segment',
      { ...emptyRole, pathPermissions: { '/x': [] } },
      ['pathPermissions./x: Topic path "/x" must not start with /'],
    ],
    [
      'an included role with a bad name',
      { ...emptyRole, includedRoles: ['bad name'] },
      ['includedRoles.0: Role name: 1 to 64 letters, digits, "_", "-" or "."'],
    ],
    [
      'a locking principal starting with $',
      { ...emptyRole, lockingPrincipal: '$system' },
      [
        'lockingPrincipal: Principal name: 1 to 128 characters without spaces, "/" or "?", not starting with "$"',
      ],
    ],
    ['an unknown field', { ...emptyRole, name: 'x' }, [': Unrecognized key: "name"']],
    [
      'missing lists',
      {},
      [
        'globalPermissions: Invalid input: expected array, received undefined',
        'defaultPathPermissions: Invalid input: expected array, received undefined',
        'pathPermissions: Invalid input: expected record, received undefined',
        'includedRoles: Invalid input: expected array, received undefined',
      ],
    ],
  ])('refuses %s', (_case, input, expected) => {
    expect(issues(roleInputSchema, input)).toEqual(expected);
  });

  it('paths named like object properties are ordinary paths', () => {
    expect(
      roleInputSchema.parse({ ...emptyRole, pathPermissions: { constructor: ['READ_TOPIC'] } })
        .pathPermissions,
    ).toEqual({ constructor: ['READ_TOPIC'] });
  });

  it('refuses the path __proto__, which record parsing would drop silently', () => {
    expect(securityPathSchema.safeParse('__proto__').error?.issues[0]?.message).toBe(
      'The path "__proto__" cannot carry permissions',
    );
    expect(isolatedPathsInputSchema.safeParse({ isolatedPaths: ['__proto__'] }).success).toBe(
      false,
    );
  });

  it('refuses more than 1000 paths', () => {
    const pathPermissions = Object.fromEntries(
      Array.from({ length: 1001 }, (_, index) => [`p${index}`, []]),
    );
    expect(issues(roleInputSchema, { ...emptyRole, pathPermissions })).toEqual([
      'pathPermissions: at most 1000 paths',
    ]);
  });
});

describe('principal input', () => {
  it('a password is optional (an update keeps the hash) but checked when given', () => {
    expect(principalInputSchema.parse({ roles: ['CLIENT'] })).toEqual({ roles: ['CLIENT'] });
    expect(issues(principalInputSchema, { password: 'short', roles: ['ok', 'no way'] })).toEqual([
      'password: Password must be at least 8 characters',
      'roles.1: Role name: 1 to 64 letters, digits, "_", "-" or "."',
    ]);
    expect(issues(principalInputSchema, { password: 'x'.repeat(129), roles: [] })).toEqual([
      'password: Password must be at most 128 characters',
    ]);
  });

  it.each([
    ['sensor-7', true],
    ['ops.team@site', true],
    ['a?b', false], // `?` starts the proposed session properties in an MQTT username
    ['$admin', false],
    ['with space', false],
    ['a/b', false],
    ['', false],
    ['x'.repeat(128), true],
    ['x'.repeat(129), false],
  ])('principal name "%s": %s', (name, valid) => {
    expect(principalNameSchema.safeParse(name).success).toBe(valid);
  });
});

describe('store settings', () => {
  it('default roles: role names checked, repeats dropped', () => {
    expect(
      defaultRolesInputSchema.parse({
        rolesForNamedSessions: ['a', 'a'],
        rolesForAnonymousSessions: [],
      }),
    ).toEqual({ rolesForNamedSessions: ['a'], rolesForAnonymousSessions: [] });
    expect(
      issues(defaultRolesInputSchema, {
        rolesForNamedSessions: [],
        rolesForAnonymousSessions: ['x y'],
      }),
    ).toEqual(['rolesForAnonymousSessions.0: Role name: 1 to 64 letters, digits, "_", "-" or "."']);
  });

  it('isolated paths: each a topic path', () => {
    expect(issues(isolatedPathsInputSchema, { isolatedPaths: ['a', 'a/#', ''] })).toEqual([
      'isolatedPaths.1: Topic path "a/#" must not contain +, # or a NUL character',
      'isolatedPaths.2: A topic path must not be empty',
    ]);
  });

  it("anonymous action: ALLOW, DENY or ABSTAIN (not the spec list's ABORT)", () => {
    expect(issues(anonymousActionInputSchema, { anonymousAction: 'ABORT' })).toEqual([
      'anonymousAction: Invalid option: expected one of "ALLOW"|"DENY"|"ABSTAIN"',
    ]);
  });

  it('trusted properties: each name and rule says what is wrong', () => {
    expect(
      issues(trustedPropertiesInputSchema, {
        trustedProperties: {
          $Principal: { type: 'values', values: ['x'] },
          Department: { type: 'values', values: [] },
          Region: { type: 'regex', regex: '' },
          Other: { type: 'list' },
        },
      }),
    ).toEqual([
      'trustedProperties.$Principal: property names: a letter, then letters, digits, "_" or "-"',
      'trustedProperties.Department.values: at least one value',
      'trustedProperties.Region.regex: a pattern is required',
      "trustedProperties.Other.type: Invalid discriminator value. Expected 'values' | 'regex'",
    ]);
  });
});

describe('explain query', () => {
  it.each([
    'principal:sensor-7',
    'anonymous',
    'serviceToken:read',
    'serviceToken:write',
    'member:User',
  ])('accepts subject %s', (subject) => {
    expect(explainQuerySchema.safeParse({ subject, target: '#' }).success).toBe(true);
  });

  it('names the missing or wrong subject and target', () => {
    expect(issues(explainQuerySchema, {})).toEqual([
      'subject: subject is required',
      'target: target is required',
    ]);
    expect(issues(explainQuerySchema, { subject: 'member:Root', target: '' })).toEqual([
      'subject: subject: principal:<name>, anonymous, serviceToken:read, serviceToken:write, serviceToken:adapter or member:<role>',
      'target: target: a topic path, MQTT filter or selector',
    ]);
  });
});
