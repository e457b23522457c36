/** Query keys of the billing page (CONVENTIONS section 5: keys are factories). */
export const billingKeys = {
  all: ['billing'] as const,
  ofWorkspace: (workspaceId: string) => [...billingKeys.all, workspaceId] as const,
  /** GET /v3/workspace/{workspaceId}/billing/account */
  account: (workspaceId: string) => [...billingKeys.ofWorkspace(workspaceId), 'account'] as const,
  /** GET /v3/workspace/{workspaceId}/paymentMethod */
  paymentMethod: (workspaceId: string) =>
    [...billingKeys.ofWorkspace(workspaceId), 'payment-method'] as const,
  /** GET /v3/workspace/{workspaceId}/subscription/{subscriptionId}/invoices */
  invoices: (workspaceId: string, subscriptionId: string) =>
    [...billingKeys.ofWorkspace(workspaceId), 'invoices', subscriptionId] as const,
  /** GET /v3/workspace/{workspaceId}/billing/invoice/summary, every page of one range */
  summary: (workspaceId: string, startDate: number, endDate: number) =>
    [...billingKeys.ofWorkspace(workspaceId), 'summary', startDate, endDate] as const,
  /** GET /v3/workspace/{workspaceId}/billing/invoice/forecast */
  forecast: (workspaceId: string) => [...billingKeys.ofWorkspace(workspaceId), 'forecast'] as const,
  /** GET /v3/workspace/{workspaceId}/credit */
  credit: (workspaceId: string) => [...billingKeys.ofWorkspace(workspaceId), 'credit'] as const,
};
