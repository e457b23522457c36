import { buildPath } from '@herald/contract/api/define-route';
import { ERROR_CODES } from '@herald/contract/api/errors';
import { routes } from '@herald/contract/api/routes';
import { EMAIL_NOT_VERIFIED_MESSAGE } from '@herald/contract/users/verification-gate';
import type { User } from '@herald/contract/users/user.schema';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { stubProvisioner, uniqueServiceName } from '../../testing/test-services';
import { latestMail, linkIn, signUp, uniqueEmail } from '../../testing/test-users';
import { callAs } from '../../testing/test-workspaces';
import { workspaceIdsOf } from '../members/member-rights-sync';
import { useTestApp } from '../../testing/use-test-app';

/**
 * Issue 25 item 4: e-mail verification was enforced by the web page only. The whole route table is covered by the
 * authorization matrix (its unverifiedOwner actor); this is the reported case from sign-up to verification.
 */
describe('an account whose e-mail is not verified (spec section 4 on the server)', () => {
  let app: FastifyInstance;
  useTestApp((ready) => {
    ({ app } = ready);
    stubProvisioner(app);
  });

  const firstWorkspaceOf = async (token: string) => {
    const response = await callAs(app, { token }, 'GET', routes.listWorkspaces.path);
    return (response.json() as { workspace_id: string }[])[0]?.workspace_id ?? '';
  };

  it('can neither run services nor mail invitations until it verifies, then can', async () => {
    // Signed up with a company: the account owns its first organisation at once.
    const { email, token } = await signUp(app, { company: 'Analytical Engines' });
    const asUser = { token };
    const createService = (workspaceId: string) =>
      callAs(app, asUser, 'POST', routes.createService.path, {
        workspaceId,
        serviceName: uniqueServiceName('unverified'),
        region: 'eu-west-1.local',
        billingPlan: 'free',
      });
    const invite = (workspaceId: string) =>
      callAs(app, asUser, 'POST', buildPath(routes.createInvite.path, { workspaceId }), {
        email: uniqueEmail('stranger'),
        role: 'User',
      });

    const listed = await callAs(app, asUser, 'GET', routes.listWorkspaces.path);
    expect(listed.statusCode).toBe(403);
    // Read straight from its organisation's id, as a script would: the gate does not depend on what it knows.
    const userId = (await callAs(app, asUser, 'GET', routes.getUser.path)).json<User>().customerid;
    const [workspaceId] = await workspaceIdsOf(app.db, userId);
    expect(workspaceId).toBeDefined();

    for (const response of [
      await createService(workspaceId ?? ''),
      await invite(workspaceId ?? ''),
      await callAs(app, asUser, 'POST', routes.createWorkspace.path, { name: 'Another' }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: ERROR_CODES.emailNotVerified,
        message: EMAIL_NOT_VERIFIED_MESSAGE,
      });
    }
    // Only the verification mail went out: no invitation mail to the stranger.
    expect((await latestMail(app, email))?.subject).toBe('Verify your e-mail for Herald Cloud');

    // What the verify-email page needs still works.
    expect((await callAs(app, asUser, 'GET', routes.getUser.path)).statusCode).toBe(200);
    expect((await callAs(app, asUser, 'GET', routes.verifyEmail.path)).statusCode).toBe(200);

    const link = linkIn((await latestMail(app, email))?.text ?? '');
    await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(await firstWorkspaceOf(token)).toBe(workspaceId);
    expect((await createService(workspaceId ?? '')).statusCode).toBe(201);
    expect((await invite(workspaceId ?? '')).statusCode).toBe(201);
  });
});
