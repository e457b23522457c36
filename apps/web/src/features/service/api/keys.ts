/**
 * Query keys of the service area (CONVENTIONS section 5: keys are factories). The service's own
 * keys (detail, status, metrics, api details, scheduled update) are lib/queries/service-queries'
 * `serviceKeys`; these are the keys this feature shares with other areas without importing them.
 */
export const serviceAreaKeys = {
  /**
   * GET /v3/workspaces?expandServices=true. A copy of features/workspaces' `workspaceKeys.list()`
   * (features never import each other): the same key shares the one cached list.
   */
  workspaces: () => ['workspaces', 'list'] as const,
  /**
   * GET /v3/user. A copy of features/auth's `authKeys.currentUser()`: invalidated when a service
   * reaches RUNNING so the onboarding gate's first-service readiness refreshes.
   */
  currentUser: () => ['auth', 'current-user'] as const,
};
