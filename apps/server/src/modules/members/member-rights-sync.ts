import type { DashboardRevocation } from '@herald/contract/services/dashboard-access';
import { DASHBOARD_REVOCATION_KEEP_MS } from '@herald/contract/services/dashboard-access';
import { and, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { dashboardRevocation, service, workspace, workspaceMember } from '../../db/schema';
import type { RuntimeEndpoint } from '../../adapters/provisioner/provisioner';
import { pushDashboardRevocations } from '../../adapters/provisioner/runtime-client';
import type { TokenSigner } from '../service-api/tokens';

/**
 * A member's rights on the messaging side follow their workspace role (docs/decisions/013). Dashboard tokens carry
 * the role they were issued with; when a member's access changes (removed, left, role changed, account deleted,
 * signed out, password changed) the control plane records a revocation per workspace and pushes it to every
 * running runtime of those workspaces, which closes the member's live sessions and refuses their older tokens. A
 * runtime that was down or unreachable gets the recent revocations when it starts (in its environment) and each
 * time it is registered (started or re-attached); the runtime also keeps them in its own durable state.
 */

type ServiceRef = { id: string; workspaceId: string; credentialVersion: number };

/** Attempts of a push to a running runtime before giving up (it gets the list again when it is registered). */
const PUSH_ATTEMPTS = 3;
const PUSH_RETRY_MS = 500;

/** The revocations of a workspace that may still refuse a token, for a runtime's start or registration. */
export async function listRecentRevocations(
  db: Database,
  workspaceId: string,
  now: Date,
): Promise<DashboardRevocation[]> {
  const rows = await db
    .select({
      customerId: dashboardRevocation.customerId,
      notBefore: dashboardRevocation.notBefore,
    })
    .from(dashboardRevocation)
    .where(
      and(
        eq(dashboardRevocation.workspaceId, workspaceId),
        gte(dashboardRevocation.notBefore, new Date(now.getTime() - DASHBOARD_REVOCATION_KEEP_MS)),
      ),
    );
  return rows.map((row) => ({ customerId: row.customerId, notBefore: row.notBefore.getTime() }));
}

/** Sends the workspace's recent revocations to one runtime; the runtime ignores what it already has. */
async function pushRecentRevocations(
  deps: { db: Database; tokens: TokenSigner; clock: () => Date },
  row: ServiceRef,
  endpoint: RuntimeEndpoint,
): Promise<void> {
  const revocations = await listRecentRevocations(deps.db, row.workspaceId, deps.clock());
  if (revocations.length === 0) return;
  const { token } = await deps.tokens.signServiceToken({
    serviceId: row.id,
    subject: 'control-plane',
    scope: 'read write',
    credentialVersion: row.credentialVersion,
    ttlSeconds: 300,
  });
  await pushDashboardRevocations(endpoint, token, revocations);
}

/** What the sync needs of the app (a FastifyInstance has it all). */
export type RightsSyncDeps = Pick<
  FastifyInstance,
  'db' | 'tokens' | 'clock' | 'provisioner' | 'log'
>;

async function pushWithRetries(deps: RightsSyncDeps, row: ServiceRef): Promise<void> {
  for (let attempt = 1; attempt <= PUSH_ATTEMPTS; attempt += 1) {
    // Not registered (stopped, starting, crashed): it gets the list when it is registered.
    const endpoint = deps.provisioner.endpointOf(row.id);
    if (endpoint === null) return;
    try {
      await pushRecentRevocations(deps, row, endpoint);
      return;
    } catch (error) {
      if (attempt === PUSH_ATTEMPTS) {
        deps.log.error(
          { err: error, serviceId: row.id },
          'Could not push dashboard revocations to the service runtime',
        );
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, PUSH_RETRY_MS * attempt));
    }
  }
}

/**
 * A status listener for the provisioner: each time a runtime is registered (RUNNING after a start, a restart or a
 * re-attach) it gets the workspace's recent revocations, which covers every runtime that was down, starting or
 * unreachable when a revocation was written. Sessions that slipped in before the push are closed by it.
 */
export function pushRevocationsWhenRunning(
  deps: RightsSyncDeps,
): (serviceId: string, status: string) => void {
  return (serviceId, status) => {
    if (status !== 'RUNNING') return;
    void (async () => {
      const [row] = await deps.db
        .select({
          id: service.id,
          workspaceId: service.workspaceId,
          credentialVersion: service.credentialVersion,
        })
        .from(service)
        .where(eq(service.id, serviceId));
      if (row) await pushWithRetries(deps, row);
    })().catch((error: unknown) => {
      deps.log.error({ err: error, serviceId }, 'Could not push dashboard revocations');
    });
  };
}

/**
 * Ends a member's dashboard access in some workspaces as of `notBefore` (default now; take it after the change
 * was written). The revocation is durable when this returns; the pushes to the running runtimes go on in the
 * background (a failed one is logged, and the runtime gets the list again when it is registered).
 */
export async function revokeDashboardAccess(
  app: FastifyInstance,
  input: { customerId: string; workspaceIds: readonly string[]; notBefore?: Date },
): Promise<void> {
  if (input.workspaceIds.length === 0) return;
  const notBefore = input.notBefore ?? app.clock();
  // A workspace deleted with the account took its services along: nothing to revoke there.
  const existing = await app.db
    .select({ id: workspace.id })
    .from(workspace)
    .where(inArray(workspace.id, [...new Set(input.workspaceIds)]));
  const workspaceIds = existing.map((row) => row.id);
  if (workspaceIds.length === 0) return;
  await app.db
    .insert(dashboardRevocation)
    .values(
      workspaceIds.map((workspaceId) => ({
        workspaceId,
        customerId: input.customerId,
        notBefore,
      })),
    )
    .onConflictDoUpdate({
      target: [dashboardRevocation.workspaceId, dashboardRevocation.customerId],
      set: {
        notBefore: sql`greatest(${dashboardRevocation.notBefore}, excluded.not_before)`,
      },
    });
  pushToWorkspaces(app, workspaceIds).catch((error: unknown) => {
    app.log.error({ err: error, customerId: input.customerId }, 'Dashboard revocation push failed');
  });
}

async function pushToWorkspaces(app: FastifyInstance, workspaceIds: string[]): Promise<void> {
  // Rows no live token can be older than are dead weight.
  await app.db
    .delete(dashboardRevocation)
    .where(
      lt(
        dashboardRevocation.notBefore,
        new Date(app.clock().getTime() - DASHBOARD_REVOCATION_KEEP_MS),
      ),
    );
  const services = await app.db
    .select({
      id: service.id,
      workspaceId: service.workspaceId,
      credentialVersion: service.credentialVersion,
    })
    .from(service)
    .where(and(inArray(service.workspaceId, workspaceIds), ne(service.desiredState, 'deleted')));
  await Promise.all(services.map((row) => pushWithRetries(app, row)));
}

/**
 * The dashboard principal's token (User.accessToken) with the user's role in each workspace. The issue time is
 * taken before the roles are read, so a change written after the read revokes this token too. It names the session
 * it was issued to, whose Bearer credential it also is (plugins/auth.ts).
 */
export async function signDashboardTokenFor(
  app: FastifyInstance,
  customerId: string,
  sessionId: string,
): Promise<string> {
  const issuedAt = app.clock();
  const memberships = await app.db
    .select({ workspaceId: workspaceMember.workspaceId, role: workspaceMember.role })
    .from(workspaceMember)
    .where(eq(workspaceMember.customerId, customerId));
  const { token } = await app.tokens.signDashboardToken({
    customerId,
    workspaceRoles: Object.fromEntries(memberships.map((row) => [row.workspaceId, row.role])),
    issuedAt,
    sessionId,
  });
  return token;
}

/** The workspaces a user belongs to now (read before an account is deleted, to revoke in each). */
export async function workspaceIdsOf(db: Database, customerId: string): Promise<string[]> {
  const rows = await db
    .select({ workspaceId: workspaceMember.workspaceId })
    .from(workspaceMember)
    .where(eq(workspaceMember.customerId, customerId));
  return rows.map((row) => row.workspaceId);
}

/** Sign-out, password change or reset: the user's dashboard tokens end in every workspace they belong to. */
export async function revokeAllDashboardAccess(
  app: FastifyInstance,
  customerId: string,
): Promise<void> {
  await revokeDashboardAccess(app, {
    customerId,
    workspaceIds: await workspaceIdsOf(app.db, customerId),
  });
}
