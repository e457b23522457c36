import type { MarketplaceSignupRequest } from '@herald/contract/marketplace/marketplace.schema';
import { useMutation } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';

/**
 * POST /v3/marketplace/signup: connects the AWS Marketplace subscription of a registration token; answers the
 * organisation's id. The page shows failures itself (invalid or used token), so nothing is toasted.
 */
export function useMarketplaceSignupMutation(options: {
  onConnected: (workspaceId: string) => Promise<void>;
}) {
  return useMutation({
    mutationFn: async (body: MarketplaceSignupRequest) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.marketplaceSignup, { body });
    },
    onSuccess: (result) => options.onConnected(result.workspace_id),
    meta: { handlesError: true },
  });
}
