import type { MarketplaceSubscriptionStatus } from '../constants';
import { isMarketplaceSubscriptionStatus, isMarketplaceWorkspace } from './marketplace-status';

/** What the rule reads of a Workspace (section 3). */
export interface GateWorkspace {
  workspace_id: string;
  provider?: string | null;
  billingProvider?: string | null;
  awsMarketplaceSubscriptionStatus?: string | null;
  /** Service objects (expandServices=true) or service ids. */
  services: readonly (string | { serviceId: string })[];
}

/**
 * The marketplace subscription status the onboarding gate (section 4) applies on a path (docs/decisions/026): the
 * organisation the path is about — /workspace/{id}/…, or the one owning the service of /service/{id}/… — and
 * elsewhere (/workspace, /onboarding/…) the default organisation. An expired marketplace organisation so sends its
 * own pages to /aws/expired without locking its members out of their other organisations. Null: not a marketplace
 * organisation, or none found.
 */
export function marketplaceStatusForPath(input: {
  pathname: string;
  workspaces: readonly GateWorkspace[];
  defaultWorkspaceId: string | null;
}): MarketplaceSubscriptionStatus | null {
  const [, section, id] = input.pathname.split('/');
  let workspace: GateWorkspace | undefined;
  if (section === 'workspace' && id) {
    workspace = input.workspaces.find((candidate) => candidate.workspace_id === id);
  } else if (section === 'service' && id) {
    workspace = input.workspaces.find((candidate) =>
      candidate.services.some((service) =>
        typeof service === 'string' ? service === id : service.serviceId === id,
      ),
    );
  } else {
    workspace =
      input.workspaces.find((candidate) => candidate.workspace_id === input.defaultWorkspaceId) ??
      input.workspaces[0];
  }
  if (!workspace || !isMarketplaceWorkspace(workspace)) return null;
  const status = workspace.awsMarketplaceSubscriptionStatus;
  return isMarketplaceSubscriptionStatus(status) ? status : null;
}
