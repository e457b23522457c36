import { serviceActionEvent } from '@herald/contract/logs/service-event-text';
import type { AuditAction } from '@herald/contract/members/member.schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordServiceEvent } from '../logs/service-events';
import { insertAuditEvent } from '../workspace/workspace.repository';
import { actorOf } from '../workspace/workspace.service';
import type { ServiceRow } from './service.repository';

/**
 * Records a change to a service in its workspace's audit trail, after the change was made: the target is the
 * service's name (what a person recognises), the id goes in the details. The service's event log gets the same
 * change as a line with the member's e-mail in `fields.actor` (docs/decisions/022).
 */
export async function auditServiceAction(
  app: FastifyInstance,
  request: FastifyRequest,
  row: Pick<ServiceRow, 'id' | 'workspaceId' | 'serviceName'>,
  action: AuditAction,
  details: Record<string, unknown> = {},
): Promise<void> {
  const actor = await actorOf(app, request);
  await insertAuditEvent(app.db, {
    workspaceId: row.workspaceId,
    actor: { customerId: actor.customerId, email: actor.email },
    action,
    target: row.serviceName,
    details: { serviceId: row.id, ...details },
    ipAddress: actor.ipAddress,
    at: app.clock(),
  });
  const event = serviceActionEvent(action, row.serviceName, details);
  await recordServiceEvent(app, row.id, event.level, event.message, {
    actor: actor.email,
    ...details,
  });
}
