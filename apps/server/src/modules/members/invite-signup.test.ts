import { buildPath } from '@herald/contract/api/define-route';
import { routes } from '@herald/contract/api/routes';
import type { User } from '@herald/contract/users/user.schema';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  JSON_HEADERS,
  TEST_PASSWORD,
  authCookieOf,
  latestMail,
  linkIn,
  uniqueAddress,
  uniqueEmail,
} from '../../testing/test-users';
import { callAs, createTestTeam } from '../../testing/test-workspaces';
import { useTestApp } from '../../testing/use-test-app';
import { inviteMailSubject } from './invite-mail';

/**
 * Issue 25 item 22: the invitation mail proves the address. Signing up from its link counts the e-mail as verified
 * and accepts the invitation, and the newcomer, joining another's organisation, is not asked for a company
 * (docs/decisions/035). Without that proof the sign-up stays an ordinary one.
 */
describe('signing up from an invitation mail', () => {
  let app: FastifyInstance;
  useTestApp((ready) => ({ app } = ready));

  async function invited(email = uniqueEmail('invitee')) {
    const team = await createTestTeam(app, 'Acme');
    const response = await callAs(
      app,
      team.owner,
      'POST',
      buildPath(routes.createInvite.path, { workspaceId: team.workspaceId }),
      { email, role: 'Admin' },
    );
    expect(response.statusCode).toBe(201);
    const mail = await latestMail(app, email);
    expect(mail?.subject).toBe(inviteMailSubject('Acme'));
    const link = linkIn(mail?.text ?? '');
    return {
      team,
      email,
      inviteId: link.searchParams.get('invite') ?? '',
      token: link.searchParams.get('token') ?? '',
    };
  }

  async function signUpWith(email: string, invite?: { id: string; token: string }) {
    const response = await app.inject({
      method: 'POST',
      url: routes.createUser.path,
      headers: JSON_HEADERS,
      remoteAddress: uniqueAddress(),
      payload: {
        email,
        password: TEST_PASSWORD,
        firstName: 'Ada',
        lastName: 'Lovelace',
        ...(invite && { invite }),
      },
    });
    expect(response.statusCode).toBe(201);
    const token = authCookieOf(response) ?? '';
    const user = await callAs(app, { token }, 'GET', routes.getUser.path);
    const workspaces = await callAs(app, { token }, 'GET', routes.listWorkspaces.path);
    return {
      created: response.json<User>(),
      user: user.json<User>(),
      workspaces:
        workspaces.statusCode === 200 ? workspaces.json<{ workspace_id: string }[]>() : [],
    };
  }

  it('counts the e-mail as verified, joins the organisation and asks for no company', async () => {
    const { team, email, inviteId, token } = await invited();
    expect(token).not.toBe('');

    const { created, user, workspaces } = await signUpWith(email, { id: inviteId, token });

    for (const answer of [created, user]) {
      expect(answer).toMatchObject({
        email,
        email_verified: true,
        detailsComplete: true,
        company: null,
      });
    }
    // The inviter's organisation only: no organisation of their own (they brought no company).
    expect(workspaces.map((workspace) => workspace.workspace_id)).toEqual([team.workspaceId]);
    const members = await callAs(
      app,
      team.owner,
      'GET',
      buildPath(routes.listMembers.path, { workspaceId: team.workspaceId }),
    );
    expect(members.json()).toContainEqual(expect.objectContaining({ email, roles: ['Admin'] }));
    // No verification mail: the newest mail is still the invitation.
    expect((await latestMail(app, email))?.subject).toBe(inviteMailSubject('Acme'));
  });

  it.each([
    [
      'a wrong token',
      (link: { inviteId: string; token: string }) => ({
        id: link.inviteId,
        token: `x${link.token.slice(1)}`,
      }),
    ],
    [
      'another invitation’s token',
      (link: { inviteId: string; token: string }, other: { token: string }) => ({
        id: link.inviteId,
        token: other.token,
      }),
    ],
  ])('is an ordinary sign-up with %s', async (_, inviteOf) => {
    const link = await invited();
    const other = await invited();
    const { created, workspaces } = await signUpWith(link.email, inviteOf(link, other));
    expect(created).toMatchObject({ email_verified: false, detailsComplete: false });
    expect(workspaces).toEqual([]);
    expect((await latestMail(app, link.email))?.subject).toBe(
      'Verify your e-mail for Herald Cloud',
    );
  });

  it('proves only the address it was sent to', async () => {
    const { inviteId, token } = await invited();
    const someoneElse = uniqueEmail('someone-else');
    const { created, workspaces } = await signUpWith(someoneElse, { id: inviteId, token });
    expect(created.email_verified).toBe(false);
    expect(workspaces).toEqual([]);
  });

  it('proves nothing once the invitation is revoked', async () => {
    const { team, email, inviteId, token } = await invited();
    const revoked = await callAs(
      app,
      team.owner,
      'DELETE',
      buildPath(routes.revokeInvite.path, { workspaceId: team.workspaceId, inviteId }),
    );
    expect(revoked.statusCode).toBe(204);
    const { created, workspaces } = await signUpWith(email, { id: inviteId, token });
    expect(created.email_verified).toBe(false);
    expect(workspaces).toEqual([]);
  });
});
