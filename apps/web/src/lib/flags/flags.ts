import type { FeatureFlag } from '@herald/contract/flags/flags';
import { OpenFeature, ProviderEvents } from '@openfeature/web-sdk';
import { useSyncExternalStore } from 'react';
import { seededFlag } from './flag-seed';

/*
 * Reading flags. This module is imported only by pages behind lazy routes, so the OpenFeature SDK is not part of the
 * first load (bundle budget, docs/decisions/017); connecting it lives in flag-context.ts, which loads it on demand.
 */

/** Every event after which an evaluation may give another value. */
const FLAG_EVENTS = [
  ProviderEvents.Ready,
  ProviderEvents.ConfigurationChanged,
  ProviderEvents.ContextChanged,
  ProviderEvents.Reconciling,
  ProviderEvents.Stale,
  ProviderEvents.Error,
] as const;

function subscribeToFlagChanges(onChange: () => void): () => void {
  // The SDK emits Ready before the provider's status reads ready, so an evaluation inside the handler still gives
  // the default: re-read once the emitting code has finished.
  const handleEvent = () => queueMicrotask(onChange);
  for (const event of FLAG_EVENTS) OpenFeature.addHandler(event, handleEvent);
  return () => {
    for (const event of FLAG_EVENTS) OpenFeature.removeHandler(event, handleEvent);
  };
}

/**
 * Whether a feature flag is on. Until the OpenFeature client has evaluated (and when the flag service fails) it reads
 * the value the server evaluated for the page (lib/flags/flag-seed.ts), off without one; a page painted by the server
 * reads that same value, so the painted page and the app agree (issue 25, item 14).
 */
export function useFlag(key: FeatureFlag): boolean {
  return useSyncExternalStore(
    subscribeToFlagChanges,
    () => OpenFeature.getClient().getBooleanValue(key, seededFlag(key)),
    () => seededFlag(key),
  );
}
