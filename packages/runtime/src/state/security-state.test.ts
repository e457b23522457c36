import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { roleDefinition } from '@herald/contract/security/testing/role-factories';
import { describe, expect, it } from 'vitest';
import { testDataDir } from '../testing/test-keys';
import { DurableState, type StateEntry } from './durable-state';
import type { CustomRoleState } from './security-state';

const role = (name: string, overrides: Partial<CustomRoleState> = {}): CustomRoleState => ({
  ...roleDefinition(name),
  description: null,
  ...overrides,
});

const principal = (name: string, assignedRoles: string[], lockingPrincipal: string | null = null) =>
  ({
    op: 'principal',
    principal: { name, passwordHash: `hash-${name}`, assignedRoles, lockingPrincipal },
  }) satisfies StateEntry;

/** Everything of the security store and authentication settings, in a comparable form. */
function securityOf(state: DurableState) {
  return {
    roles: [...state.security.roles.values()].sort((a, b) => a.name.localeCompare(b.name)),
    rolesForNamedSessions: state.security.rolesForNamedSessions,
    rolesForAnonymousSessions: state.security.rolesForAnonymousSessions,
    isolatedPaths: state.security.isolatedPaths,
    anonymousAction: state.security.anonymousAction,
    trustedProperties: state.security.trustedProperties,
    principals: [...state.principals.values()].sort((a, b) => a.name.localeCompare(b.name)),
  };
}

async function fillSecurity(state: DurableState): Promise<void> {
  await state.commitAsync({
    op: 'role',
    role: role('sensors', {
      description: 'devices of the plant',
      defaultPathPermissions: ['READ_TOPIC'],
      pathPermissions: { 'plant/sensors': ['UPDATE_TOPIC', 'MODIFY_TOPIC'] },
      includedRoles: ['CLIENT'],
      lockingPrincipal: 'ops',
    }),
  });
  await state.commitAsync({
    op: 'role',
    role: role('auditors', { globalPermissions: ['VIEW_SECURITY'] }),
  });
  await state.commitAsync({
    op: 'defaultRoles',
    rolesForNamedSessions: ['auditors'],
    rolesForAnonymousSessions: ['CLIENT'],
  });
  await state.commitAsync({ op: 'isolatedPaths', paths: ['plant/secret'] });
  await state.commitAsync({ op: 'anonymousAction', value: 'ALLOW' });
  await state.commitAsync({
    op: 'trustedProperties',
    value: { Department: { type: 'values', values: ['north', 'south'] } },
  });
  await state.commitAsync(principal('sensor-7', ['sensors'], 'ops'));
}

describe('durable security store', () => {
  it('starts a new service with no custom roles and anonymous sessions denied', async () => {
    const state = await DurableState.open({ dir: await testDataDir() });
    expect(securityOf(state)).toEqual({
      roles: [],
      rolesForNamedSessions: [],
      rolesForAnonymousSessions: [],
      isolatedPaths: [],
      anonymousAction: 'DENY',
      trustedProperties: {},
      principals: [],
    });
    expect([...state.securityModel().roles.keys()]).toEqual([
      'ADMINISTRATOR',
      'OPERATOR',
      'OBSERVER',
      'PUBLISHER',
      'CLIENT',
    ]);
  });

  it('recovers every security record from the log after a crash, and from the snapshot after a close', async () => {
    const dir = await testDataDir();
    const state = await DurableState.open({ dir });
    await fillSecurity(state);
    const expected = securityOf(state);
    expect(expected.principals[0]?.lockingPrincipal).toBe('ops');

    // No close: the log alone (as after kill -9).
    const recovered = await DurableState.open({ dir });
    expect(securityOf(recovered)).toEqual(expected);
    expect(recovered.recoveredRecords).toBe(7);
    // open() compacted: the same state now comes from the snapshot.
    await recovered.close();
    const fromSnapshot = await DurableState.open({ dir });
    expect(fromSnapshot.recoveredRecords).toBe(0);
    expect(securityOf(fromSnapshot)).toEqual(expected);
    expect(fromSnapshot.securityModel().isolatedPaths.has('plant/secret')).toBe(true);
  });

  it('moves the security version and rebuilds the model on every security change only', async () => {
    const state = await DurableState.open({ dir: await testDataDir() });
    const model = state.securityModel();
    expect(state.securityModel()).toBe(model);
    const versions: number[] = [state.securityVersion];
    const changes: StateEntry[] = [
      { op: 'role', role: role('r') },
      { op: 'defaultRoles', rolesForNamedSessions: ['r'], rolesForAnonymousSessions: [] },
      { op: 'isolatedPaths', paths: ['a'] },
      { op: 'anonymousAction', value: 'ABSTAIN' },
      { op: 'trustedProperties', value: {} },
      principal('p', []),
      { op: 'removePrincipal', name: 'p' },
      { op: 'removeRole', name: 'r' },
    ];
    let previousModel = model;
    for (const change of changes) {
      await state.commitAsync(change);
      versions.push(state.securityVersion);
      expect(state.securityModel()).not.toBe(previousModel);
      previousModel = state.securityModel();
    }
    expect(new Set(versions).size).toBe(versions.length);
    await state.commitAsync({ op: 'credentialVersion', value: 3 });
    expect(state.securityVersion).toBe(versions.at(-1));
    expect(state.securityModel()).toBe(previousModel);
  });

  it('takes a removed role out of principals, default lists and other roles, the same way on replay', async () => {
    const dir = await testDataDir();
    const state = await DurableState.open({ dir });
    await fillSecurity(state);
    await state.commitAsync({
      op: 'role',
      role: role('wrapper', { includedRoles: ['auditors', 'sensors'] }),
    });
    await state.commitAsync(principal('auditor-1', ['auditors', 'CLIENT']));
    await state.commitAsync({ op: 'removeRole', name: 'auditors' });

    expect(state.security.roles.has('auditors')).toBe(false);
    expect(state.security.roles.get('wrapper')?.includedRoles).toEqual(['sensors']);
    expect(state.security.rolesForNamedSessions).toEqual([]);
    expect(state.security.rolesForAnonymousSessions).toEqual(['CLIENT']);
    expect(state.principals.get('auditor-1')?.assignedRoles).toEqual(['CLIENT']);
    expect(state.principals.get('sensor-7')?.assignedRoles).toEqual(['sensors']);
    expect(state.securityModel().roles.has('auditors')).toBe(false);

    const replayed = await DurableState.open({ dir });
    expect(securityOf(replayed)).toEqual(securityOf(state));
  });

  it('loads a snapshot and a log written before the security store existed', async () => {
    const dir = await testDataDir();
    // The format of earlier runtimes: no `security`, principals without lockingPrincipal.
    await writeFile(
      join(dir, 'state.json'),
      JSON.stringify({
        format: 1,
        generation: 4,
        credentialVersion: 2,
        principals: [{ name: 'old', passwordHash: 'h', assignedRoles: ['CLIENT'] }],
        topics: [],
      }),
    );
    await writeFile(
      join(dir, 'log-4.jsonl'),
      `${JSON.stringify({ op: 'principal', principal: { name: 'older', passwordHash: 'h2', assignedRoles: [] } })}\n`,
    );
    const state = await DurableState.open({ dir });
    expect(state.principals.get('old')).toEqual({
      name: 'old',
      passwordHash: 'h',
      assignedRoles: ['CLIENT'],
      lockingPrincipal: null,
    });
    expect(state.principals.get('older')?.lockingPrincipal).toBeNull();
    expect(state.security.anonymousAction).toBe('DENY');
    expect(state.security.roles.size).toBe(0);
    expect(state.credentialVersion).toBe(2);
    // And it is written in the new format from now on.
    expect((await readdir(dir)).filter((name) => name.startsWith('log-'))).toEqual(['log-5.jsonl']);
  });
});
