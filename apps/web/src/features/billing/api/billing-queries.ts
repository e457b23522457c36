import type { InvoiceSummary } from '@herald/contract/billing/billing.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadApi } from '../../../lib/api/load-api';
import { billingKeys } from './keys';

/**
 * A runaway guard on the summary's paging: the chart's months hold a few invoices each, so this many pages (12
 * invoices a page) means the server keeps answering hasMoreInvoices.
 */
export const MAX_SUMMARY_PAGES = 50;

export const billingAccountQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: billingKeys.account(workspaceId),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.getBillingAccount, { signal, params: { workspaceId } });
    },
  });

export const paymentMethodQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: billingKeys.paymentMethod(workspaceId),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.getPaymentMethod, { signal, params: { workspaceId } });
    },
  });

export const invoicesQueryOptions = (workspaceId: string, subscriptionId: string) =>
  queryOptions({
    queryKey: billingKeys.invoices(workspaceId, subscriptionId),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.listSubscriptionInvoices, {
        signal,
        params: { workspaceId, subscriptionId },
      });
    },
  });

/**
 * Spec section 7: the invoice summary of a range (unix seconds), paged with startAfter until
 * metadata.hasMoreInvoices is false; every page's invoices in one list.
 */
export const invoiceSummaryQueryOptions = (
  workspaceId: string,
  range: { startDate: number; endDate: number },
) =>
  queryOptions({
    queryKey: billingKeys.summary(workspaceId, range.startDate, range.endDate),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      const invoices: InvoiceSummary[] = [];
      let startAfter: string | undefined;
      for (let page = 0; page < MAX_SUMMARY_PAGES; page += 1) {
        const answer = await apiRequest(routes.getInvoiceSummary, {
          signal,
          params: { workspaceId },
          query: { ...range, ...(startAfter === undefined ? {} : { startAfter }) },
        });
        invoices.push(...answer.invoices);
        if (!answer.metadata.hasMoreInvoices || answer.metadata.startAfter === null) {
          return invoices;
        }
        startAfter = answer.metadata.startAfter;
      }
      throw new Error('The invoice summary did not finish paging.');
    },
  });

export const forecastQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: billingKeys.forecast(workspaceId),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.getInvoiceForecast, { signal, params: { workspaceId } });
    },
  });

export const creditQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: billingKeys.credit(workspaceId),
    queryFn: async ({ signal }) => {
      const { apiRequest, routes } = await loadApi();
      return apiRequest(routes.getWorkspaceCredit, { signal, params: { workspaceId } });
    },
  });

export const useBillingAccountQuery = (workspaceId: string) =>
  useQuery(billingAccountQueryOptions(workspaceId));
export const usePaymentMethodQuery = (workspaceId: string) =>
  useQuery(paymentMethodQueryOptions(workspaceId));
export const useForecastQuery = (workspaceId: string) =>
  useQuery(forecastQueryOptions(workspaceId));

/** The invoices call needs the account's subscription id (null before anything was billed). */
export function useInvoicesQuery(workspaceId: string, subscriptionId: string | null | undefined) {
  return useQuery({
    ...invoicesQueryOptions(workspaceId, subscriptionId ?? ''),
    enabled: typeof subscriptionId === 'string',
  });
}

export function useInvoiceSummaryQuery(
  workspaceId: string,
  range: { startDate: number; endDate: number },
) {
  return useQuery(invoiceSummaryQueryOptions(workspaceId, range));
}

/** Spec section 6: available credit is fetched only if the user may create-service. */
export function useCreditQuery(workspaceId: string, canCreateService: boolean) {
  return useQuery({ ...creditQueryOptions(workspaceId), enabled: canCreateService });
}
