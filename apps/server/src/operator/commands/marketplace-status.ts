import { MARKETPLACE_SUBSCRIPTION_STATUSES } from '@herald/contract/constants';
import { isMarketplaceSubscriptionStatus } from '@herald/contract/marketplace/marketplace-status';
import { isSimulator } from '../../adapters/marketplace/create-marketplace';
import { findCustomerOfWorkspace } from '../../modules/marketplace/marketplace.repository';
import type { OperatorCommand } from '../operator-command';

/**
 * The marketplace simulator's subscription change (docs/decisions/026): the buyer cancels, AWS fails a payment,
 * the buyer subscribes again. The simulator's hook applies it to the organisation at once (an expired status
 * suspends its services; subscribe-success again resumes them).
 */
export const marketplaceStatusCommand: OperatorCommand = {
  name: 'marketplace-status',
  usage: `marketplace-status <workspaceId> <${MARKETPLACE_SUBSCRIPTION_STATUSES.join('|')}>`,
  summary: "Simulator: change a marketplace organisation's subscription status",
  async run(args, { app, out }) {
    const [workspaceId, status] = args;
    if (args.length !== 2 || !workspaceId || !isMarketplaceSubscriptionStatus(status)) {
      out(`usage: ${this.usage}`);
      return 2;
    }
    const { marketplace } = app;
    if (!isSimulator(marketplace)) {
      out('The marketplace is AWS Marketplace (MARKETPLACE_PROVIDER=aws): statuses come from AWS.');
      return 1;
    }
    const customer = await findCustomerOfWorkspace(app.db, workspaceId);
    if (!customer) {
      out(`No marketplace organisation ${workspaceId}.`);
      return 1;
    }
    await marketplace.setStatus(customer.customerIdentifier, status);
    out(`The subscription of organisation ${workspaceId} is now ${status}.`);
    return 0;
  },
};
