import { isSysTopic } from '../topics/topic-path';
import type { GlobalPermission, PathPermission } from './permissions';
import {
  expandRoles,
  mqttFilterPrefix,
  resolveGlobalPermissions,
  resolvePathPermissions,
  type HeldRole,
  type PathResolution,
  type SecurityModel,
} from './resolve-permissions';

/**
 * What a session may do over MQTT, from its roles (DATA-PLANE "MQTT mapping"), with the reason in words. The runtime
 * decides every CONNECT, SUBSCRIBE, PUBLISH and delivery with these functions and the explainer answers with the
 * same ones, so the two cannot disagree. `$SYS/` is protected: only VIEW_SERVER reads it, no client writes it.
 * Path resolutions are memoised per rights object; build a new one when the store or the session's roles change.
 */
export interface Decision {
  allowed: boolean;
  reason: string;
}

export class SessionRights {
  readonly held: HeldRole[];
  readonly global: ReadonlySet<GlobalPermission>;
  private readonly cache = new Map<string, PathResolution>();

  constructor(
    readonly model: SecurityModel,
    readonly assignedRoles: readonly string[],
  ) {
    this.held = expandRoles(model, assignedRoles);
    this.global = resolveGlobalPermissions(model, this.held).permissions;
  }

  hasGlobal(permission: GlobalPermission): boolean {
    return this.global.has(permission);
  }

  resolve(path: string): PathResolution {
    let resolution = this.cache.get(path);
    if (resolution === undefined) {
      resolution = resolvePathPermissions(this.model, this.held, path);
      // Bounded: a session touching millions of paths recomputes instead of growing without limit.
      if (this.cache.size >= 10_000) this.cache.clear();
      this.cache.set(path, resolution);
    }
    return resolution;
  }

  has(path: string, permission: PathPermission): boolean {
    return this.resolve(path).permissions.has(permission);
  }
}

const where = (path: string) => (path === '' ? 'at the root' : `on "${path}"`);

export function decideSubscribe(rights: SessionRights, filter: string): Decision {
  if (isSysTopic(filter) || filter === '$SYS') {
    return rights.hasGlobal('VIEW_SERVER')
      ? { allowed: true, reason: '$SYS/ is readable with VIEW_SERVER, which the session has' }
      : { allowed: false, reason: '$SYS/ needs the global permission VIEW_SERVER' };
  }
  const prefix = mqttFilterPrefix(filter);
  return rights.has(prefix, 'SELECT_TOPIC')
    ? { allowed: true, reason: `SELECT_TOPIC ${where(prefix)}, the filter's prefix` }
    : { allowed: false, reason: `no SELECT_TOPIC ${where(prefix)}, the filter's prefix` };
}

export function decideReceive(rights: SessionRights, path: string): Decision {
  if (isSysTopic(path)) {
    return rights.hasGlobal('VIEW_SERVER')
      ? { allowed: true, reason: 'VIEW_SERVER reads $SYS/' }
      : { allowed: false, reason: '$SYS/ needs the global permission VIEW_SERVER' };
  }
  return rights.has(path, 'READ_TOPIC')
    ? { allowed: true, reason: `READ_TOPIC ${where(path)}` }
    : { allowed: false, reason: `no READ_TOPIC ${where(path)}` };
}

/** PUBLISH to an existing topic needs UPDATE_TOPIC; creating one also MODIFY_TOPIC. */
export function decidePublishRights(
  rights: SessionRights,
  path: string,
  topicExists: boolean,
): Decision {
  if (isSysTopic(path)) return { allowed: false, reason: '$SYS/ topics are reserved' };
  if (!rights.has(path, 'UPDATE_TOPIC')) {
    return { allowed: false, reason: `no UPDATE_TOPIC ${where(path)}` };
  }
  if (!topicExists && !rights.has(path, 'MODIFY_TOPIC')) {
    return {
      allowed: false,
      reason: `no MODIFY_TOPIC ${where(path)}: the topic does not exist and may not be created`,
    };
  }
  return {
    allowed: true,
    reason: topicExists
      ? `UPDATE_TOPIC ${where(path)}`
      : `UPDATE_TOPIC and MODIFY_TOPIC ${where(path)} (creates the topic)`,
  };
}

/** The rights of a set of roles against one store; a convenience for callers holding only role names. */
export function rightsOf(model: SecurityModel, roles: readonly string[]): SessionRights {
  return new SessionRights(model, roles);
}
