import type { CheckoutState } from '@herald/contract/billing/billing.schema';
import {
  CHECKOUT_STATE_STORAGE_KEY,
  readCheckoutState,
} from '@herald/contract/billing/checkout-state';

/**
 * The checkout state of spec section 3, kept in sessionStorage across the redirect to the payment provider and back
 * (per tab, never sent to the server). Storage failures (private modes, quotas) only lose the resume.
 */
export function saveCheckoutState(state: CheckoutState, storage: Storage = window.sessionStorage) {
  try {
    storage.setItem(CHECKOUT_STATE_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Ignored: coming back, the user starts again from the page instead of a resumed form.
  }
}

/** The saved state, or null when there is none, it is not valid or it is too old (readCheckoutState). */
export function loadCheckoutState(
  now: Date = new Date(),
  // None when the server paints the page (prerender/painted-pages.tsx): nothing to resume there.
  storage: Storage | undefined = globalThis.sessionStorage,
): CheckoutState | null {
  try {
    if (storage === undefined) return null;
    return readCheckoutState(storage.getItem(CHECKOUT_STATE_STORAGE_KEY), now);
  } catch {
    return null;
  }
}

export function clearCheckoutState(storage: Storage = window.sessionStorage) {
  try {
    storage.removeItem(CHECKOUT_STATE_STORAGE_KEY);
  } catch {
    // Ignored: nothing was stored.
  }
}

/**
 * Leaves the dashboard for the checkout page (the provider's hosted page or the built-in one). A full navigation,
 * not the router: the page belongs to another origin or to the server.
 */
export function goToCheckout(checkoutUrl: string) {
  window.location.assign(checkoutUrl);
}
