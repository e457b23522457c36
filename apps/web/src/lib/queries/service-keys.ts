/**
 * Query keys shared by every screen that shows services (the services list, the service layout and
 * its pages, the create-service flow). Keys are factories (CONVENTIONS section 5). Apart from the
 * options (service-queries.ts) so the entry chunk can seed answers under them (app/page-answers.ts).
 */
export const serviceKeys = {
  all: ['services'] as const,
  ofWorkspace: (workspaceId: string) => [...serviceKeys.all, 'workspace', workspaceId] as const,
  statusesOfWorkspace: (workspaceId: string) =>
    [...serviceKeys.ofWorkspace(workspaceId), 'status'] as const,
  detail: (serviceId: string) => [...serviceKeys.all, 'detail', serviceId] as const,
  status: (serviceId: string) => [...serviceKeys.detail(serviceId), 'status'] as const,
  liveMetrics: (serviceId: string) =>
    [...serviceKeys.detail(serviceId), 'metrics', 'live'] as const,
  apiDetails: (serviceId: string) => [...serviceKeys.detail(serviceId), 'api-details'] as const,
  scheduledUpdate: (serviceId: string) =>
    [...serviceKeys.detail(serviceId), 'scheduled-update'] as const,
  billingPeriod: (serviceId: string) =>
    [...serviceKeys.detail(serviceId), 'billing-period'] as const,
  metadata: () => ['metadata'] as const,
};
