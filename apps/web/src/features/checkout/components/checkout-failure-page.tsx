import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { CheckoutState } from '@herald/contract/billing/billing.schema';
import {
  createServiceRequestFromState,
  resumeCheckout,
} from '@herald/contract/billing/checkout-state';
import { useNavigate } from 'react-router';
import { inlineErrorText } from '../../../lib/api/error-text';
import { saveCheckoutState } from '../../../lib/browser/checkout-state-storage';
import { useRetryCheckoutMutation } from '../api/retry-checkout-mutation';
import { CheckoutFrame } from './checkout-frame';

/**
 * /checkout/failure (spec section 2, payment provider callback): the card page was left without paying. "Try
 * again" resumes from the saved checkout state (section 3): a new service reopens its form with every choice kept;
 * an upgrade, a resize or a card update starts the same checkout again. Nothing was charged or changed.
 */
export function CheckoutFailurePage({
  state,
  workspaceId,
}: {
  /** The saved checkout state; null when there is none (another tab, or too old). */
  state: CheckoutState | null;
  workspaceId: string | null;
}) {
  const navigate = useNavigate();
  const retry = useRetryCheckoutMutation();
  const servicesPath = workspaceId === null ? '/workspace' : `/workspace/${workspaceId}`;

  const handleTryAgain = () => {
    if (state === null) return;
    if (state.isUpgrade !== true && createServiceRequestFromState(state) !== null) {
      // The services page reopens the create-service form from the resumed state.
      saveCheckoutState(resumeCheckout(state));
      void navigate(`/workspace/${state.workspaceId ?? ''}`);
      return;
    }
    retry.mutate(state);
  };

  return (
    <CheckoutFrame title="Payment was not completed">
      <Stack gap="md">
        <Text>
          The payment page was closed before the payment went through. Nothing was charged, and
          nothing was changed.
        </Text>
        {state === null && (
          <Alert color="gray" variant="light">
            There is no checkout to resume in this tab. Start again from the services or the Billing
            page.
          </Alert>
        )}
        {retry.isError && (
          <Alert color="red" variant="light" role="alert" title="The checkout could not start">
            {inlineErrorText(retry.error)}
          </Alert>
        )}
        <Group>
          {state !== null && (
            <Button onClick={handleTryAgain} loading={retry.isPending}>
              Try again
            </Button>
          )}
          <Button variant="default" onClick={() => void navigate(servicesPath)}>
            Back to services
          </Button>
        </Group>
      </Stack>
    </CheckoutFrame>
  );
}
