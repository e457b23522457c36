/*
 * Connecting feature flags, from the entry chunk: the OpenFeature SDK and the OFREP client are loaded on demand so
 * they are not part of the first load (bundle budget, docs/decisions/017). Until the first evaluation arrives every
 * flag reads as its default (off), so the first render never waits on the flag service.
 */

/** Flags are evaluated for an anonymous visitor until a user is known (spec section 1). */
export const ANONYMOUS_TARGETING_KEY = 'anonymous';

/** Settles once the provider is set; a user's context must not be overwritten by the anonymous one. */
let providerSet: Promise<void> = Promise.resolve();

/** Connects OpenFeature to the control plane's OFREP endpoint (`POST /ofrep/v1/evaluate/flags`). */
export function initFlags(baseUrl: string = window.location.origin): Promise<void> {
  providerSet = connectFlags(baseUrl);
  return providerSet;
}

async function connectFlags(baseUrl: string): Promise<void> {
  try {
    const [{ OpenFeature }, { OFREPWebProvider }] = await Promise.all([
      import('@openfeature/web-sdk'),
      import('@openfeature/ofrep-web-provider'),
    ]);
    // The context is set with the provider so the first evaluation is already 'anonymous'.
    // setProvider does not wait for initialisation; a failing flag service only emits an
    // error event and leaves every flag at its default, which needs nothing shown to the user.
    OpenFeature.setProvider(new OFREPWebProvider({ baseUrl }), {
      targetingKey: ANONYMOUS_TARGETING_KEY,
    });
  } catch {
    // The SDK chunks failed to load: flags stay at their defaults (off).
  }
}

/** Re-evaluates flags for the signed-in user (their id is the targeting key), or anonymous. */
export async function setFlagContextUser(userId: string | null): Promise<void> {
  const [{ OpenFeature }] = await Promise.all([import('@openfeature/web-sdk'), providerSet]);
  await OpenFeature.setContext({ targetingKey: userId ?? ANONYMOUS_TARGETING_KEY });
}
