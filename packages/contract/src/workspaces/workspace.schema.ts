import { z } from 'zod';
import { ACCOUNT_CLOSURE_REASONS, MARKETPLACE_SUBSCRIPTION_STATUSES } from '../constants';
import { ROLES } from '../members/permissions';
import { FIELD_LIMITS, requiredText } from '../common/fields';
import { serviceSchema, serviceStatusSchema } from '../services/service.schema';

/** A member as listed in a workspace (spec section 3: customerid, email, roles). */
export const workspaceUserSchema = z.object({
  customerid: z.string(),
  email: z.string(),
  roles: z.array(z.enum(ROLES)),
});
export type WorkspaceUser = z.infer<typeof workspaceUserSchema>;

/**
 * Workspace, spec section 3.
 *
 * Alternate spelling `provider / billingProvider`: `provider` is canonical and always sent,
 * `billingProvider` is an optional alias with the same value. The value `awsMarketplace`
 * (MARKETPLACE_BILLING_PROVIDER) marks a marketplace organisation.
 *
 * `services` holds Service objects when listed with `expandServices=true` and service ids
 * otherwise (GET /v3/workspaces).
 */
export const workspaceSchema = z.object({
  workspace_id: z.string(),
  name: z.string(),
  company_name: z.string().nullable(),
  users: z.array(workspaceUserSchema),
  services: z.array(z.union([serviceSchema, z.string()])),
  provider: z.string().nullable(),
  /** Alias of `provider`. */
  billingProvider: z.string().nullable().optional(),
  paymentMethodExempted: z.boolean(),
  manuallyBilled: z.boolean(),
  /** Present for marketplace organisations only. */
  awsMarketplaceSubscriptionStatus: z.enum(MARKETPLACE_SUBSCRIPTION_STATUSES).nullable().optional(),
  isFreeTrialAvailable: z.boolean(),
  /** Section 4 account closure reason (docs/decisions/025); TRIAL_END and LIMIT_EXHAUSTED block new services. */
  closureReason: z.enum(ACCOUNT_CLOSURE_REASONS).nullable().optional(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

/** POST /v3/workspace {name}: the create team modal's one field, trimmed (sections 2 and 5). */
export const createWorkspaceRequestSchema = z.strictObject({
  name: requiredText('Team name', FIELD_LIMITS.teamName),
});
export type CreateWorkspaceRequest = z.infer<typeof createWorkspaceRequestSchema>;

export const createWorkspaceResponseSchema = z.object({ workspace_id: z.string() });
export type CreateWorkspaceResponse = z.infer<typeof createWorkspaceResponseSchema>;

/** GET /v3/workspace/{workspaceId}/services/status items (section 7: servicename, status). */
export const workspaceServiceStatusSchema = z.object({
  serviceId: z.string(),
  servicename: z.string(),
  status: serviceStatusSchema,
});
export type WorkspaceServiceStatus = z.infer<typeof workspaceServiceStatusSchema>;

/**
 * An invitation to join a workspace, waiting for the signed-in user (spec section 3 "Pending
 * invite list", section 4 onboarding "consider invite"). The spec gives no fields; these are ours.
 */
export const pendingInviteSchema = z.object({
  inviteId: z.string(),
  workspace_id: z.string(),
  workspaceName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  invitedBy: z.string().nullable(),
  /** ISO 8601. */
  invitedAt: z.iso.datetime({ offset: true }),
});
export type PendingInvite = z.infer<typeof pendingInviteSchema>;

export const pendingInviteListSchema = z.array(pendingInviteSchema);
export type PendingInviteList = z.infer<typeof pendingInviteListSchema>;
