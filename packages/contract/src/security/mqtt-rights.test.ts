import { describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES } from './permissions';
import {
  decidePublishRights,
  decideReceive,
  decideSubscribe,
  rightsOf,
  SessionRights,
} from './mqtt-rights';
import { expandRoles, resolvePathPermissions, securityModel } from './resolve-permissions';
import { roleDefinition } from './testing/role-factories';

const role = roleDefinition;

const model = securityModel(
  [
    ...BUILT_IN_ROLES,
    role('sensors', {
      pathPermissions: {
        sensors: ['SELECT_TOPIC', 'READ_TOPIC', 'UPDATE_TOPIC'],
        'sensors/new': ['UPDATE_TOPIC', 'MODIFY_TOPIC'],
      },
    }),
    role('rootSelect', { defaultPathPermissions: ['SELECT_TOPIC'] }),
    role('sysViewer', { globalPermissions: ['VIEW_SERVER'] }),
  ],
  [],
);

describe('decideSubscribe', () => {
  it.each<[string[], string, boolean]>([
    [['sensors'], 'sensors/#', true],
    [['sensors'], 'sensors/+/temperature', true],
    [['sensors'], 'sensors', true],
    [['sensors'], 'other/#', false],
    // `#` and `+/#` have the root as prefix: only the roles' default path permissions count there.
    [['sensors'], '#', false],
    [['sensors'], '+/#', false],
    [['sensors'], '+/temperature', false],
    [['rootSelect'], '#', true],
    [['rootSelect'], '+/#', true],
    [['CLIENT'], '#', true],
    // $SYS/ needs VIEW_SERVER, whatever the path permissions say.
    [['CLIENT'], '$SYS/#', false],
    [['ADMINISTRATOR'], '$SYS/#', true],
    [['OPERATOR'], '$SYS/broker/clients', true],
    [['OBSERVER'], '$SYS/#', false],
    [['sysViewer'], '$SYS/+/x', true],
    [['sysViewer'], '$SYS', true],
    [['sysViewer'], 'sensors/#', false],
    [[], '#', false],
  ])('roles %j, filter "%s": %s', (roles, filter, allowed) => {
    expect(decideSubscribe(rightsOf(model, roles), filter).allowed).toBe(allowed);
  });

  it('says why, naming the permission and where', () => {
    expect(decideSubscribe(rightsOf(model, ['sensors']), '#').reason).toBe(
      "no SELECT_TOPIC at the root, the filter's prefix",
    );
    expect(decideSubscribe(rightsOf(model, ['sensors']), 'sensors/+/t').reason).toBe(
      'SELECT_TOPIC on "sensors", the filter\'s prefix',
    );
    expect(decideSubscribe(rightsOf(model, ['CLIENT']), '$SYS/#').reason).toMatch(/VIEW_SERVER/);
  });
});

describe('decideReceive', () => {
  it.each<[string[], string, boolean]>([
    [['sensors'], 'sensors/a/temperature', true],
    [['sensors'], 'other', false],
    [['CLIENT'], 'anything/at/all', true],
    [['CLIENT'], '$SYS/broker/uptime', false],
    [['sysViewer'], '$SYS/broker/uptime', true],
    [['OBSERVER'], 'a/b', true],
    [['PUBLISHER'], '$SYS/x', false],
  ])('roles %j, topic "%s": %s', (roles, path, allowed) => {
    expect(decideReceive(rightsOf(model, roles), path).allowed).toBe(allowed);
  });
});

describe('decidePublishRights', () => {
  it.each<[string[], string, boolean, boolean]>([
    // [roles, path, topic exists, allowed]
    [['sensors'], 'sensors/a', true, true],
    [['sensors'], 'sensors/a', false, false], // UPDATE but no MODIFY: may not create
    [['sensors'], 'sensors/new/a', false, true], // UPDATE and MODIFY: creates
    [['sensors'], 'other', true, false],
    [['CLIENT'], 'a', true, false],
    [['PUBLISHER'], 'a/b', false, true],
    [['OBSERVER'], 'a/b', true, false],
    // Nobody publishes to $SYS/, not even ADMINISTRATOR.
    [['ADMINISTRATOR'], '$SYS/broker/x', true, false],
    [['ADMINISTRATOR'], '$SYS/broker/x', false, false],
    [['ADMINISTRATOR'], 'a', false, true],
  ])('roles %j, topic "%s" (exists: %s): %s', (roles, path, exists, allowed) => {
    expect(decidePublishRights(rightsOf(model, roles), path, exists).allowed).toBe(allowed);
  });

  it('a refused creation says MODIFY_TOPIC is missing', () => {
    expect(decidePublishRights(rightsOf(model, ['sensors']), 'sensors/a', false).reason).toMatch(
      /^no MODIFY_TOPIC on "sensors\/a"/,
    );
  });
});

describe('SessionRights', () => {
  it('holds the global permissions of its roles, included ones too', () => {
    const rights = new SessionRights(model, ['OBSERVER']);
    expect(rights.hasGlobal('VIEW_SECURITY')).toBe(true);
    expect(rights.hasGlobal('VIEW_SERVER')).toBe(false);
    // OBSERVER reads through CLIENT, which it includes.
    expect(rights.has('x/y', 'READ_TOPIC')).toBe(true);
    expect(rights.held.map(({ name, via }) => [name, via])).toEqual([
      ['OBSERVER', []],
      ['CLIENT', ['OBSERVER']],
    ]);
  });

  it('the bounded cache does not change answers once it is cleared', () => {
    const rights = new SessionRights(model, ['sensors', 'CLIENT']);
    const held = expandRoles(model, ['sensors', 'CLIENT']);
    const first = [...rights.resolve('sensors/new/x').permissions];
    // More distinct paths than the cache holds: it is cleared at least once on the way.
    for (let index = 0; index < 10_050; index += 1) {
      const path = index % 2 === 0 ? `sensors/new/${index}` : `other/${index}`;
      expect(rights.resolve(path).permissions).toEqual(
        resolvePathPermissions(model, held, path).permissions,
      );
    }
    expect([...rights.resolve('sensors/new/x').permissions]).toEqual(first);
    expect(rights.has('other/9', 'UPDATE_TOPIC')).toBe(false);
    expect(rights.has('sensors/new/9', 'MODIFY_TOPIC')).toBe(true);
  });

  it('answers from the model it was built with: a new store needs a new rights object', () => {
    const before = new SessionRights(model, ['CLIENT']);
    expect(before.has('a', 'READ_TOPIC')).toBe(true);
    const stricter = securityModel([role('CLIENT', { defaultPathPermissions: [] })], []);
    expect(new SessionRights(stricter, ['CLIENT']).has('a', 'READ_TOPIC')).toBe(false);
  });
});
