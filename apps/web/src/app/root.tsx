import { Outlet, ScrollRestoration } from 'react-router';
import { ServerStatusCheck } from '../features/server-status/components/server-status-check';
import { OnboardingGate } from './onboarding-gate';

/** Id of the element the consent banner renders into (spec section 2). */
export const CONSENT_BANNER_ID = 'consent-banner';

/**
 * Root route: every layout renders inside, behind the onboarding gate (spec section 4);
 * app-wide effects live here.
 */
export function Root() {
  return (
    <>
      <OnboardingGate>
        <Outlet />
      </OnboardingGate>
      <div id={CONSENT_BANNER_ID} />
      <ServerStatusCheck />
      <ScrollRestoration />
    </>
  );
}
