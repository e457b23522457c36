import { hasPermission, type Permission } from '../members/permissions';
import type { LogKind } from './logs.schema';

/**
 * The permission each kind of log needs on top of membership (docs/decisions/022): the runtime's and adapters' own
 * logs name the clients that connect and what was refused, so they need the console configuration right (Owner,
 * Admin); the event log (lifecycle) is for every member. The route table (api/routes/logs.ts) requires the same, a
 * test pins that.
 */
export const LOG_READ_PERMISSION: Record<LogKind, Permission | null> = {
  event: null,
  service: 'configure-service-console',
  'kafka-adapter': 'configure-service-console',
  'rest-adapter': 'configure-service-console',
};

/** Whether a member with `roles` in the service's workspace may read the service's log of `kind`. */
export function canReadLog(roles: readonly string[], kind: LogKind): boolean {
  const permission = LOG_READ_PERMISSION[kind];
  return permission === null || hasPermission(roles, permission);
}
