import { serviceConsoleUrl } from '@herald/contract/services/service-navigation';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { workspaceMember } from '../../db/schema';
import { serviceEndpoints } from '../service/service.mapper';
import type { ServiceRow } from '../service/service.repository';

/** The console's address: the service host's `/` (contract services/service-navigation.ts). */
export function consoleUrlOf(
  app: FastifyInstance,
  row: Pick<ServiceRow, 'serviceName' | 'region' | 'mqttPort'>,
): string {
  const url = serviceConsoleUrl(serviceEndpoints(row, app.config).websocketUrl);
  // The WebSocket URL is built by the same server from its own configuration: it always parses.
  if (url === null) throw new Error('the service has no readable WebSocket URL');
  return url;
}

/**
 * The member's dashboard token carrying their role in this service's workspace only (docs/decisions/013): the
 * runtime maps it to ADMINISTRATOR (Admin, Owner) or CLIENT (User). The issue time is taken before the role is read,
 * so a role change written in between revokes it. Null when the customer is not a member (any more).
 */
export async function signConsoleToken(
  app: FastifyInstance,
  customerId: string,
  workspaceId: string,
): Promise<string | null> {
  const issuedAt = app.clock();
  const [membership] = await app.db
    .select({ role: workspaceMember.role })
    .from(workspaceMember)
    .where(
      and(eq(workspaceMember.workspaceId, workspaceId), eq(workspaceMember.customerId, customerId)),
    );
  if (!membership) return null;
  const { token } = await app.tokens.signDashboardToken({
    customerId,
    workspaceRoles: { [workspaceId]: membership.role },
    issuedAt,
  });
  return token;
}
