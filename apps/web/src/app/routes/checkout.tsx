import { Box, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CheckoutFailurePage } from '../../features/checkout/components/checkout-failure-page';
import { CheckoutFrame } from '../../features/checkout/components/checkout-frame';
import { CheckoutSuccessPage } from '../../features/checkout/components/checkout-success-page';
import { useSafariCheckoutReload } from '../../features/checkout/hooks/use-safari-reload';
import { useCurrentWorkspace } from '../../features/workspaces/hooks/use-current-workspace';
import { loadCheckoutState } from '../../lib/browser/checkout-state-storage';

/**
 * The checkout the user comes back from: the organisation of the saved checkout state (spec section 3), else the
 * one the provider's address names, else the default one.
 */
function useCheckoutWorkspace() {
  const [params] = useSearchParams();
  const [state] = useState(() => loadCheckoutState());
  const { workspace, isPending } = useCurrentWorkspace();
  const workspaceId =
    state?.workspaceId ?? params.get('workspace_id') ?? workspace?.workspace_id ?? null;
  return { state, workspaceId, isPending: isPending && state?.workspaceId === undefined, params };
}

function ReloadingNotice() {
  return (
    <Box role="status">
      <VisuallyHidden>Loading</VisuallyHidden>
    </Box>
  );
}

/** `/checkout/success?session_id=…` */
export function CheckoutSuccessRoute() {
  const isReloading = useSafariCheckoutReload();
  const { workspaceId, isPending, params } = useCheckoutWorkspace();
  const sessionId = params.get('session_id');
  if (isReloading || isPending) return <ReloadingNotice />;
  if (sessionId === null || workspaceId === null) {
    return (
      <CheckoutFrame title="Nothing to confirm">
        This page is where the payment page sends you back after a checkout. There is no checkout to
        confirm here: your card, invoices and services are on the Billing and services pages.
      </CheckoutFrame>
    );
  }
  return <CheckoutSuccessPage workspaceId={workspaceId} checkoutSessionId={sessionId} />;
}

/** `/checkout/failure` */
export function CheckoutFailureRoute() {
  const isReloading = useSafariCheckoutReload();
  const { state, workspaceId, isPending } = useCheckoutWorkspace();
  if (isReloading || isPending) return <ReloadingNotice />;
  return <CheckoutFailurePage state={state} workspaceId={workspaceId} />;
}
