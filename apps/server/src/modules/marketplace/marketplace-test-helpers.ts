import { routes } from '@herald/contract/api/routes';
import type { FastifyInstance } from 'fastify';
import { isSimulator } from '../../adapters/marketplace/create-marketplace';
import type { MarketplaceSimulator } from '../../adapters/marketplace/simulator-marketplace';
import { callAs } from '../../testing/test-workspaces';
import type { TestMember } from '../../testing/test-workspaces';

/** The app's simulator (tests run on the embedded default). */
export function simulatorOf(app: FastifyInstance): MarketplaceSimulator {
  const { marketplace } = app;
  if (!isSimulator(marketplace))
    throw new Error('the test app does not run the marketplace simulator');
  return marketplace;
}

/** Subscribes a simulated customer and connects it as `member`: the new organisation's id and the customer. */
export async function connectTestSubscription(
  app: FastifyInstance,
  member: TestMember,
): Promise<{ workspaceId: string; customerIdentifier: string }> {
  const { token, customerIdentifier } = await simulatorOf(app).subscribe(member.email);
  const response = await callAs(app, member, 'POST', routes.marketplaceSignup.path, {
    registrationToken: token,
  });
  if (response.statusCode !== 200) {
    throw new Error(`marketplace signup failed: ${response.statusCode} ${response.body}`);
  }
  return {
    workspaceId: (response.json() as { workspace_id: string }).workspace_id,
    customerIdentifier,
  };
}
