import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { workspace } from '../../db/schema';
import { callAs, createTestMember, createTestTeam } from '../../testing/test-workspaces';
import type { TestMember } from '../../testing/test-workspaces';
import { stubProvisioner, uniqueServiceName } from '../../testing/test-services';
import { useTestApp } from '../../testing/use-test-app';

const CREATE = '/v3/service/create';

describe('POST /v3/service/create', () => {
  let app: FastifyInstance;
  let reconciled: string[];
  let team: Awaited<ReturnType<typeof createTestTeam>>;
  useTestApp((ready) => ({ app } = ready));

  beforeAll(async () => {
    ({ reconciled } = stubProvisioner(app));
    team = await createTestTeam(app, 'Create');
  });

  const body = (overrides: Record<string, unknown> = {}) => ({
    workspaceId: team.workspaceId,
    serviceName: uniqueServiceName('create'),
    region: 'eu-west-1.local',
    billingPlan: 'free',
    ...overrides,
  });

  it('creates a free service: 201, status CHECKING, latest version, reconciled', async () => {
    const request = body({ label: 'My service', sensitiveData: true });
    const response = await callAs(app, team.owner, 'POST', CREATE, request);
    expect(response.statusCode).toBe(201);
    const service = response.json();
    expect(service).toMatchObject({
      serviceName: request.serviceName,
      servicename: request.serviceName,
      service_name: request.serviceName,
      label: 'My service',
      region: 'eu-west-1.local',
      billingPlan: 'free',
      provisioningPlan: 'free',
      upgradeAvailable: true,
      heraldVersion: '6.11',
      workspaceId: team.workspaceId,
      workspace_id: team.workspaceId,
      principal: '$dashboard',
      active: true,
      status: 'CHECKING',
      noOfNodes: 1,
      sensitiveData: true,
      freeTrial: false,
      hostname: `${request.serviceName}.eu-west-1.local`,
      scheduledUpdate: null,
      provisioning: null,
      billingProvider: null,
    });
    expect(service.serviceId).toMatch(/^[0-9a-f]{12}$/);
    expect(service.serviceid).toBe(service.serviceId);
    expect(service.endpoints.websocketUrl).toMatch(
      new RegExp(`^ws://${request.serviceName}\\.eu-west-1\\.local\\.localhost:\\d+/mqtt$`),
    );
    expect(service.endpoints.mqttHost).toBe('localhost');
    expect(JSON.stringify(service)).not.toContain('client');
    expect(reconciled).toContain(service.serviceId);
  });

  it('refuses a paid tier without a payment method with 402 naming the plan', async () => {
    const response = await callAs(app, team.owner, 'POST', CREATE, body({ billingPlan: 'medium' }));
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message:
        'A payment method is required for the Medium plan. Add a card in Billing, or choose the Free plan or a free trial.',
    });
  });

  it('lets an exempted workspace create a paid tier, with HA nodes', async () => {
    const exempt = await createTestTeam(app, 'Exempt');
    await app.db
      .update(workspace)
      .set({ paymentMethodExempted: true })
      .where(eq(workspace.id, exempt.workspaceId));
    const response = await callAs(app, exempt.admin, 'POST', CREATE, {
      ...body({ billingPlan: 'medium', highAvailability: true }),
      workspaceId: exempt.workspaceId,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ billingPlan: 'medium', noOfNodes: 3 });
  });

  it('starts one free trial per workspace, on xsmall or small only', async () => {
    const trial = await createTestTeam(app, 'Trial');
    const request = {
      ...body({ billingPlan: 'small', freeTrial: true }),
      workspaceId: trial.workspaceId,
    };
    const wrongTier = await callAs(app, trial.owner, 'POST', CREATE, {
      ...request,
      billingPlan: 'medium',
    });
    expect(wrongTier.statusCode).toBe(400);
    expect(wrongTier.json().message).toBe(
      'A free trial is available for the XSmall and Small plans only.',
    );

    const first = await callAs(app, trial.owner, 'POST', CREATE, request);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      billingPlan: 'freeTrial',
      provisioningPlan: 'small',
      freeTrial: true,
    });
    const workspaces = await callAs(app, trial.owner, 'GET', '/v3/workspaces');
    expect(
      workspaces.json().find((w: { workspace_id: string }) => w.workspace_id === trial.workspaceId)
        .isFreeTrialAvailable,
    ).toBe(false);

    const second = await callAs(app, trial.owner, 'POST', CREATE, {
      ...request,
      serviceName: uniqueServiceName('trial'),
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('This organisation has already used its free trial.');
  });

  it('answers 409 for a taken name and 400 with issues for reserved or malformed ones', async () => {
    const request = body();
    expect((await callAs(app, team.owner, 'POST', CREATE, request)).statusCode).toBe(201);
    const taken = await callAs(app, team.owner, 'POST', CREATE, request);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This service name is already taken');

    const reserved = await callAs(app, team.owner, 'POST', CREATE, body({ serviceName: 'admin' }));
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().issues).toEqual([
      { path: 'body.serviceName', message: 'This service name is reserved' },
    ]);

    const malformed = await callAs(
      app,
      team.owner,
      'POST',
      CREATE,
      body({ serviceName: 'Bad_Name' }),
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().issues[0].path).toBe('body.serviceName');
  });

  it('gives one 201 and one 409 for two concurrent creates of one name', async () => {
    const request = body();
    const answers = await Promise.all([
      callAs(app, team.owner, 'POST', CREATE, request),
      callAs(app, team.admin, 'POST', CREATE, request),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });

  it.each([
    [{ region: 'mars-1.local' }, 'body.region', 'Unknown region'],
    [{ heraldVersion: '6.5' }, 'body.heraldVersion', 'Version 6.5 is not supported'],
    [
      { billingPlan: 'gigantic' },
      'body.billingPlan',
      "Unknown billing plan 'gigantic': choose one of the plans offered at checkout",
    ],
  ])('refuses %j with a 400 on the field', async (overrides, path, message) => {
    const response = await callAs(app, team.owner, 'POST', CREATE, body(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, issues: [{ path, message }] });
  });

  it('validates the body with clear 400s (never 500)', async () => {
    const response = await callAs(app, team.owner, 'POST', CREATE, {
      workspaceId: team.workspaceId,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    const extra = await callAs(app, team.owner, 'POST', CREATE, body({ noOfNodes: 9 }));
    expect(extra.statusCode).toBe(400);
  });

  it('answers 404 to a non-member and 403 to a User', async () => {
    const stranger: TestMember = await createTestMember(app);
    const notMember = await callAs(app, stranger, 'POST', CREATE, body());
    expect(notMember.statusCode).toBe(404);
    const user = await callAs(app, team.user, 'POST', CREATE, body());
    expect(user.statusCode).toBe(403);
    expect(user.json().message).toContain("'create-service'");
  });
});

describe('service names', () => {
  let app: FastifyInstance;
  let team: Awaited<ReturnType<typeof createTestTeam>>;
  useTestApp((ready) => ({ app } = ready));
  beforeAll(async () => {
    stubProvisioner(app);
    team = await createTestTeam(app, 'Names');
  });

  it('checks a name: valid, format, reserved, taken', async () => {
    const name = uniqueServiceName('check');
    const check = (value: string) =>
      callAs(app, team.user, 'GET', `/v3/service/${encodeURIComponent(value)}/check`);
    expect((await check(name)).json()).toEqual({ valid: true });
    expect((await check('ab')).json()).toEqual({
      valid: false,
      reason: 'Service name must be at least 3 characters',
    });
    expect((await check('www')).json()).toEqual({
      valid: false,
      reason: 'This service name is reserved',
    });
    await callAs(app, team.owner, 'POST', CREATE, {
      workspaceId: team.workspaceId,
      serviceName: name,
      region: 'eu-west-1.local',
      billingPlan: 'free',
    });
    expect((await check(name)).json()).toEqual({
      valid: false,
      reason: 'This service name is already taken',
    });
  });

  it('generates a free, valid name', async () => {
    const response = await callAs(app, team.user, 'GET', '/v3/generate-service-name');
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as { data: string };
    const check = await callAs(app, team.user, 'GET', `/v3/service/${data}/check`);
    expect(check.json()).toEqual({ valid: true });
  });

  it('needs a session', async () => {
    expect((await callAs(app, undefined, 'GET', '/v3/generate-service-name')).statusCode).toBe(401);
  });
});
