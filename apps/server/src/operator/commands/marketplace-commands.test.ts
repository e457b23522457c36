import { routes } from '@herald/contract/api/routes';
import type { Workspace } from '@herald/contract/workspaces/workspace.schema';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { callAs, createTestMember } from '../../testing/test-workspaces';
import { useTestApp } from '../../testing/use-test-app';
import { marketplaceStatusCommand } from './marketplace-status';
import { marketplaceSubscribeCommand } from './marketplace-subscribe';

describe('the marketplace simulator operator commands', () => {
  let app: FastifyInstance;
  useTestApp((ready) => {
    app = ready.app;
  });

  async function run(command: typeof marketplaceStatusCommand, args: string[]) {
    const lines: string[] = [];
    const code = await command.run(args, { app, out: (line) => lines.push(line) });
    return { code, lines };
  }

  it('subscribe prints a working /aws/signup link; status changes what the organisation shows', async () => {
    const subscribed = await run(marketplaceSubscribeCommand, ['buyer@example.com']);
    expect(subscribed.code).toBe(0);
    const link = new URL(subscribed.lines.at(-1) ?? '');
    expect(`${link.origin}${link.pathname}`).toBe(`${app.config.publicUrl}/aws/signup`);
    const token = link.searchParams.get('token') ?? '';

    const member = await createTestMember(app);
    const signup = await callAs(app, member, 'POST', routes.marketplaceSignup.path, {
      registrationToken: token,
    });
    const workspaceId = (signup.json() as { workspace_id: string }).workspace_id;

    const changed = await run(marketplaceStatusCommand, [workspaceId, 'unsubscribe-success']);
    expect(changed).toEqual({
      code: 0,
      lines: [`The subscription of organisation ${workspaceId} is now unsubscribe-success.`],
    });
    const workspaces = (
      await callAs(app, member, 'GET', routes.listWorkspaces.path)
    ).json() as Workspace[];
    expect(
      workspaces.find((w) => w.workspace_id === workspaceId)?.awsMarketplaceSubscriptionStatus,
    ).toBe('unsubscribe-success');
  });

  it.each([
    [[], 2],
    [['ws-1'], 2],
    [['ws-1', 'cancelled'], 2],
    [['no-such-workspace', 'subscribe-fail'], 1],
  ])('status %j answers exit code %s', async (args, code) => {
    expect((await run(marketplaceStatusCommand, args)).code).toBe(code);
  });
});
