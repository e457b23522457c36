import {
  MARKETPLACE_SIGNUP_PATH,
  MARKETPLACE_TOKEN_QUERY_PARAM,
} from '@herald/contract/marketplace/marketplace.schema';
import type { FastifyInstance } from 'fastify';
import { isSimulator } from '../../adapters/marketplace/create-marketplace';
import type { OperatorCommand } from '../operator-command';

/** The /aws/signup link a simulated buyer follows (what AWS's "Set up your account" button leads to). */
export function signupLink(app: FastifyInstance, token: string): string {
  const query = new URLSearchParams({ [MARKETPLACE_TOKEN_QUERY_PARAM]: token }).toString();
  return `${app.config.publicUrl}${MARKETPLACE_SIGNUP_PATH}?${query}`;
}

/**
 * The marketplace simulator's "subscribe on the marketplace" step (docs/decisions/026): a new simulated customer,
 * subscribed, and the /aws/signup link with a fresh registration token. Only with the simulator: AWS's buyers
 * subscribe on AWS.
 */
export const marketplaceSubscribeCommand: OperatorCommand = {
  name: 'marketplace-subscribe',
  usage: 'marketplace-subscribe [email]',
  summary:
    'Simulator: subscribe a new customer on the local marketplace and print the /aws/signup link to connect it',
  async run(args, { app, out }) {
    if (args.length > 1) {
      out(`usage: ${this.usage}`);
      return 2;
    }
    const { marketplace } = app;
    if (!isSimulator(marketplace)) {
      out(
        'The marketplace is AWS Marketplace (MARKETPLACE_PROVIDER=aws): buyers subscribe on AWS.',
      );
      return 1;
    }
    const note = args[0]?.trim() || null;
    const { token, customerIdentifier } = await marketplace.subscribe(note);
    out(`Subscribed simulated customer ${customerIdentifier}${note ? ` (${note})` : ''}.`);
    out('Open this link to connect the subscription to Herald Cloud (valid for 24 hours):');
    out(signupLink(app, token));
    return 0;
  },
};
