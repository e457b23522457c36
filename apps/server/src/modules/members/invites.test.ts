import { randomUUID } from 'node:crypto';
import { buildPath } from '@herald/contract/api/define-route';
import { ERROR_CODES } from '@herald/contract/api/errors';
import { routes } from '@herald/contract/api/routes';
import { MEMBER_READ_REFUSALS } from '@herald/contract/members/permissions';
import { EMAIL_NOT_VERIFIED_MESSAGE } from '@herald/contract/users/verification-gate';
import { pendingInviteListSchema } from '@herald/contract/workspaces/workspace.schema';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/create-test-app';
import { useTestApp } from '../../testing/use-test-app';
import { createTestDatabase } from '../../testing/test-database';
import type { TestDatabase } from '../../testing/test-database';
import { latestMail, linkIn, uniqueEmail } from '../../testing/test-users';
import { callAs, createTestMember, createTestTeam } from '../../testing/test-workspaces';
import type { TestMember } from '../../testing/test-workspaces';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import { inviteMailSubject } from './invite-mail';
import { INVITE_UNUSABLE_MESSAGE } from './invite-preview';
import { INVITE_MAIL_FAILED_MESSAGE, INVITE_TTL_MS, MEMBER_MESSAGES } from './members.service';

const DAY = 24 * 60 * 60 * 1000;

describe('workspace invitations', () => {
  let app: FastifyInstance;
  /** The app's clock: invitations are created in the past to expire them (sessions use the real time). */
  let offsetMs = 0;

  useTestApp((ready) => ({ app } = ready), {
    clock: () => new Date(Date.now() + offsetMs),
  });

  const invitesPath = (workspaceId: string) => buildPath(routes.listInvites.path, { workspaceId });
  const invitePath = (workspaceId: string, inviteId: string) =>
    buildPath(routes.revokeInvite.path, { workspaceId, inviteId });
  const acceptPath = (inviteId: string) => buildPath(routes.acceptInvite.path, { inviteId });
  const declinePath = (inviteId: string) => buildPath(routes.declineInvite.path, { inviteId });

  async function invite(
    inviter: TestMember,
    workspaceId: string,
    email: string,
    role: 'User' | 'Admin' = 'User',
  ) {
    const response = await callAs(app, inviter, 'POST', invitesPath(workspaceId), { email, role });
    expect(response.statusCode).toBe(201);
    return response.json() as { inviteId: string; expiresAt: string; invitedAt: string };
  }

  async function auditActions(who: TestMember, workspaceId: string): Promise<string[]> {
    const response = await callAs(
      app,
      who,
      'GET',
      buildPath(routes.listAuditLog.path, { workspaceId }),
    );
    return response.json().entries.map((entry: { action: string }) => entry.action);
  }

  describe('POST /v3/workspace/{workspaceId}/invites', () => {
    it('invites a newcomer: 201, a 7-day invitation and an e-mail with the sign-up link', async () => {
      const team = await createTestTeam(app, 'Acme');
      const email = uniqueEmail('newcomer');
      const response = await callAs(app, team.admin, 'POST', invitesPath(team.workspaceId), {
        email: `  ${email.toUpperCase()} `,
        role: 'Admin',
      });
      expect(response.statusCode).toBe(201);
      const created = response.json();
      expect(created).toMatchObject({ email, role: 'Admin', invitedBy: team.admin.email });
      expect(Date.parse(created.expiresAt) - Date.parse(created.invitedAt)).toBe(INVITE_TTL_MS);

      const mail = await latestMail(app, email);
      expect(mail?.subject).toBe(inviteMailSubject('Acme'));
      expect(mail?.text).toContain(team.admin.email);
      expect(mail?.text).toContain('as Admin');
      const link = linkIn(mail?.text ?? '');
      expect(link.pathname).toBe('/signup');
      expect(link.searchParams.get('invite')).toBe(created.inviteId);
      expect(await auditActions(team.owner, team.workspaceId)).toContain('invite.created');
    });

    it('sends someone who has an account to the consider-invite page', async () => {
      const team = await createTestTeam(app);
      const existing = await createTestMember(app);
      await invite(team.owner, team.workspaceId, existing.email);
      const mail = await latestMail(app, existing.email);
      expect(linkIn(mail?.text ?? '').pathname).toBe('/onboarding/consider-invite');
    });

    it('refuses 409 to invite an address with a pending invitation, naming it, and sends nothing', async () => {
      const team = await createTestTeam(app);
      const email = uniqueEmail();
      const first = await invite(team.owner, team.workspaceId, email);
      const mailBefore = await latestMail(app, email);
      expect(mailBefore).toBeDefined();
      const again = await callAs(app, team.admin, 'POST', invitesPath(team.workspaceId), {
        email: email.toUpperCase(),
        role: 'Admin',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: 'CONFLICT',
        message: `An invitation to ${email} is already pending. Resend it from the invitations list.`,
      });
      expect((await latestMail(app, email))?.id).toBe(mailBefore?.id);
      const listed = (await callAs(app, team.owner, 'GET', invitesPath(team.workspaceId))).json();
      expect(listed).toEqual([expect.objectContaining({ inviteId: first.inviteId, role: 'User' })]);
    });

    it('replaces an expired invitation for the same e-mail', async () => {
      const team = await createTestTeam(app);
      const email = uniqueEmail();
      offsetMs = -(INVITE_TTL_MS + 60_000);
      const expired = await invite(team.owner, team.workspaceId, email);
      offsetMs = 0;
      const fresh = await invite(team.owner, team.workspaceId, email, 'Admin');
      const listed = (await callAs(app, team.owner, 'GET', invitesPath(team.workspaceId))).json();
      expect(listed).toEqual([
        expect.objectContaining({ inviteId: fresh.inviteId, role: 'Admin' }),
      ]);
      expect(fresh.inviteId).not.toBe(expired.inviteId);
    });

    it('refuses 409 to invite a member', async () => {
      const team = await createTestTeam(app);
      const response = await callAs(app, team.owner, 'POST', invitesPath(team.workspaceId), {
        email: team.user.email.toUpperCase(),
        role: 'User',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'CONFLICT',
        message: 'This person is already a member of the organisation.',
      });
    });

    it.each([
      ['an Owner role', { email: 'x@example.com', role: 'Owner' }],
      ['a bad e-mail', { email: 'not-an-email', role: 'User' }],
      ['no role', { email: 'x@example.com' }],
    ])('refuses %s with 400', async (_label, payload) => {
      const team = await createTestTeam(app);
      const response = await callAs(
        app,
        team.owner,
        'POST',
        invitesPath(team.workspaceId),
        payload,
      );
      expect(response.statusCode).toBe(400);
    });

    it('refuses a User with 403, and an outsider with 404', async () => {
      const team = await createTestTeam(app);
      const outsider = await createTestMember(app);
      const payload = { email: uniqueEmail(), role: 'User' };
      const byUser = await callAs(app, team.user, 'POST', invitesPath(team.workspaceId), payload);
      expect(byUser.statusCode).toBe(403);
      expect(byUser.json().message).toBe(MEMBER_MESSAGES.cannotManageMembers);
      const byOutsider = await callAs(
        app,
        outsider,
        'POST',
        invitesPath(team.workspaceId),
        payload,
      );
      expect(byOutsider.statusCode).toBe(404);
    });
  });

  describe('listing, revoking and re-sending', () => {
    it('lists open invitations to Admins and the Owner only', async () => {
      const team = await createTestTeam(app);
      const created = await invite(team.admin, team.workspaceId, uniqueEmail());
      const byOwner = await callAs(app, team.owner, 'GET', invitesPath(team.workspaceId));
      expect(byOwner.json()).toEqual([expect.objectContaining({ inviteId: created.inviteId })]);
      expect((await callAs(app, team.user, 'GET', invitesPath(team.workspaceId))).statusCode).toBe(
        403,
      );
    });

    it('revokes: 204, gone from the lists, not acceptable, and a second revoke is 404', async () => {
      const team = await createTestTeam(app);
      const invitee = await createTestMember(app);
      const { inviteId } = await invite(team.owner, team.workspaceId, invitee.email);
      const revoked = await callAs(
        app,
        team.admin,
        'DELETE',
        invitePath(team.workspaceId, inviteId),
      );
      expect(revoked.statusCode).toBe(204);
      expect((await callAs(app, team.owner, 'GET', invitesPath(team.workspaceId))).json()).toEqual(
        [],
      );
      expect((await callAs(app, invitee, 'GET', routes.listPendingInvites.path)).json()).toEqual(
        [],
      );
      const accepted = await callAs(app, invitee, 'POST', acceptPath(inviteId));
      expect(accepted.statusCode).toBe(410);
      expect(accepted.json().message).toBe(MEMBER_MESSAGES.inviteUsed);
      const again = await callAs(app, team.admin, 'DELETE', invitePath(team.workspaceId, inviteId));
      expect(again.statusCode).toBe(404);
      expect(await auditActions(team.owner, team.workspaceId)).toContain('invite.revoked');
    });

    it("refuses a User the invitations list with a read's words, not a change's (issue 25)", async () => {
      const team = await createTestTeam(app);
      const byUser = await callAs(app, team.user, 'GET', invitesPath(team.workspaceId));
      expect(byUser.statusCode).toBe(403);
      expect(byUser.json().message).toBe(MEMBER_READ_REFUSALS.invites);
    });

    it("answers 404 for another workspace's invitation, and 403 to a User", async () => {
      const team = await createTestTeam(app);
      const other = await createTestTeam(app);
      const { inviteId } = await invite(other.owner, other.workspaceId, uniqueEmail());
      const foreign = await callAs(
        app,
        team.owner,
        'DELETE',
        invitePath(team.workspaceId, inviteId),
      );
      expect(foreign.statusCode).toBe(404);
      const byUser = await callAs(
        app,
        other.user,
        'DELETE',
        invitePath(other.workspaceId, inviteId),
      );
      expect(byUser.statusCode).toBe(403);
    });

    it('re-sends an expired invitation with a fresh expiry and the e-mail again', async () => {
      const team = await createTestTeam(app, 'Resend team');
      const invitee = await createTestMember(app);
      offsetMs = -8 * DAY;
      const { inviteId } = await invite(team.owner, team.workspaceId, invitee.email);
      offsetMs = 0;
      expect((await callAs(app, invitee, 'GET', routes.listPendingInvites.path)).json()).toEqual(
        [],
      );

      const resent = await callAs(
        app,
        team.admin,
        'POST',
        buildPath(routes.resendInvite.path, { workspaceId: team.workspaceId, inviteId }),
      );
      expect(resent.statusCode).toBe(200);
      expect(Date.parse(resent.json().expiresAt)).toBeGreaterThan(Date.now() + 6 * DAY);
      const mail = await latestMail(app, invitee.email);
      expect(mail?.subject).toBe(inviteMailSubject('Resend team'));
      const pending = (await callAs(app, invitee, 'GET', routes.listPendingInvites.path)).json();
      expect(pending).toEqual([expect.objectContaining({ inviteId })]);
      expect(await auditActions(team.owner, team.workspaceId)).toContain('invite.resent');
    });
  });

  describe('GET /v3/invites/{inviteId} (the sign-up page of an invitation link)', () => {
    const previewPath = (inviteId: string) => buildPath(routes.getInvitePreview.path, { inviteId });
    const anonymous = (inviteId: string, remoteAddress = '203.0.113.7') =>
      app.inject({ method: 'GET', url: previewPath(inviteId), remoteAddress });

    it('shows anyone with the link the team, the inviter by name and the invited e-mail, nothing more', async () => {
      const team = await createTestTeam(app, 'Preview team');
      const email = uniqueEmail('invitee');
      const { inviteId } = await invite(team.admin, team.workspaceId, email, 'Admin');

      const response = await anonymous(inviteId);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        inviteId,
        workspaceName: 'Preview team',
        inviterName: 'Grace Hopper',
        email,
      });
    });

    it('answers one 404 for unknown, revoked, accepted and expired invitations', async () => {
      const team = await createTestTeam(app);
      const revoked = await invite(team.owner, team.workspaceId, uniqueEmail());
      await callAs(app, team.owner, 'DELETE', invitePath(team.workspaceId, revoked.inviteId));
      const invitee = await createTestMember(app);
      const accepted = await invite(team.owner, team.workspaceId, invitee.email);
      await callAs(app, invitee, 'POST', acceptPath(accepted.inviteId));
      offsetMs = -(INVITE_TTL_MS + 60_000);
      const expired = await invite(team.owner, team.workspaceId, uniqueEmail());
      offsetMs = 0;

      const answers = await Promise.all(
        [randomUUID(), revoked.inviteId, accepted.inviteId, expired.inviteId].map(async (id) => {
          const response = await anonymous(id);
          return [response.statusCode, response.json().code, response.json().message];
        }),
      );
      expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
      expect(answers[0]).toEqual([404, 'NOT_FOUND', INVITE_UNUSABLE_MESSAGE]);
    });

    it('refuses a malformed id with 400 naming the parameter', async () => {
      const response = await anonymous('not an id');
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json().issues)).toContain('inviteId');
    });

    it('is rate-limited per address: 429 with the wait once over the limit', async () => {
      const address = '198.51.100.99';
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= RATE_LIMITS.invitePreview.perAddress; attempt += 1) {
        statuses.push((await anonymous(randomUUID(), address)).statusCode);
      }
      expect(statuses.slice(0, -1).every((status) => status === 404)).toBe(true);
      const refused = await anonymous(randomUUID(), address);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.json().message).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
    });
  });

  describe('the invitee', () => {
    it('sees the pending invitation, accepts it once, and becomes a member with its role', async () => {
      const team = await createTestTeam(app, 'Joinable');
      const invitee = await createTestMember(app);
      const { inviteId } = await invite(team.admin, team.workspaceId, invitee.email, 'Admin');

      const pending = await callAs(app, invitee, 'GET', routes.listPendingInvites.path);
      expect(pending.statusCode).toBe(200);
      expect(pendingInviteListSchema.parse(pending.json())).toEqual([
        expect.objectContaining({
          inviteId,
          workspace_id: team.workspaceId,
          workspaceName: 'Joinable',
          email: invitee.email,
          role: 'Admin',
          invitedBy: team.admin.email,
        }),
      ]);

      const accepted = await callAs(app, invitee, 'POST', acceptPath(inviteId));
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toEqual({ workspace_id: team.workspaceId });
      const members = await callAs(
        app,
        invitee,
        'GET',
        buildPath(routes.listMembers.path, { workspaceId: team.workspaceId }),
      );
      expect(members.json()).toContainEqual(
        expect.objectContaining({ customerid: invitee.userId, roles: ['Admin'] }),
      );
      const reused = await callAs(app, invitee, 'POST', acceptPath(inviteId));
      expect(reused.statusCode).toBe(410);
      expect((await callAs(app, invitee, 'GET', routes.listPendingInvites.path)).json()).toEqual(
        [],
      );
      expect(await auditActions(team.owner, team.workspaceId)).toContain('member.joined');
    });

    it('cannot accept or decline an invitation addressed to someone else (404, like an unknown one)', async () => {
      const team = await createTestTeam(app);
      const invitee = await createTestMember(app);
      const linkHolder = await createTestMember(app);
      const { inviteId } = await invite(team.owner, team.workspaceId, invitee.email);
      for (const path of [
        acceptPath(inviteId),
        declinePath(inviteId),
        acceptPath('no-such-invite'),
      ]) {
        const response = await callAs(app, linkHolder, 'POST', path);
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe(MEMBER_MESSAGES.pendingInviteNotFound);
      }
      expect((await callAs(app, linkHolder, 'GET', routes.listPendingInvites.path)).json()).toEqual(
        [],
      );
    });

    it('must verify the e-mail first: no pending invitations and 403 on accept', async () => {
      const team = await createTestTeam(app);
      const unverified = await createTestMember(app, { emailVerified: false });
      const { inviteId } = await invite(team.owner, team.workspaceId, unverified.email);
      // The verify-email step of the onboarding gate, on the server (docs/decisions/035).
      for (const response of [
        await callAs(app, unverified, 'GET', routes.listPendingInvites.path),
        await callAs(app, unverified, 'POST', acceptPath(inviteId)),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({
          code: ERROR_CODES.emailNotVerified,
          message: EMAIL_NOT_VERIFIED_MESSAGE,
        });
      }
    });

    it('cannot accept an expired invitation (410)', async () => {
      const team = await createTestTeam(app);
      const invitee = await createTestMember(app);
      offsetMs = -(INVITE_TTL_MS + 60_000);
      const { inviteId } = await invite(team.owner, team.workspaceId, invitee.email);
      offsetMs = 0;
      const response = await callAs(app, invitee, 'POST', acceptPath(inviteId));
      expect(response.statusCode).toBe(410);
      expect(response.json().message).toBe(MEMBER_MESSAGES.inviteExpired);
    });

    it('declines: 204, not a member, and the invitation is used', async () => {
      const team = await createTestTeam(app);
      const invitee = await createTestMember(app);
      const { inviteId } = await invite(team.owner, team.workspaceId, invitee.email);
      expect((await callAs(app, invitee, 'POST', declinePath(inviteId))).statusCode).toBe(204);
      expect((await callAs(app, invitee, 'POST', acceptPath(inviteId))).statusCode).toBe(410);
      expect((await callAs(app, invitee, 'GET', routes.listWorkspaces.path)).json()).toEqual([]);
      expect(await auditActions(team.owner, team.workspaceId)).toContain('invite.declined');
    });

    it('answers 401 without a session and 400 for a malformed invitation id', async () => {
      expect((await callAs(app, undefined, 'GET', routes.listPendingInvites.path)).statusCode).toBe(
        401,
      );
      const someone = await createTestMember(app);
      const response = await callAs(
        app,
        someone,
        'POST',
        '/v3/user/pending-invites/bad%20id/accept',
      );
      expect(response.statusCode).toBe(400);
    });
  });
});

describe('an invitation whose e-mail cannot be sent', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Port 1 on loopback: nothing listens, the SMTP connection is refused at once.
    app = await createTestApp({ db: database, env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers 503 with what happened, and keeps the invitation for a re-send', async () => {
    const team = await createTestTeam(app);
    const path = buildPath(routes.listInvites.path, { workspaceId: team.workspaceId });
    const email = uniqueEmail();

    const response = await callAs(app, team.owner, 'POST', path, { email, role: 'User' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: INVITE_MAIL_FAILED_MESSAGE,
    });

    const listed = await callAs(app, team.owner, 'GET', path);
    expect((listed.json() as { email: string }[]).map((invite) => invite.email)).toContain(email);
  });
});
