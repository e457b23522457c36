import type { AuditAction } from '@herald/contract/members/member.schema';
import type { Database } from '../db/database';
import { insertAuditEvent } from '../modules/workspace/workspace.repository';

/** How operator changes appear in a workspace's audit trail: no customer, the actor named `operator`. */
export const OPERATOR_ACTOR = { customerId: null, email: 'operator' } as const;

/** Writes an operator change into the workspace's audit trail (call it in the change's transaction). */
export function auditOperatorAction(
  db: Database,
  event: {
    workspaceId: string;
    action: AuditAction;
    target?: string | null;
    details?: Record<string, unknown>;
    at: Date;
  },
): Promise<void> {
  return insertAuditEvent(db, {
    workspaceId: event.workspaceId,
    actor: OPERATOR_ACTOR,
    action: event.action,
    target: event.target ?? null,
    details: event.details ?? {},
    ipAddress: null,
    at: event.at,
  });
}
