import { isAccountClosureReason } from '@herald/contract/billing/account-closure';
import type { Workspace } from '@herald/contract/workspaces/workspace.schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import { requireSession } from '../../plugins/auth';
import {
  countWorkspacesOf,
  insertAuditEvent,
  insertMember,
  insertWorkspace,
  listMembersOf,
  listWorkspacesOf,
} from './workspace.repository';
import type { MemberDetails, WorkspaceRow } from './workspace.repository';
import { listPendingInvitesFor } from '../members/members.repository';
import { toService } from '../service/service.mapper';
import type { ServiceMappingConfig } from '../service/service.mapper';
import { listServicesOf } from '../service/service.repository';
import { marketplaceStatusOf } from '../marketplace/marketplace-wire';

/** Who made a change, as the audit trail records it. */
export interface Actor {
  customerId: string;
  email: string | null;
  ipAddress: string | null;
}

/** The signed-in caller as an audit actor (the e-mail from the identity, the address of the request). */
export async function actorOf(app: FastifyInstance, request: FastifyRequest): Promise<Actor> {
  const { userId } = requireSession(request);
  const user = await app.identity.getUser(userId);
  return { customerId: userId, email: user?.email ?? null, ipAddress: request.ip };
}

/**
 * The Workspace entity (contract `workspaceSchema`): `services` holds Service objects (expandServices=true) or
 * service ids; the marketplace fields are seams.
 */
export function toWorkspace(
  row: WorkspaceRow,
  members: MemberDetails[],
  services: Workspace['services'] = [],
): Workspace {
  return {
    workspace_id: row.id,
    name: row.name,
    company_name: row.companyName,
    users: members
      .filter((member) => member.workspaceId === row.id)
      .map((member) => ({
        customerid: member.customerid,
        email: member.email,
        roles: [member.role],
      })),
    services,
    // A marketplace organisation (docs/decisions/026): provider and its alias billingProvider, and the status.
    provider: row.billingProvider,
    billingProvider: row.billingProvider,
    ...(row.billingProvider !== null && {
      awsMarketplaceSubscriptionStatus: marketplaceStatusOf(row.awsMarketplaceSubscriptionStatus),
    }),
    paymentMethodExempted: row.paymentMethodExempted,
    manuallyBilled: row.manuallyBilled,
    isFreeTrialAvailable: !row.freeTrialUsed,
    // Section 4 closure reason (docs/decisions/025).
    closureReason: isAccountClosureReason(row.closureReason) ? row.closureReason : null,
  };
}

/** The user's workspaces with their members and live services (Service objects when `expand`, else ids). */
export async function listUserWorkspaces(
  db: Database,
  customerId: string,
  options: { expandServices?: boolean; config?: ServiceMappingConfig } = {},
): Promise<Workspace[]> {
  const rows = await listWorkspacesOf(db, customerId);
  const ids = rows.map((row) => row.id);
  const [members, services] = await Promise.all([listMembersOf(db, ids), listServicesOf(db, ids)]);
  const { expandServices = false, config } = options;
  return rows.map((row) => {
    const own = services.filter((service) => service.workspaceId === row.id);
    return toWorkspace(
      row,
      members,
      expandServices && config
        ? own.map((service) => toService(service, config))
        : own.map((service) => service.id),
    );
  });
}

/** Creates a workspace with `actor` as its Owner and records it, in the caller's transaction. */
export async function createWorkspaceTx(
  tx: Database,
  input: { name: string; companyName: string | null; actor: Actor; now: Date },
): Promise<WorkspaceRow> {
  const { actor, now } = input;
  const row = await insertWorkspace(tx, {
    name: input.name,
    companyName: input.companyName,
    now,
  });
  await insertMember(tx, { workspaceId: row.id, customerId: actor.customerId, role: 'Owner', now });
  await insertAuditEvent(tx, {
    workspaceId: row.id,
    actor: { customerId: actor.customerId, email: actor.email },
    action: 'workspace.created',
    target: row.name,
    ipAddress: actor.ipAddress,
    at: now,
  });
  return row;
}

/** The name of a user's first workspace: the company, else "{firstName}'s team" (docs/decisions/009). */
export function firstWorkspaceName(profile: { firstName: string; company: string | null }): string {
  const company = profile.company?.trim() ?? '';
  return company !== '' ? company : `${profile.firstName.trim()}'s team`;
}

/**
 * Creates the user's first workspace, with them as Owner, when they belong to none. Run inside the transaction
 * that completed the profile, after locking the profile row (so two concurrent completions create one workspace).
 */
export async function ensureFirstWorkspaceTx(
  tx: Database,
  profile: { customerId: string; firstName: string; company: string | null },
  actor: Actor,
  now: Date,
): Promise<void> {
  if ((await countWorkspacesOf(tx, profile.customerId)) > 0) return;
  // Someone invited to a team came to join it: a team of their own would only be clutter. If they decline,
  // the dashboard offers to create one.
  if (actor.email && (await listPendingInvitesFor(tx, actor.email.toLowerCase(), now)).length > 0)
    return;
  const company = profile.company?.trim() ?? '';
  await createWorkspaceTx(tx, {
    name: firstWorkspaceName(profile).slice(0, 64),
    companyName: company === '' ? null : company,
    actor,
    now,
  });
}
