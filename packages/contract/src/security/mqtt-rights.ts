import { isSysTopic } from '../topics/topic-path';
import { PATH_PERMISSIONS, type GlobalPermission, type PathPermission } from './permissions';
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
 * Build a new SessionRights when the store (a new SecurityModel) or the session's roles change.
 */
export interface Decision {
  allowed: boolean;
  reason: string;
}

const PATH_BITS = new Map(PATH_PERMISSIONS.map((permission, index) => [permission, 1 << index]));
const bitsOf = (permissions: readonly PathPermission[]) =>
  permissions.reduce((mask, permission) => mask | (PATH_BITS.get(permission) ?? 0), 0);

interface CompiledRole {
  defaultMask: number;
  pathMasks: Map<string, number>;
}

/**
 * A model with each role's permissions as bit masks, and the answers per set of held roles. Every delivery asks
 * READ_TOPIC on its topic, so the answer is a number looked up in a map shared by all sessions holding the same
 * roles (one per store version: the model is rebuilt on each change), not a resolution object per session and path.
 * Bounded per role set: past the bound the map starts again rather than grow with the topic count.
 */
interface CompiledModel {
  roles: Map<string, CompiledRole>;
  answers: Map<string, Map<string, number>>;
}
const MAX_ANSWERS_PER_ROLE_SET = 200_000;
const compiledModels = new WeakMap<SecurityModel, CompiledModel>();

function compiledModelOf(model: SecurityModel): CompiledModel {
  let compiled = compiledModels.get(model);
  if (compiled === undefined) {
    const roles = new Map<string, CompiledRole>();
    for (const [name, role] of model.roles) {
      roles.set(name, {
        defaultMask: bitsOf(role.defaultPathPermissions),
        pathMasks: new Map(
          Object.entries(role.pathPermissions).map(([path, permissions]) => [
            path,
            bitsOf(permissions),
          ]),
        ),
      });
    }
    compiled = { roles, answers: new Map() };
    compiledModels.set(model, compiled);
  }
  return compiled;
}

/** rolePathSource's rule (resolve-permissions.ts) on bit masks, without allocating per level. */
function roleMask(role: CompiledRole, isolatedPaths: ReadonlySet<string>, path: string): number {
  let current = path;
  while (current !== '') {
    const assigned = role.pathMasks.get(current);
    if (assigned !== undefined) return assigned;
    if (isolatedPaths.has(current)) break;
    const slash = current.lastIndexOf('/');
    current = slash < 0 ? '' : current.slice(0, slash);
  }
  return role.defaultMask;
}

export class SessionRights {
  readonly held: HeldRole[];
  readonly global: ReadonlySet<GlobalPermission>;
  private readonly compiledRoles: CompiledRole[];
  private readonly answers: Map<string, number>;

  constructor(
    readonly model: SecurityModel,
    readonly assignedRoles: readonly string[],
  ) {
    this.held = expandRoles(model, assignedRoles);
    this.global = resolveGlobalPermissions(model, this.held).permissions;
    const compiled = compiledModelOf(model);
    const existing = this.held.filter((role) => compiled.roles.has(role.name));
    this.compiledRoles = existing.map((role) => compiled.roles.get(role.name) as CompiledRole);
    const key = existing
      .map((role) => role.name)
      .sort()
      .join('\u0000');
    let answers = compiled.answers.get(key);
    if (answers === undefined) {
      answers = new Map();
      compiled.answers.set(key, answers);
    }
    this.answers = answers;
  }

  hasGlobal(permission: GlobalPermission): boolean {
    return this.global.has(permission);
  }

  /** The full resolution with its sources, for explaining (not memoised: the explainer asks once). */
  resolve(path: string): PathResolution {
    return resolvePathPermissions(this.model, this.held, path);
  }

  /** The session's path permissions on `path` as a bit mask (PATH_PERMISSIONS order). */
  private mask(path: string): number {
    let mask = this.answers.get(path);
    if (mask === undefined) {
      mask = 0;
      for (const role of this.compiledRoles) mask |= roleMask(role, this.model.isolatedPaths, path);
      if (this.answers.size >= MAX_ANSWERS_PER_ROLE_SET) this.answers.clear();
      this.answers.set(path, mask);
    }
    return mask;
  }

  has(path: string, permission: PathPermission): boolean {
    return (this.mask(path) & (PATH_BITS.get(permission) ?? 0)) !== 0;
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
