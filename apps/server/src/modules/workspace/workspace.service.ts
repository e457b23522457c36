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

/** The Workspace entity (contract `workspaceSchema`); services, billing and marketplace fields are seams. */
export function toWorkspace(row: WorkspaceRow, members: MemberDetails[]): Workspace {
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
    // Seam: Service objects (expandServices=true) or ids once services exist.
    services: [],
    // Seam: billing and marketplace arrive with the billing issue.
    provider: null,
    paymentMethodExempted: false,
    manuallyBilled: false,
    isFreeTrialAvailable: true,
  };
}

export async function listUserWorkspaces(db: Database, customerId: string): Promise<Workspace[]> {
  const rows = await listWorkspacesOf(db, customerId);
  const members = await listMembersOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toWorkspace(row, members));
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
