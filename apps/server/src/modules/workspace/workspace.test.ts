import { routes } from '@herald/contract/api/routes';
import { buildPath } from '@herald/contract/api/define-route';
import { workspaceSchema } from '@herald/contract/workspaces/workspace.schema';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { WORKSPACE_NOT_FOUND_MESSAGE } from '../../plugins/route-registry';

import { useTestApp } from '../../testing/use-test-app';

import { signUpVerified } from '../../testing/test-users';
import {
  callAs,
  createTestMember,
  createTestTeam,
  createTestWorkspace,
} from '../../testing/test-workspaces';
import { firstWorkspaceName } from './workspace.service';

describe('/v3/workspaces and /v3/workspace', () => {
  let app: FastifyInstance;
  useTestApp((ready) => ({ app } = ready));

  describe('POST /v3/workspace', () => {
    it('creates a team with the caller as its Owner: 201 {workspace_id}, listed with the entity defaults', async () => {
      const owner = await createTestMember(app);
      const created = await callAs(app, owner, 'POST', routes.createWorkspace.path, {
        name: '  Rocket team ',
      });
      expect(created.statusCode).toBe(201);
      const { workspace_id } = created.json();
      expect(workspace_id).toMatch(/^[0-9a-f]{12}$/);

      const listed = await callAs(
        app,
        owner,
        'GET',
        `${routes.listWorkspaces.path}?expandServices=true`,
      );
      expect(listed.statusCode).toBe(200);
      const workspaces = listed.json();
      expect(workspaces).toEqual([
        {
          workspace_id,
          name: 'Rocket team',
          company_name: null,
          users: [{ customerid: owner.userId, email: owner.email, roles: ['Owner'] }],
          services: [],
          provider: null,
          billingProvider: null,
          paymentMethodExempted: false,
          manuallyBilled: false,
          isFreeTrialAvailable: true,
          // Section 4 account closure reason (docs/decisions/025).
          closureReason: null,
        },
      ]);
      expect(() => workspaceSchema.array().parse(workspaces)).not.toThrow();
    });

    it.each([
      ['an empty name', { name: '   ' }],
      ['a name that is too long', { name: 'x'.repeat(65) }],
      ['an unknown field', { name: 'Team', owner: 'someone-else' }],
    ])('refuses %s with 400', async (_label, payload) => {
      const owner = await createTestMember(app);
      const response = await callAs(app, owner, 'POST', routes.createWorkspace.path, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    });

    it('answers 401 without a session', async () => {
      const response = await callAs(app, undefined, 'POST', routes.createWorkspace.path, {
        name: 'Team',
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('GET /v3/workspaces', () => {
    it("lists only the caller's workspaces, with every member and role", async () => {
      const team = await createTestTeam(app, 'Listed team');
      const stranger = await createTestMember(app);
      await createTestWorkspace(app, stranger, 'Foreign team');

      const response = await callAs(app, team.user, 'GET', routes.listWorkspaces.path);
      expect(response.statusCode).toBe(200);
      const [workspace, ...others] = response.json();
      expect(others).toEqual([]);
      expect(workspace.workspace_id).toBe(team.workspaceId);
      expect(workspace.users).toEqual([
        { customerid: team.owner.userId, email: team.owner.email, roles: ['Owner'] },
        { customerid: team.admin.userId, email: team.admin.email, roles: ['Admin'] },
        { customerid: team.user.userId, email: team.user.email, roles: ['User'] },
      ]);
    });

    it('is empty for a user without workspaces, and refuses an unknown query parameter', async () => {
      const loner = await createTestMember(app);
      expect((await callAs(app, loner, 'GET', routes.listWorkspaces.path)).json()).toEqual([]);
      const bad = await callAs(app, loner, 'GET', `${routes.listWorkspaces.path}?owner=x`);
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('the membership guard', () => {
    it.each([
      ['a workspace of someone else', 'foreign'],
      ['a workspace that does not exist', 'ffffffffffff'],
      ['a malformed workspace id', 'not a valid/id'],
    ])('answers 404 for %s, the same way', async (_label, which) => {
      const team = await createTestTeam(app);
      const outsider = await createTestMember(app);
      const foreignId = await createTestWorkspace(app, outsider, 'Outsider team');
      const workspaceId = which === 'foreign' ? foreignId : which;
      const response = await callAs(
        app,
        team.owner,
        'GET',
        `/v3/workspace/${encodeURIComponent(workspaceId)}/members`,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        code: 'NOT_FOUND',
        message: WORKSPACE_NOT_FOUND_MESSAGE,
      });
    });

    it('answers 401 to an anonymous caller', async () => {
      const team = await createTestTeam(app);
      const response = await callAs(
        app,
        undefined,
        'GET',
        buildPath(routes.listMembers.path, { workspaceId: team.workspaceId }),
      );
      expect(response.statusCode).toBe(401);
    });
  });

  describe('the first workspace', () => {
    it('is created at sign-up with complete details, named after the company, with the user as Owner', async () => {
      const { token, user, email } = await signUpVerified(app, { company: 'Acme Rockets' });
      const who = { userId: user.customerid, email, token };
      const [workspace, ...others] = (
        await callAs(app, who, 'GET', routes.listWorkspaces.path)
      ).json();
      expect(others).toEqual([]);
      expect(workspace).toMatchObject({
        name: 'Acme Rockets',
        company_name: 'Acme Rockets',
        users: [{ customerid: user.customerid, email, roles: ['Owner'] }],
      });
      const audit = await callAs(
        app,
        who,
        'GET',
        buildPath(routes.listAuditLog.path, { workspaceId: workspace.workspace_id }),
      );
      expect(audit.json().entries).toMatchObject([
        { action: 'workspace.created', actor: { customerid: user.customerid, email } },
      ]);
    });

    it('waits for complete details, then is created once, however many updates race', async () => {
      const { token, user, email } = await signUpVerified(app);
      const who = { userId: user.customerid, email, token };
      expect((await callAs(app, who, 'GET', routes.listWorkspaces.path)).json()).toEqual([]);

      const updates = await Promise.all(
        Array.from({ length: 4 }, () =>
          callAs(app, who, 'PUT', routes.updateUser.path, { company: 'Globex' }),
        ),
      );
      expect(updates.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
      const workspaces = (await callAs(app, who, 'GET', routes.listWorkspaces.path)).json();
      expect(workspaces).toHaveLength(1);
      expect(workspaces[0]).toMatchObject({ name: 'Globex', company_name: 'Globex' });

      // A later change of company does not create another one.
      await callAs(app, who, 'PUT', routes.updateUser.path, { company: 'Initech' });
      expect((await callAs(app, who, 'GET', routes.listWorkspaces.path)).json()).toHaveLength(1);
    });

    it('is not created for a user who already belongs to a workspace', async () => {
      const { token, user, email } = await signUpVerified(app);
      const who = { userId: user.customerid, email, token };
      const workspaceId = await createTestWorkspace(app, who, 'Joined first');
      await callAs(app, who, 'PUT', routes.updateUser.path, { company: 'Hooli' });
      const workspaces = (await callAs(app, who, 'GET', routes.listWorkspaces.path)).json();
      expect(
        workspaces.map((workspace: { workspace_id: string }) => workspace.workspace_id),
      ).toEqual([workspaceId]);
    });

    it.each([
      [{ firstName: 'Ada', company: 'Acme' }, 'Acme'],
      [{ firstName: 'Ada', company: '  ' }, "Ada's team"],
      [{ firstName: 'Ada', company: null }, "Ada's team"],
    ])('is named from %j as %j', (profile, expected) => {
      expect(firstWorkspaceName(profile)).toBe(expected);
    });
  });
});
