import { checkoutReloadUrl } from '@herald/contract/billing/checkout-state';
import { useEffect, useState } from 'react';

/**
 * Spec section 2: Safari on the checkout routes forces one reload with reload=true (the contract rule decides from
 * the user agent and the address). True while that reload is under way, so the page shows nothing else meanwhile.
 */
export function useSafariCheckoutReload(): boolean {
  const [reloadUrl] = useState(() =>
    checkoutReloadUrl(window.navigator.userAgent, window.location.href),
  );
  useEffect(() => {
    if (reloadUrl !== null) window.location.replace(reloadUrl);
  }, [reloadUrl]);
  return reloadUrl !== null;
}
