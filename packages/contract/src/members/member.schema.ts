import { z } from 'zod';
import { emailSchema, idSchema } from '../common/fields';
import { ROLES } from './permissions';

/**
 * Members, invitations and the audit trail of a workspace (spec section 2 members area, section 3
 * Pending invite list; the audit trail). The spec shows no shapes: these are ours.
 */

export const roleSchema = z.enum(ROLES, { error: 'The role must be User, Admin or Owner' });

/** A member row of the members table. */
export const memberSchema = z.object({
  customerid: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(roleSchema),
  /** ISO 8601. */
  joinedAt: z.iso.datetime({ offset: true }),
});
export type Member = z.infer<typeof memberSchema>;

export const changeMemberRoleRequestSchema = z.strictObject({ role: roleSchema });
export type ChangeMemberRoleRequest = z.infer<typeof changeMemberRoleRequestSchema>;

/** An invitation as its workspace's Admins and Owner see it. */
export const workspaceInviteSchema = z.object({
  inviteId: z.string(),
  email: z.string(),
  role: roleSchema,
  invitedBy: z.string().nullable(),
  /** ISO 8601. */
  invitedAt: z.iso.datetime({ offset: true }),
  /** ISO 8601; an expired invitation can be re-sent, which renews it. */
  expiresAt: z.iso.datetime({ offset: true }),
});
export type WorkspaceInvite = z.infer<typeof workspaceInviteSchema>;

/** Inviting makes a User or an Admin; ownership moves only by a transfer (owner-invariant.ts). */
export const createInviteRequestSchema = z.strictObject({
  email: emailSchema,
  role: z.enum(['User', 'Admin'], { error: 'An invitation makes a User or an Admin' }),
});
export type CreateInviteRequest = z.infer<typeof createInviteRequestSchema>;

export const acceptInviteResponseSchema = z.object({ workspace_id: z.string() });

/**
 * Every action the server records in a workspace's audit trail. The server's writer takes only these (so an
 * unknown action does not compile) and audit-sentence.ts has a sentence for each. Wire values: never rename.
 */
export const AUDIT_ACTIONS = [
  'workspace.created',
  'workspace.renamed',
  'member.role_changed',
  'member.removed',
  'member.left',
  'member.joined',
  'invite.created',
  'invite.resent',
  'invite.revoked',
  'invite.declined',
  'service.created',
  'service.cancelled',
  'service.restarted',
  'service.topic_tree_reset',
  'service.topics_removed',
  'service.admin_principal_set',
  'service.settings_changed',
  'service.update_scheduled',
  'service.update_cancelled',
  // Kafka gateway adapters (issue 27): never a password in the details.
  'service.kafka_adapter_created',
  'service.kafka_adapter_enabled',
  'service.kafka_adapter_disabled',
  'service.kafka_adapter_deleted',
  'service.kafka_adapter_configured',
  'service.adapter_upgrade_scheduled',
  'service.adapter_upgrade_cancelled',
  'service.adapter_upgraded',
  // The REST adapter (issue 28): never a password, token, header or query value in the details.
  'service.rest_adapter_saved',
  'service.rest_adapter_configured',
  'service.credentials.revealed',
  'service.secret.rotated',
  // Service security (docs/decisions/021): never a password in the details.
  'service.role_saved',
  'service.role_removed',
  'service.default_roles_changed',
  'service.isolated_paths_changed',
  'service.principal_saved',
  'service.principal_password_set',
  'service.principal_removed',
  'service.anonymous_action_changed',
  'service.trusted_properties_changed',
  // Free trial (docs/decisions/025): the trial scheduler (no actor) and the operator's trial commands.
  'service.trial_reminder_sent',
  'service.trial_suspended',
  'service.trial_converted',
  'service.trial_removed',
  'service.trial_extended',
  'service.trial_ended',
  // Section 9's adapter cap (issue 27): the trial scheduler stopped the service's Kafka adapters.
  'service.trial_adapters_deactivated',
  'service.removal_delayed',
  // Payments and plan changes (docs/decisions/023).
  'service.plan_changed',
  'service.cluster_resized',
  'billing.payment_method_updated',
  // The cloud marketplace (docs/decisions/026)
  'marketplace.connected',
  'marketplace.status_changed',
  // The operator's billing commands (docs/decisions/024).
  'billing.payment_exemption_changed',
  'billing.manual_billing_changed',
  'billing.credit_granted',
  'billing.invoice_settled',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export function isAuditAction(value: string): value is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/** One recorded change: who, what, when, from where. */
export const auditEntrySchema = z.object({
  id: z.string(),
  /**
   * One of AUDIT_ACTIONS; any other string is a row this version does not know (written by a newer one), listed
   * rather than failing the whole page (docs/decisions/012).
   */
  action: z.union([z.enum(AUDIT_ACTIONS), z.string()]),
  actor: z.object({ customerid: z.string().nullable(), email: z.string().nullable() }),
  /** What the change was made to, e.g. the member's e-mail or the invitation's address. */
  target: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  /** The client address the change came from. */
  ipAddress: z.string().nullable(),
  /** ISO 8601. */
  at: z.iso.datetime({ offset: true }),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  /** The `nextCursor` of the previous page. */
  before: z.string().max(200).optional(),
});
export const auditLogPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});

export const memberParamsSchema = z.strictObject({ workspaceId: idSchema, customerid: idSchema });
export const inviteParamsSchema = z.strictObject({ workspaceId: idSchema, inviteId: idSchema });
export const pendingInviteParamsSchema = z.strictObject({ inviteId: idSchema });
