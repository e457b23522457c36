import type { CheckoutState } from '@herald/contract/billing/billing.schema';
import {
  resumeCheckout,
  startCheckoutRequestFromState,
} from '@herald/contract/billing/checkout-state';
import { useMutation } from '@tanstack/react-query';
import {
  clearCheckoutState,
  goToCheckout,
  saveCheckoutState,
} from '../../../lib/browser/checkout-state-storage';
import { loadApi } from '../../../lib/api/load-api';

/**
 * "Try again" for a checkout with nothing to fill in again (a card update, a plan upgrade, a resize): the same
 * checkout starts afresh from the saved state (spec section 3 resumeCheckout) and the browser goes back to the card
 * page. A create-service checkout instead reopens its form (see CheckoutFailurePage).
 */
export function useRetryCheckoutMutation() {
  return useMutation({
    mutationFn: async (state: CheckoutState) => {
      const workspaceId = state.workspaceId;
      if (workspaceId === undefined)
        throw new Error('The checkout to resume names no organisation.');
      const { apiRequest, routes } = await loadApi();
      const resumed = { ...resumeCheckout(state), checkoutRequestedAt: Date.now() };
      saveCheckoutState(resumed);
      const body = startCheckoutRequestFromState(state);
      return body === null
        ? apiRequest(routes.updatePaymentMethod, { params: { workspaceId } })
        : apiRequest(routes.startCheckout, { params: { workspaceId }, body });
    },
    onSuccess: ({ checkoutUrl }) => goToCheckout(checkoutUrl),
    onError: () => clearCheckoutState(),
    meta: { context: 'starting the checkout again' },
  });
}
