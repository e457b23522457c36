import { buildPath } from '@herald/contract/api/define-route';
import { routes } from '@herald/contract/api/routes';
import { auditLogPageSchema, memberSchema } from '@herald/contract/members/member.schema';
import { MEMBER_CHANGE_REASONS } from '@herald/contract/members/owner-invariant';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { workspace } from '../../db/schema';

import type { TestDatabase } from '../../testing/test-database';
import { useTestApp } from '../../testing/use-test-app';

import { testDatabaseKind } from '../../testing/test-database-kind';
import {
  addTestMember,
  callAs,
  createTestMember,
  createTestTeam,
} from '../../testing/test-workspaces';
import type { TestMember } from '../../testing/test-workspaces';
import { MEMBER_MESSAGES } from './members.service';

describe('workspace members and the audit trail', () => {
  let app: FastifyInstance;
  useTestApp((ready) => ({ app } = ready));

  const membersPath = (workspaceId: string) => buildPath(routes.listMembers.path, { workspaceId });
  const rolePath = (workspaceId: string, customerid: string) =>
    buildPath(routes.changeMemberRole.path, { workspaceId, customerid });
  const memberPath = (workspaceId: string, customerid: string) =>
    buildPath(routes.removeMember.path, { workspaceId, customerid });
  const auditPath = (workspaceId: string, query = '') =>
    `${buildPath(routes.listAuditLog.path, { workspaceId })}${query}`;

  async function rolesOf(who: TestMember, workspaceId: string): Promise<Record<string, string[]>> {
    const members = (await callAs(app, who, 'GET', membersPath(workspaceId))).json() as {
      customerid: string;
      roles: string[];
    }[];
    return Object.fromEntries(members.map((member) => [member.customerid, member.roles]));
  }

  describe('GET members', () => {
    it('lists every member with names, roles and joinedAt, to any member', async () => {
      const team = await createTestTeam(app);
      const response = await callAs(app, team.user, 'GET', membersPath(team.workspaceId));
      expect(response.statusCode).toBe(200);
      const members = memberSchema.array().parse(response.json());
      expect(members.map((member) => [member.email, member.roles])).toEqual([
        [team.owner.email, ['Owner']],
        [team.admin.email, ['Admin']],
        [team.user.email, ['User']],
      ]);
      expect(members[0]).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
    });
  });

  describe('PUT a member role', () => {
    it('lets an Admin promote a User, records from/to with the actor and address', async () => {
      const team = await createTestTeam(app);
      const response = await app.inject({
        method: 'PUT',
        url: rolePath(team.workspaceId, team.user.userId),
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${team.admin.token}`,
        },
        remoteAddress: '203.0.113.7',
        payload: { role: 'Admin' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toContainEqual(
        expect.objectContaining({ customerid: team.user.userId, roles: ['Admin'] }),
      );
      const [entry] = (await callAs(app, team.owner, 'GET', auditPath(team.workspaceId))).json()
        .entries;
      expect(entry).toMatchObject({
        action: 'member.role_changed',
        actor: { customerid: team.admin.userId, email: team.admin.email },
        target: team.user.email,
        details: { from: 'User', to: 'Admin' },
        ipAddress: '203.0.113.7',
      });
    });

    it('transfers ownership when the Owner makes someone Owner (the old Owner becomes Admin)', async () => {
      const team = await createTestTeam(app);
      const response = await callAs(
        app,
        team.owner,
        'PUT',
        rolePath(team.workspaceId, team.user.userId),
        {
          role: 'Owner',
        },
      );
      expect(response.statusCode).toBe(200);
      expect(await rolesOf(team.owner, team.workspaceId)).toEqual({
        [team.owner.userId]: ['Admin'],
        [team.admin.userId]: ['Admin'],
        [team.user.userId]: ['Owner'],
      });
    });

    it.each([
      [
        'an Admin making someone Owner',
        'admin',
        'user',
        'Owner',
        403,
        MEMBER_CHANGE_REASONS.onlyOwnerCanTransferOwnership,
      ],
      [
        'an Admin demoting the Owner',
        'admin',
        'owner',
        'User',
        403,
        MEMBER_CHANGE_REASONS.adminCannotChangeOwner,
      ],
      [
        'the Owner demoting themselves',
        'owner',
        'owner',
        'Admin',
        403,
        MEMBER_CHANGE_REASONS.ownerMustExist,
      ],
      [
        'a User changing anyone',
        'user',
        'admin',
        'User',
        403,
        MEMBER_CHANGE_REASONS.actorCannotManageMembers,
      ],
      [
        'a change of a non-member',
        'owner',
        'stranger',
        'User',
        404,
        MEMBER_CHANGE_REASONS.memberNotFound,
      ],
    ] as const)('refuses %s', async (_label, actor, target, role, status, message) => {
      const team = await createTestTeam(app);
      const stranger = await createTestMember(app);
      const members = { ...team, stranger };
      const response = await callAs(
        app,
        members[actor],
        'PUT',
        rolePath(team.workspaceId, members[target].userId),
        { role },
      );
      expect(response.statusCode).toBe(status);
      expect(response.json().message).toBe(message);
      expect((await rolesOf(team.owner, team.workspaceId))[team.owner.userId]).toEqual(['Owner']);
    });

    it('refuses an unknown role with 400', async () => {
      const team = await createTestTeam(app);
      const response = await callAs(
        app,
        team.owner,
        'PUT',
        rolePath(team.workspaceId, team.user.userId),
        {
          role: 'Root',
        },
      );
      expect(response.statusCode).toBe(400);
    });

    it('answers 404 to the Owner of another workspace', async () => {
      const team = await createTestTeam(app);
      const other = await createTestTeam(app);
      const response = await callAs(
        app,
        other.owner,
        'PUT',
        rolePath(team.workspaceId, team.user.userId),
        {
          role: 'Admin',
        },
      );
      expect(response.statusCode).toBe(404);
    });
  });

  describe('DELETE a member', () => {
    it('lets an Admin remove a User (204, audited) but never the Owner', async () => {
      const team = await createTestTeam(app);
      const removed = await callAs(
        app,
        team.admin,
        'DELETE',
        memberPath(team.workspaceId, team.user.userId),
      );
      expect(removed.statusCode).toBe(204);
      expect(Object.keys(await rolesOf(team.owner, team.workspaceId))).not.toContain(
        team.user.userId,
      );
      const entries = (await callAs(app, team.owner, 'GET', auditPath(team.workspaceId))).json()
        .entries;
      expect(entries[0]).toMatchObject({ action: 'member.removed', target: team.user.email });

      const owner = await callAs(
        app,
        team.admin,
        'DELETE',
        memberPath(team.workspaceId, team.owner.userId),
      );
      expect(owner.statusCode).toBe(403);
      expect(owner.json().message).toBe(MEMBER_CHANGE_REASONS.adminCannotChangeOwner);
    });

    it('refuses a User (403) and an outsider (404)', async () => {
      const team = await createTestTeam(app);
      const outsider = await createTestMember(app);
      const byUser = await callAs(
        app,
        team.user,
        'DELETE',
        memberPath(team.workspaceId, team.admin.userId),
      );
      expect(byUser.statusCode).toBe(403);
      const byOutsider = await callAs(
        app,
        outsider,
        'DELETE',
        memberPath(team.workspaceId, team.user.userId),
      );
      expect(byOutsider.statusCode).toBe(404);
    });
  });

  describe('POST leave', () => {
    it('lets a member leave (204, audited); the Owner must transfer ownership first', async () => {
      const team = await createTestTeam(app);
      const leavePath = buildPath(routes.leaveWorkspace.path, { workspaceId: team.workspaceId });
      expect((await callAs(app, team.user, 'POST', leavePath)).statusCode).toBe(204);
      expect((await callAs(app, team.user, 'GET', membersPath(team.workspaceId))).statusCode).toBe(
        404,
      );
      const owner = await callAs(app, team.owner, 'POST', leavePath);
      expect(owner.statusCode).toBe(403);
      expect(owner.json().message).toBe(MEMBER_MESSAGES.ownerCannotLeave);
      const entries = (await callAs(app, team.owner, 'GET', auditPath(team.workspaceId))).json()
        .entries;
      expect(entries[0]).toMatchObject({
        action: 'member.left',
        actor: { customerid: team.user.userId },
      });
    });
  });

  describe('GET audit-log', () => {
    it('pages newest first by cursor, to Admins and the Owner only', async () => {
      const team = await createTestTeam(app);
      for (const role of ['Admin', 'User', 'Admin'] as const) {
        await callAs(app, team.owner, 'PUT', rolePath(team.workspaceId, team.user.userId), {
          role,
        });
      }
      const all = auditLogPageSchema.parse(
        (await callAs(app, team.admin, 'GET', auditPath(team.workspaceId))).json(),
      );
      expect(all.entries.map((entry) => entry.action)).toEqual([
        'member.role_changed',
        'member.role_changed',
        'member.role_changed',
        'workspace.created',
      ]);
      expect(all.nextCursor).toBeNull();

      const first = (
        await callAs(app, team.admin, 'GET', auditPath(team.workspaceId, '?limit=3'))
      ).json();
      expect(first.entries).toHaveLength(3);
      expect(first.entries[0].details).toEqual({
        customerid: team.user.userId,
        from: 'User',
        to: 'Admin',
      });
      const second = (
        await callAs(
          app,
          team.admin,
          'GET',
          auditPath(team.workspaceId, `?limit=3&before=${first.nextCursor}`),
        )
      ).json();
      expect(second.entries.map((entry: { action: string }) => entry.action)).toEqual([
        'workspace.created',
      ]);
      expect(second.nextCursor).toBeNull();

      const plainUser = await createTestMember(app);
      await addTestMember(app, team.workspaceId, plainUser, 'User');
      expect((await callAs(app, plainUser, 'GET', auditPath(team.workspaceId))).statusCode).toBe(
        403,
      );
    });

    it.each(['?before=garbage', '?limit=0', '?limit=101'])('refuses %s with 400', async (query) => {
      const team = await createTestTeam(app);
      const response = await callAs(app, team.owner, 'GET', auditPath(team.workspaceId, query));
      expect(response.statusCode).toBe(400);
    });
  });

  describe(`exactly one Owner under concurrent changes (${testDatabaseKind()})`, () => {
    it.each([1, 2, 3, 4, 5])(
      'round %i: a transfer to a member racing with Admins removing and demoting them',
      async () => {
        const team = await createTestTeam(app);
        const secondAdmin = await createTestMember(app);
        await addTestMember(app, team.workspaceId, secondAdmin, 'Admin');
        const target = team.user.userId;
        const responses = await Promise.all([
          callAs(app, team.owner, 'PUT', rolePath(team.workspaceId, target), { role: 'Owner' }),
          callAs(app, team.admin, 'DELETE', memberPath(team.workspaceId, target)),
          callAs(app, secondAdmin, 'PUT', rolePath(team.workspaceId, target), { role: 'User' }),
        ]);
        for (const response of responses)
          expect([200, 204, 403, 404]).toContain(response.statusCode);
        const roles = await rolesOf(secondAdmin, team.workspaceId);
        const owners = Object.values(roles).filter((memberRoles) => memberRoles.includes('Owner'));
        expect(owners).toHaveLength(1);
      },
    );
  });
});

describe('deleting the account of an Owner', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  useTestApp((ready) => ({ app, database } = ready));

  it('is refused while others belong to the workspace, and allowed after a transfer', async () => {
    const team = await createTestTeam(app, 'Shared team');
    const refused = await callAs(app, team.owner, 'DELETE', routes.deleteUser.path);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Transfer the ownership of Shared team to another member before deleting your account.',
    );
    const stillOwned = await callAs(
      app,
      team.admin,
      'GET',
      buildPath(routes.listMembers.path, { workspaceId: team.workspaceId }),
    );
    expect(stillOwned.json()).toContainEqual(
      expect.objectContaining({ customerid: team.owner.userId, roles: ['Owner'] }),
    );

    const transfer = await callAs(
      app,
      team.owner,
      'PUT',
      buildPath(routes.changeMemberRole.path, {
        workspaceId: team.workspaceId,
        customerid: team.admin.userId,
      }),
      { role: 'Owner' },
    );
    expect(transfer.statusCode).toBe(200);
    expect((await callAs(app, team.owner, 'DELETE', routes.deleteUser.path)).statusCode).toBe(204);
    const members = await callAs(
      app,
      team.admin,
      'GET',
      buildPath(routes.listMembers.path, { workspaceId: team.workspaceId }),
    );
    expect(members.json().map((member: { customerid: string }) => member.customerid)).not.toContain(
      team.owner.userId,
    );
  });

  it('takes a workspace the Owner is alone in along with the account', async () => {
    const loner = await createTestMember(app);
    const created = await callAs(app, loner, 'POST', routes.createWorkspace.path, { name: 'Solo' });
    const { workspace_id: workspaceId } = created.json() as { workspace_id: string };
    expect((await callAs(app, loner, 'DELETE', routes.deleteUser.path)).statusCode).toBe(204);
    const rows = await database.db.select().from(workspace).where(eq(workspace.id, workspaceId));
    expect(rows).toHaveLength(0);
  });
});
