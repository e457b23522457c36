import { routes } from '@herald/contract/api/routes';
import { buildPath } from '@herald/contract/api/define-route';
import type { MarketplaceSubscriptionStatus } from '@herald/contract/constants';
import { MARKETPLACE_MESSAGES } from '@herald/contract/marketplace/marketplace.schema';
import type { Workspace } from '@herald/contract/workspaces/workspace.schema';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/use-test-app';
import { callAs, createTestMember } from '../../testing/test-workspaces';
import type { TestMember } from '../../testing/test-workspaces';
import { insertTestService, stubProvisioner } from '../../testing/test-services';
import { connectTestSubscription, simulatorOf } from './marketplace-test-helpers';

async function workspacesOf(app: FastifyInstance, member: TestMember): Promise<Workspace[]> {
  const response = await callAs(app, member, 'GET', routes.listWorkspaces.path);
  expect(response.statusCode).toBe(200);
  return response.json() as Workspace[];
}

describe('connecting an AWS Marketplace subscription (POST /v3/marketplace/signup)', () => {
  let app: FastifyInstance;
  useTestApp((ready) => {
    app = ready.app;
  });

  it('creates a marketplace organisation with the caller as Owner, shown on the Workspace wire', async () => {
    const member = await createTestMember(app);
    const { token } = await simulatorOf(app).subscribe(member.email);
    const response = await callAs(app, member, 'POST', routes.marketplaceSignup.path, {
      registrationToken: token,
    });
    expect(response.statusCode).toBe(200);
    const { workspace_id: workspaceId, created } = response.json() as {
      workspace_id: string;
      created: boolean;
    };
    expect(created).toBe(true);
    const workspace = (await workspacesOf(app, member)).find(
      (candidate) => candidate.workspace_id === workspaceId,
    );
    expect(workspace).toMatchObject({
      provider: 'awsMarketplace',
      billingProvider: 'awsMarketplace',
      awsMarketplaceSubscriptionStatus: 'subscribe-success',
      users: [{ customerid: member.userId, roles: ['Owner'] }],
    });

    // The same link again (a reload, a second tab): the same organisation, nothing new.
    const again = await callAs(app, member, 'POST', routes.marketplaceSignup.path, {
      registrationToken: token,
    });
    expect(again.json()).toEqual({ workspace_id: workspaceId, created: false });
    expect(
      (await workspacesOf(app, member)).filter((w) => w.provider === 'awsMarketplace'),
    ).toHaveLength(1);
  });

  it('leaves ordinary workspaces without marketplace fields', async () => {
    const member = await createTestMember(app);
    await callAs(app, member, 'POST', routes.createWorkspace.path, { name: 'Plain team' });
    const [workspace] = await workspacesOf(app, member);
    expect(workspace?.provider).toBeNull();
    expect(workspace).not.toHaveProperty('awsMarketplaceSubscriptionStatus');
  });

  it('refuses an unknown or expired token with the section 8-style message', async () => {
    const member = await createTestMember(app);
    const response = await callAs(app, member, 'POST', routes.marketplaceSignup.path, {
      registrationToken: 'no-such-token-0123456789',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: MARKETPLACE_MESSAGES.invalidToken,
    });
  });

  it('tells someone else with a link to a connected subscription to ask for an invitation (409, no id)', async () => {
    const owner = await createTestMember(app);
    const stranger = await createTestMember(app);
    const { workspaceId, customerIdentifier } = await connectTestSubscription(app, owner);
    const token = await simulatorOf(app).issueToken(customerIdentifier);
    const response = await callAs(app, stranger, 'POST', routes.marketplaceSignup.path, {
      registrationToken: token,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: MARKETPLACE_MESSAGES.otherOrganisation });
    expect(response.body).not.toContain(workspaceId);
    // And the organisation stays another workspace's: its routes answer the stranger 404.
    const services = await callAs(
      app,
      stranger,
      'GET',
      buildPath(routes.listWorkspaceServices.path, { workspaceId }),
    );
    expect(services.statusCode).toBe(404);
    expect((await workspacesOf(app, stranger)).map((w) => w.workspace_id)).not.toContain(
      workspaceId,
    );
  });

  it('needs a signed-in user and a well-formed body', async () => {
    const anonymous = await callAs(app, undefined, 'POST', routes.marketplaceSignup.path, {
      registrationToken: 'abc',
    });
    expect(anonymous.statusCode).toBe(401);
    const member = await createTestMember(app);
    const bad = await callAs(app, member, 'POST', routes.marketplaceSignup.path, {
      registrationToken: 'has spaces in it',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the /aws/signup landing AWS Marketplace posts its form to', () => {
  let app: FastifyInstance;
  useTestApp((ready) => {
    app = ready.app;
  });

  it('hands the token to the SPA page with a 303, even from another site, without touching a session', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/aws/signup',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://aws.amazon.com',
        'sec-fetch-site': 'cross-site',
      },
      payload: 'x-amzn-marketplace-token=abc%2BDEF%2F123%3D&other=1',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/aws/signup?token=abc%2BDEF%2F123%3D');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('sends a form without a usable token to the page, which explains', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/aws/signup',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'x-amzn-marketplace-token=',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/aws/signup');
  });
});

describe('subscription statuses through the simulator (section 4)', () => {
  let app: FastifyInstance;
  let reconciled: string[];
  let owner: TestMember;
  let workspaceId: string;
  let customerIdentifier: string;
  useTestApp((ready) => {
    app = ready.app;
  });
  beforeAll(async () => {
    reconciled = stubProvisioner(app).reconciled;
    owner = await createTestMember(app);
    ({ workspaceId, customerIdentifier } = await connectTestSubscription(app, owner));
  });

  async function statusAndService(serviceId: string) {
    const [workspace] = (await workspacesOf(app, owner)).filter(
      (w) => w.workspace_id === workspaceId,
    );
    const service = await callAs(
      app,
      owner,
      'GET',
      buildPath(routes.getService.path, { serviceId }),
    );
    return {
      status: workspace?.awsMarketplaceSubscriptionStatus,
      service: service.json() as { active: boolean; suspensionReason: string | null },
    };
  }

  it.each<[MarketplaceSubscriptionStatus, boolean]>([
    ['unsubscribe-pending', true],
    ['unsubscribe-success', false],
    ['subscribe-success', true],
    ['subscribe-fail', false],
    ['subscribe-success', true],
  ])('%s: services run %s', async (status, running) => {
    const { row } = await insertTestService(app, workspaceId, {
      desiredState: 'running',
      status: 'RUNNING',
    });
    const before = reconciled.length;
    await simulatorOf(app).setStatus(customerIdentifier, status);
    const after = await statusAndService(row.id);
    expect(after.status).toBe(status);
    if (running) {
      expect(after.service).toMatchObject({ active: true, suspensionReason: null });
    } else {
      expect(after.service).toMatchObject({ active: false, suspensionReason: 'inactive' });
      expect(reconciled.slice(before)).toContain(row.id);
    }
  });

  it('resumes exactly the services the marketplace suspended, and audits each change', async () => {
    const ownSuspension = await insertTestService(app, workspaceId, {
      desiredState: 'suspended',
      suspensionReason: 'TRIAL_END',
    });
    const running = await insertTestService(app, workspaceId, { desiredState: 'running' });
    await simulatorOf(app).setStatus(customerIdentifier, 'unsubscribe-success');
    expect((await statusAndService(running.row.id)).service.active).toBe(false);
    await simulatorOf(app).setStatus(customerIdentifier, 'subscribe-success');
    expect((await statusAndService(running.row.id)).service.active).toBe(true);
    expect((await statusAndService(ownSuspension.row.id)).service).toMatchObject({
      active: false,
      suspensionReason: 'TRIAL_END',
    });
    const audit = await callAs(
      app,
      owner,
      'GET',
      buildPath(routes.listAuditLog.path, { workspaceId }),
    );
    const actions = (audit.json() as { entries?: { action: string }[] }).entries?.map(
      (e) => e.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining(['marketplace.connected', 'marketplace.status_changed']),
    );
  });
});
