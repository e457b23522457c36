import { z } from 'zod';
import {
  forecastEntrySchema,
  invoiceSchema,
  invoiceSummaryPageSchema,
  invoiceSummaryQuerySchema,
  paymentMethodResponseSchema,
  updatePaymentMethodResponseSchema,
} from '../../billing/billing.schema';
import { defineRoute } from '../define-route';
import { subscriptionParamsSchema, workspaceParamsSchema } from './params';

const tags = ['billing'] as const;

/** Spec section 7 "Billing"; every call needs manage-billing (section 6: the Billing menu does). */
export const billingRoutes = {
  listSubscriptionInvoices: defineRoute({
    method: 'GET',
    path: '/v3/workspace/{workspaceId}/subscription/{subscriptionId}/invoices',
    summary: "A subscription's invoices, newest first",
    tags,
    access: 'workspace',
    permission: 'manage-billing',
    params: subscriptionParamsSchema,
    responses: { 200: z.array(invoiceSchema) },
  }),
  getPaymentMethod: defineRoute({
    method: 'GET',
    path: '/v3/workspace/{workspaceId}/paymentMethod',
    summary: "The workspace's default card, or null",
    tags,
    access: 'workspace',
    permission: 'manage-billing',
    params: workspaceParamsSchema,
    responses: { 200: paymentMethodResponseSchema },
  }),
  updatePaymentMethod: defineRoute({
    method: 'POST',
    path: '/v3/workspace/{workspaceId}/billing/update-payment-method',
    summary: 'Start a checkout session that sets up a new card',
    tags,
    access: 'workspace',
    permission: 'manage-billing',
    params: workspaceParamsSchema,
    responses: { 200: updatePaymentMethodResponseSchema },
  }),
  getInvoiceSummary: defineRoute({
    method: 'GET',
    path: '/v3/workspace/{workspaceId}/billing/invoice/summary',
    summary: 'Invoice summaries in a date range, paged with startAfter',
    tags,
    access: 'workspace',
    permission: 'manage-billing',
    params: workspaceParamsSchema,
    query: invoiceSummaryQuerySchema,
    responses: { 200: invoiceSummaryPageSchema },
  }),
  getInvoiceForecast: defineRoute({
    method: 'GET',
    path: '/v3/workspace/{workspaceId}/billing/invoice/forecast',
    summary: "The current period's expected charges per service",
    tags,
    access: 'workspace',
    permission: 'manage-billing',
    params: workspaceParamsSchema,
    responses: { 200: z.array(forecastEntrySchema) },
  }),
} as const;
