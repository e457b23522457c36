import type { FeatureFlag } from '@herald/contract/flags/flags';
import { OpenFeature, useBooleanFlagValue } from '@openfeature/react-sdk';

/** Flags are evaluated for an anonymous visitor until a user is known (spec section 1). */
export const ANONYMOUS_TARGETING_KEY = 'anonymous';

/**
 * Connects OpenFeature to the control plane's OFREP endpoint (`POST /ofrep/v1/evaluate/flags`).
 * It does not wait: until the first evaluation arrives every flag reads as its default (off),
 * so the first render is never blocked on the flag service.
 */
export async function initFlags(baseUrl: string = window.location.origin): Promise<void> {
  try {
    // Loaded on demand: the OFREP client is not needed for the first paint (bundle budget).
    const { OFREPWebProvider } = await import('@openfeature/ofrep-web-provider');
    // The context is set with the provider so the first evaluation is already 'anonymous'.
    // setProvider does not wait for initialisation; a failing flag service only emits an
    // error event and leaves every flag at its default, which needs nothing shown to the user.
    OpenFeature.setProvider(new OFREPWebProvider({ baseUrl }), {
      targetingKey: ANONYMOUS_TARGETING_KEY,
    });
  } catch {
    // The provider chunk failed to load: flags stay at their defaults (off).
  }
}

/** Re-evaluates flags for the signed-in user (their id is the targeting key), or anonymous. */
export async function setFlagContextUser(userId: string | null): Promise<void> {
  await OpenFeature.setContext({ targetingKey: userId ?? ANONYMOUS_TARGETING_KEY });
}

/** Whether a feature flag is on; off while flags load and when the flag service fails. */
export function useFlag(key: FeatureFlag): boolean {
  return useBooleanFlagValue(key, false);
}
