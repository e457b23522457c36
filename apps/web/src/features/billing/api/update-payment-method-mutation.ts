import { paymentMethodCheckoutState } from '@herald/contract/billing/checkout-state';
import { useMutation } from '@tanstack/react-query';
import {
  clearCheckoutState,
  goToCheckout,
  saveCheckoutState,
} from '../../../lib/browser/checkout-state-storage';
import { loadApi } from '../../../lib/api/load-api';

/**
 * "Update payment method" (spec section 7): POST …/billing/update-payment-method answers with the checkout session,
 * and the browser goes to the checkout page. The state saved first brings /checkout/success back to this Billing
 * page. Failures toast centrally ("An error was encountered in updating the payment method").
 */
export function useUpdatePaymentMethodMutation(workspaceId: string) {
  return useMutation({
    mutationFn: async () => {
      const { apiRequest, routes } = await loadApi();
      saveCheckoutState(paymentMethodCheckoutState(workspaceId, new Date()));
      return apiRequest(routes.updatePaymentMethod, { params: { workspaceId } });
    },
    onSuccess: ({ checkoutUrl }) => goToCheckout(checkoutUrl),
    onError: () => clearCheckoutState(),
    meta: { context: 'updating the payment method' },
  });
}
