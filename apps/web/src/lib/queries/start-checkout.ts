import type { CheckoutState } from '@herald/contract/billing/billing.schema';
import type { StartCheckoutRequest } from '@herald/contract/billing/checkout.schema';
import { useMutation } from '@tanstack/react-query';
import {
  clearCheckoutState,
  goToCheckout,
  saveCheckoutState,
} from '../browser/checkout-state-storage';
import { loadApi } from '../api/load-api';

export interface StartCheckoutVariables {
  workspaceId: string;
  body: StartCheckoutRequest;
  /** Saved before leaving, so /checkout/failure can resume and /checkout/success knows where to go. */
  state: CheckoutState;
}

/**
 * POST /v3/workspace/{workspaceId}/billing/checkout, then to the checkout page (spec section 3 "Checkout state"):
 * the state is saved first, so nothing is lost if the page is left. Shared by the create-service form, the plan
 * upgrade dialog, the cluster resize and "Try again" on /checkout/failure. Callers show failures themselves.
 */
export function useStartCheckoutMutation() {
  return useMutation({
    mutationFn: async ({ workspaceId, body, state }: StartCheckoutVariables) => {
      const { apiRequest, routes } = await loadApi();
      saveCheckoutState(state);
      return apiRequest(routes.startCheckout, { params: { workspaceId }, body });
    },
    onSuccess: ({ checkoutUrl }) => goToCheckout(checkoutUrl),
    // Nothing was started: nothing to resume.
    onError: () => clearCheckoutState(),
    meta: { handlesError: true },
  });
}
