import type { Workspace } from '@herald/contract/workspaces/workspace.schema';
import type { Database } from '../../db/database';
import { readCacheOf } from '../../db/read-caches';
import { deepFreeze } from '../../lib/deep-freeze';
import type { ServiceMappingConfig } from '../service/service.mapper';
import { listServiceStatuses, type ServiceStatusItem } from '../service/service.repository';
import { listUserWorkspaces } from './workspace.service';

/**
 * GET /v3/workspaces on the embedded database (docs/decisions/039): a user's workspaces, their members and their
 * services, kept per user and form (ids or Service objects) until the next write of any kind (docs/decisions/015).
 * The answer depends on the database and the server's configuration only; every page load asks it. Cached values
 * are frozen (requests share them).
 */
const USER_WORKSPACES_ENTRIES = 2_000;

export async function cachedUserWorkspaces(
  db: Database,
  customerId: string,
  options: { expandServices: boolean; config: ServiceMappingConfig },
): Promise<Workspace[]> {
  const cache = readCacheOf<Workspace[]>(db, 'user-workspaces', USER_WORKSPACES_ENTRIES);
  if (!cache) return listUserWorkspaces(db, customerId, options);
  const key = `${customerId}:${options.expandServices ? 'services' : 'ids'}`;
  const workspaces = await cache.getOrLoad(key, async () =>
    deepFreeze(await listUserWorkspaces(db, customerId, options)),
  );
  return workspaces ?? [];
}

/**
 * GET /v3/workspace/{id}/services/status (the page load's statuses, before the live stream takes over), per
 * workspace until the next write: every status the provisioner stores is a write. The route's guard has already
 * checked the caller's membership; every member sees the same list.
 */
const STATUSES_ENTRIES = 1_000;

export async function cachedServiceStatuses(
  db: Database,
  workspaceId: string,
): Promise<ServiceStatusItem[]> {
  const cache = readCacheOf<ServiceStatusItem[]>(db, 'service-statuses', STATUSES_ENTRIES);
  if (!cache) return listServiceStatuses(db, workspaceId);
  const items = await cache.getOrLoad(workspaceId, async () =>
    deepFreeze(await listServiceStatuses(db, workspaceId)),
  );
  return items ?? [];
}
