import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { CheckoutSession } from '@herald/contract/billing/checkout.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadFailed } from '../../../components/query-states';
import { clearCheckoutState } from '../../../lib/browser/checkout-state-storage';
import { showToast } from '../../../lib/ui/toast';
import { useCheckoutSessionQuery } from '../api/checkout-session-query';
import { CheckoutFrame } from './checkout-frame';

/** Where a completed checkout goes: the created or changed service, or the Billing page for a new card. */
export function destinationOf(session: CheckoutSession, workspaceId: string): string {
  if (session.purpose !== 'update-payment-method' && session.serviceId !== null) {
    return `/service/${session.serviceId}`;
  }
  return `/workspace/${workspaceId}/billing`;
}

const DONE_TEXT: Record<CheckoutSession['purpose'], string> = {
  'update-payment-method': 'Your card is saved.',
  'create-service': 'Payment confirmed: your service is being created.',
  'upgrade-service-plan': 'Payment confirmed: your plan is upgraded.',
  'resize-cluster': 'Payment confirmed: your cluster is being resized.',
};

/**
 * /checkout/success?session_id=… (spec section 2, payment provider callback). The redirect itself proves nothing
 * (issue 13): the page waits until the server has applied the provider's verified completion event (`complete`,
 * then it goes on) or says why it could not (`failed`, the failureMessage). The checkout state is cleared either way.
 */
export function CheckoutSuccessPage({
  workspaceId,
  checkoutSessionId,
}: {
  workspaceId: string;
  checkoutSessionId: string;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useCheckoutSessionQuery(workspaceId, checkoutSessionId);
  const status = session.data?.status;

  useEffect(() => {
    if (session.data === undefined || session.data.status === 'open') return;
    clearCheckoutState();
    if (session.data.status === 'complete') {
      showToast({ variant: 'success', message: DONE_TEXT[session.data.purpose] });
      // A card, a service or a plan changed: everything cached about the organisation may be stale.
      void queryClient.invalidateQueries();
      void navigate(destinationOf(session.data, workspaceId), { replace: true });
    }
  }, [session.data, navigate, queryClient, workspaceId]);

  return (
    <CheckoutFrame title="Confirming your payment">
      {(session.isPending || status === 'open' || status === 'complete') && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>
            {status === 'complete'
              ? 'Payment confirmed. Taking you there…'
              : 'Waiting for the payment provider to confirm your payment. This usually takes a few seconds.'}
          </Text>
        </Group>
      )}
      {session.isError && (
        <LoadFailed
          title="The payment could not be checked"
          error={session.error}
          onRetry={() => session.refetch()}
        />
      )}
      {(status === 'failed' || status === 'expired') && (
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert" title="The payment did not go through">
            {status === 'expired'
              ? 'The checkout expired before it was completed. Nothing was charged.'
              : (session.data?.failureMessage ??
                'The payment provider did not accept the payment. Nothing was changed.')}
          </Alert>
          <Group>
            <Button component={Link} to={`/workspace/${workspaceId}/billing`} variant="default">
              Go to Billing
            </Button>
            <Button component={Link} to={`/workspace/${workspaceId}`} variant="subtle">
              Back to services
            </Button>
          </Group>
        </Stack>
      )}
    </CheckoutFrame>
  );
}
