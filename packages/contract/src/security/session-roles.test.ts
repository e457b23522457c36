import { describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES } from './permissions';
import { memberSessionRoles, sessionRoles } from './session-roles';
import { SessionRights } from './mqtt-rights';
import { securityModel } from './resolve-permissions';

const defaults = {
  rolesForNamedSessions: ['named', 'shared'],
  rolesForAnonymousSessions: ['anon'],
};

describe('sessionRoles', () => {
  it('a principal: its assigned roles, then the roles for named sessions, each once', () => {
    expect(
      sessionRoles(
        { kind: 'principal', name: 'sensor-7', assignedRoles: ['own', 'shared'] },
        defaults,
      ),
    ).toEqual({
      roles: ['own', 'shared', 'named'],
      origins: {
        own: 'assigned to principal "sensor-7"',
        // Assigned and also a default: the assignment is what the explainer names.
        shared: 'assigned to principal "sensor-7"',
        named: 'roles for named sessions',
      },
    });
  });

  it('role names that are also names of object properties are kept', () => {
    const names = ['constructor', 'toString', '__proto__', 'hasOwnProperty'];
    const result = sessionRoles(
      { kind: 'principal', name: 'p', assignedRoles: names },
      { rolesForNamedSessions: [], rolesForAnonymousSessions: [] },
    );
    expect(result.roles).toEqual(names);
    for (const name of names) {
      expect(Object.hasOwn(result.origins, name)).toBe(true);
      expect(result.origins[name]).toBe('assigned to principal "p"');
    }
  });

  it('a principal with no roles and no defaults holds none', () => {
    expect(
      sessionRoles(
        { kind: 'principal', name: 'p', assignedRoles: [] },
        { rolesForNamedSessions: [], rolesForAnonymousSessions: ['anon'] },
      ),
    ).toEqual({ roles: [], origins: {} });
  });

  it('the anonymous session: only the roles for anonymous sessions', () => {
    expect(sessionRoles({ kind: 'anonymous' }, defaults)).toEqual({
      roles: ['anon'],
      origins: { anon: 'roles for anonymous sessions' },
    });
  });

  it.each([
    ['write', 'ADMINISTRATOR', 'service API token with write scope'],
    ['read', 'CLIENT', 'service API token with read scope'],
    ['adapter', 'PUBLISHER', 'an adapter of the service'],
  ] as const)(
    'a service token with %s access acts as %s, whatever the defaults',
    (access, name, origin) => {
      expect(sessionRoles({ kind: 'serviceToken', access }, defaults)).toEqual({
        roles: [name],
        origins: { [name]: origin },
      });
    },
  );

  it.each([
    ['Owner', 'ADMINISTRATOR'],
    ['Admin', 'ADMINISTRATOR'],
    ['User', 'OBSERVER'],
  ] as const)('a dashboard member with workspace role %s acts as %s', (workspaceRole, name) => {
    expect(memberSessionRoles(workspaceRole)).toEqual([name]);
    expect(sessionRoles({ kind: 'member', workspaceRole }, defaults)).toEqual({
      roles: [name],
      origins: { [name]: `dashboard member with workspace role ${workspaceRole}` },
    });
  });

  it('a User member reads topics and security but publishes nothing and sees no $SYS/', () => {
    const rights = new SessionRights(
      securityModel(BUILT_IN_ROLES, []),
      sessionRoles({ kind: 'member', workspaceRole: 'User' }, defaults).roles,
    );
    expect(rights.has('a/b', 'READ_TOPIC')).toBe(true);
    expect(rights.has('a/b', 'SELECT_TOPIC')).toBe(true);
    expect(rights.has('a/b', 'UPDATE_TOPIC')).toBe(false);
    expect(rights.hasGlobal('VIEW_SECURITY')).toBe(true);
    expect(rights.hasGlobal('MODIFY_SECURITY')).toBe(false);
    expect(rights.hasGlobal('VIEW_SERVER')).toBe(false);
  });
});
