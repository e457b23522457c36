import { routes } from '@herald/contract/api/routes';
import { MARKETPLACE_MESSAGES } from '@herald/contract/marketplace/marketplace.schema';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubProvisioner } from '../../testing/test-services';
import { callAs, createTestMember } from '../../testing/test-workspaces';
import type { TestMember } from '../../testing/test-workspaces';
import { useTestApp } from '../../testing/use-test-app';
import { connectTestSubscription, simulatorOf } from './marketplace-test-helpers';

/** The marketplace bills its organisations: no card is asked for, and an ended subscription runs nothing new. */
describe('a marketplace organisation and paid services', () => {
  let app: FastifyInstance;
  let owner: TestMember;
  let workspaceId: string;
  let customerIdentifier: string;
  useTestApp((ready) => {
    app = ready.app;
  });
  beforeAll(async () => {
    stubProvisioner(app);
    owner = await createTestMember(app);
    ({ workspaceId, customerIdentifier } = await connectTestSubscription(app, owner));
  });

  const create = (serviceName: string) =>
    callAs(app, owner, 'POST', routes.createService.path, {
      workspaceId,
      serviceName,
      region: 'eu-west-1.local',
      billingPlan: 'xsmall',
    });

  it('creates a paid service without a card on file', async () => {
    const response = await create('market-paid-one');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ billingPlan: 'xsmall' });
    const card = await callAs(app, owner, 'GET', `/v3/workspace/${workspaceId}/paymentMethod`);
    expect(card.json()).toBeNull();
  });

  it('refuses new services once the subscription has ended, naming why', async () => {
    await simulatorOf(app).setStatus(customerIdentifier, 'unsubscribe-success');
    const response = await create('market-paid-two');
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ message: MARKETPLACE_MESSAGES.expired });
    await simulatorOf(app).setStatus(customerIdentifier, 'subscribe-success');
    expect((await create('market-paid-two')).statusCode).toBe(201);
  });
});
