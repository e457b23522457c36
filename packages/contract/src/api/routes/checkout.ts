import { z } from 'zod';
import {
  billingAccountSchema,
  checkoutSessionCreatedSchema,
  checkoutSessionSchema,
  resizeClusterRequestSchema,
  startCheckoutRequestSchema,
  upgradeServicePlanRequestSchema,
  webhookReceivedSchema,
} from '../../billing/checkout.schema';
import { idSchema } from '../../common/fields';
import { serviceSchema } from '../../services/service.schema';
import { defineRoute } from '../define-route';
import { serviceParamsSchema, workspaceParamsSchema } from './params';

const tags = ['billing'] as const;

/** Checkout, plan changes and the payment provider's webhook (issue 13; spec sections 2, 3 and 8). */
export const checkoutRoutes = {
  getBillingAccount: defineRoute({
    method: 'GET',
    path: '/v3/workspace/{workspaceId}/billing/account',
    summary: "The workspace's billing account: subscription id, provider and exemptions",
    tags,
    access: 'workspace',
    permission: 'manage-billing',
    params: workspaceParamsSchema,
    responses: { 200: billingAccountSchema },
  }),
  startCheckout: defineRoute({
    method: 'POST',
    path: '/v3/workspace/{workspaceId}/billing/checkout',
    summary:
      'Start a checkout that stores a card and then creates a paid service or changes its plan',
    tags,
    access: 'workspace',
    permission: 'manage-billing',
    params: workspaceParamsSchema,
    body: startCheckoutRequestSchema,
    responses: { 200: checkoutSessionCreatedSchema },
  }),
  getCheckoutSession: defineRoute({
    method: 'GET',
    path: '/v3/workspace/{workspaceId}/billing/checkout/{checkoutSessionId}',
    summary: 'Whether a checkout has completed (its signed completion event applied)',
    tags,
    access: 'workspace',
    permission: 'manage-billing',
    params: workspaceParamsSchema.extend({ checkoutSessionId: idSchema }),
    responses: { 200: checkoutSessionSchema },
  }),
  upgradeServicePlan: defineRoute({
    method: 'PUT',
    path: '/v3/service/{serviceId}/upgrade-service-plan',
    summary: "Change a service's plan; 402 without a payment method (start a checkout instead)",
    tags,
    access: 'service',
    permission: 'upgrade-service',
    params: serviceParamsSchema,
    body: upgradeServicePlanRequestSchema,
    responses: { 200: serviceSchema },
  }),
  resizeCluster: defineRoute({
    method: 'PUT',
    path: '/v3/service/{serviceId}/resize-cluster',
    summary: 'Turn high availability on or off; 402 without a payment method',
    tags,
    access: 'service',
    permission: 'upgrade-service',
    params: serviceParamsSchema,
    body: resizeClusterRequestSchema,
    responses: { 200: serviceSchema },
  }),
  paymentWebhook: defineRoute({
    method: 'POST',
    path: '/v3/billing/webhook',
    summary:
      "The payment provider's signed events (Stripe-Signature); the built-in checkout sends the same",
    tags,
    access: 'public',
    body: z.unknown(),
    responses: { 200: webhookReceivedSchema },
  }),
} as const;
