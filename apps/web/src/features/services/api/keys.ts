/**
 * Query keys of the services area (CONVENTIONS section 5: keys are factories). The keys of the
 * services themselves, their statuses and the metadata are shared with the service pages and live
 * in `lib/queries/service-queries.ts` (`serviceKeys`); these are the create-service flow's own.
 */
export const createServiceKeys = {
  all: ['create-service'] as const,
  /** GET /v3/workspace/{workspaceId}/credit */
  credit: (workspaceId: string) => [...createServiceKeys.all, 'credit', workspaceId] as const,
  /** GET /v3/workspace/{workspaceId}/paymentMethod */
  paymentMethod: (workspaceId: string) =>
    [...createServiceKeys.all, 'payment-method', workspaceId] as const,
  /** GET /v3/generate-service-name */
  generatedName: () => [...createServiceKeys.all, 'generated-name'] as const,
  /** GET /v3/service/{serviceName}/check */
  nameCheck: (serviceName: string) =>
    [...createServiceKeys.all, 'name-check', serviceName] as const,
};

/**
 * The prefix of the workspaces list query (`workspaceKeys.all` in features/workspaces/api/keys.ts,
 * which this feature may not import, CONVENTIONS section 5). A new service appears in the
 * workspace's expanded `services`, so creating one invalidates it. Keep the two in step.
 */
export const WORKSPACES_QUERY_PREFIX = ['workspaces'] as const;
