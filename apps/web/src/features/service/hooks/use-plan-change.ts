import { upgradeCheckoutState } from '@herald/contract/billing/checkout-state';
import { planChangeFailureText } from '@herald/contract/billing/plan-change';
import type { Service } from '@herald/contract/services/service.schema';
import { isApiError } from '../../../lib/api/api-error';
import { inlineErrorText } from '../../../lib/api/error-text';
import { useStartCheckoutMutation } from '../../../lib/queries/start-checkout';
import { usePlanChangeMutation, type PlanChange } from '../api/plan-change-mutations';

const PAYMENT_REQUIRED = 402;

/**
 * A plan upgrade or cluster resize (spec sections 2 and 8): the change is asked for directly; without a payment
 * method (402) a checkout with the same purpose starts instead, its state saved for /checkout/failure's "Try again";
 * a payment failure (500 'Error updating subscription') shows the section 8 text of the call.
 */
export function usePlanChange(
  service: Pick<Service, 'serviceId' | 'workspaceId' | 'serviceName'>,
  onChanged: (changed: Service) => void,
) {
  const change = usePlanChangeMutation(service);
  const checkout = useStartCheckoutMutation();

  const startCheckout = (request: PlanChange) => {
    const where = {
      workspaceId: service.workspaceId,
      serviceId: service.serviceId,
      serviceName: service.serviceName,
      now: new Date(),
    };
    checkout.mutate(
      request.call === 'upgrade-service-plan'
        ? {
            workspaceId: service.workspaceId,
            body: {
              purpose: 'upgrade-service-plan',
              serviceId: service.serviceId,
              billingPlan: request.billingPlan,
            },
            state: upgradeCheckoutState(
              { upgradeType: 'upgrade-service-plan', billingPlan: request.billingPlan },
              where,
            ),
          }
        : {
            workspaceId: service.workspaceId,
            body: {
              purpose: 'resize-cluster',
              serviceId: service.serviceId,
              highAvailability: request.highAvailability,
            },
            state: upgradeCheckoutState(
              { upgradeType: 'resize-cluster', highAvailability: request.highAvailability },
              where,
            ),
          },
    );
  };

  const submit = (request: PlanChange) => {
    checkout.reset();
    change.mutate(request, {
      onSuccess: onChanged,
      onError: (error) => {
        if (isApiError(error) && error.status === PAYMENT_REQUIRED) startCheckout(request);
      },
    });
  };

  const changeError = change.error;
  const isPaymentRequired = isApiError(changeError) && changeError.status === PAYMENT_REQUIRED;
  const errorText =
    checkout.error !== null
      ? inlineErrorText(checkout.error)
      : changeError !== null && !isPaymentRequired && change.variables !== undefined
        ? ((isApiError(changeError)
            ? planChangeFailureText(change.variables.call, changeError)
            : null) ?? inlineErrorText(changeError))
        : null;

  return {
    submit,
    // Still busy while the browser leaves for the checkout page.
    isPending: change.isPending || checkout.isPending || checkout.isSuccess,
    isGoingToCheckout: isPaymentRequired && checkout.error === null,
    errorText,
    reset: () => {
      change.reset();
      checkout.reset();
    },
  };
}
