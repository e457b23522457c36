import {
  DASHBOARD_PRINCIPAL,
  DASHBOARD_TOKEN_AUDIENCE,
  serviceTokenAccess,
  serviceTokenAudience,
  type DashboardTokenClaims,
  type ServiceTokenClaims,
} from '@herald/contract/services/service-token';
import { checkTopicPath, isSysTopic } from '@herald/contract/topics/topic-path';
import { isRevokedDashboardToken } from '@herald/contract/services/dashboard-access';
import { BUILT_IN_ROLES } from '@herald/contract/security/permissions';
import {
  SessionRights,
  decidePublishRights,
  decideReceive,
  decideSubscribe,
  type Decision,
} from '@herald/contract/security/mqtt-rights';
import { securityModel, type SecurityModel } from '@herald/contract/security/resolve-permissions';
import type { AnonymousAction, TrustedProperties } from '@herald/contract/security/security.schema';
import {
  sessionRoles,
  type DefaultRoles,
  type SessionSubject,
} from '@herald/contract/security/session-roles';
import type { Role as WorkspaceRole } from '@herald/contract/members/permissions';
import { NO_SESSION_PROPERTIES } from './session-properties';

/**
 * The runtime's access policy as pure functions; the aedes hooks and the admin API are thin adapters over them.
 * What a session may do comes from its roles through the contract's rule (security/mqtt-rights.ts), the same
 * functions the explainer answers with (docs/decisions/021).
 */
export type SessionKind = 'serviceToken' | 'dashboardToken' | 'password' | 'anonymous';

/** What the other hooks need to know about an authenticated session. */
export interface SessionIdentity {
  kind: SessionKind;
  /** The principal's name; DASHBOARD_PRINCIPAL for members; the token's subject; '' for anonymous. */
  principal: string;
  /** The roles the session starts with (before included roles), current as of `rightsVersion`. */
  roles: string[];
  /** The subject the roles are derived from (a principal's assigned roles are read again on each rebuild). */
  subject: SessionSubject;
  /** The `cv` claim of a service token; null for other sessions. */
  credentialVersion: number | null;
  /** For a dashboard token: the member (`sub`) and the token's issue time (`iat`, seconds); else null. */
  dashboard: { customerId: string; issuedAt: number } | null;
  /** A password session: the principal's password hash at login, so a password change ends the session. */
  credentialStamp: string | null;
  /** Client-proposed properties the service trusts (policy/session-properties.ts). */
  properties: Record<string, string>;
  /** The rights of `roles` against the store at `rightsVersion`; rebuilt by `currentRights` when it moved. */
  rights: SessionRights;
  rightsVersion: number;
  /**
   * An adapter process of the service (a service token of scope `adapter`, issue 27): its messages are also counted
   * as the adapter's, for the free trial's adapter cap (spec section 9). A boolean so the per-message count is cheap.
   */
  isAdapter: boolean;
}

/**
 * The parts of the durable state the policy reads (DurableState provides them; tests may pass a plain object).
 * `securityVersion` moves on every change of roles, default roles, isolated paths, principals or anonymous policy.
 */
export interface SecuritySource {
  readonly securityVersion: number;
  securityModel(): SecurityModel;
  readonly security: DefaultRoles & {
    anonymousAction: AnonymousAction;
    trustedProperties: TrustedProperties;
  };
  readonly principals: ReadonlyMap<string, { assignedRoles: string[]; passwordHash: string }>;
}

/** The built-in roles alone: what token sessions hold before a store is attached (and the admin API's fallback). */
const BUILT_IN_MODEL = securityModel(BUILT_IN_ROLES, []);

/** Distinct role lists kept per model: a bound that a store of any size stays far below in practice. */
const SHARED_RIGHTS_PER_MODEL = 1_000;
const sharedRights = new WeakMap<SecurityModel, Map<string, SessionRights>>();

/**
 * The rights of a role list under a security model, shared by every session holding that list (issue 14). Rights
 * are a pure function of the two and never change (a store change makes a new model, so new rights at the next
 * `currentRights`): a login used to build three of them (roles expanded, global permissions resolved each time) and
 * each session kept its own copy.
 */
export function rightsFor(model: SecurityModel, roles: readonly string[]): SessionRights {
  let byRoles = sharedRights.get(model);
  if (byRoles === undefined) {
    byRoles = new Map();
    sharedRights.set(model, byRoles);
  }
  const key = roles.join('\u0000');
  let rights = byRoles.get(key);
  if (rights === undefined) {
    if (byRoles.size >= SHARED_RIGHTS_PER_MODEL) byRoles.clear();
    rights = new SessionRights(model, [...roles]);
    byRoles.set(key, rights);
  }
  return rights;
}

/** CONNACK return codes of MQTT 3.1.1 section 3.2.2.3. */
export const CONNACK = {
  identifierRejected: 2,
  badUsernameOrPassword: 4,
  notAuthorized: 5,
} as const;
export type ConnackRefusal = (typeof CONNACK)[keyof typeof CONNACK];

export type IdentityDecision =
  | { ok: true; identity: SessionIdentity }
  | { ok: false; returnCode: ConnackRefusal; reason: string };

function principalNameOf(subject: SessionSubject, tokenSubject: string): string {
  switch (subject.kind) {
    case 'principal':
      return subject.name;
    case 'anonymous':
      return '';
    case 'member':
      return DASHBOARD_PRINCIPAL;
    case 'serviceToken':
      return tokenSubject;
  }
}

const KIND_OF: Record<SessionSubject['kind'], SessionKind> = {
  principal: 'password',
  anonymous: 'anonymous',
  member: 'dashboardToken',
  serviceToken: 'serviceToken',
};

/** A session for `subject`, its rights built against `source` (or the built-in roles when none is given yet). */
export function createIdentity(
  subject: SessionSubject,
  source: SecuritySource | null,
  extra: {
    tokenSubject?: string;
    credentialVersion?: number | null;
    dashboard?: SessionIdentity['dashboard'];
    credentialStamp?: string | null;
    properties?: Record<string, string>;
  } = {},
): SessionIdentity {
  const identity: SessionIdentity = {
    kind: KIND_OF[subject.kind],
    principal: principalNameOf(subject, extra.tokenSubject ?? ''),
    roles: [],
    subject,
    credentialVersion: extra.credentialVersion ?? null,
    dashboard: extra.dashboard ?? null,
    credentialStamp: extra.credentialStamp ?? null,
    properties: extra.properties ?? NO_SESSION_PROPERTIES,
    rights: rightsFor(BUILT_IN_MODEL, []),
    rightsVersion: -1,
    isAdapter: subject.kind === 'serviceToken' && subject.access === 'adapter',
  };
  if (source === null) {
    identity.roles = sessionRoles(subject, {
      rolesForNamedSessions: [],
      rolesForAnonymousSessions: [],
    }).roles;
    identity.rights = rightsFor(BUILT_IN_MODEL, identity.roles);
  } else {
    rebuildRights(identity, source);
  }
  return identity;
}

/** Rebuilds the session's roles (a principal's current assignment, the current defaults) and rights from the store. */
export function rebuildRights(identity: SessionIdentity, source: SecuritySource): SessionRights {
  let subject = identity.subject;
  if (subject.kind === 'principal') {
    const principal = source.principals.get(subject.name);
    subject = { ...subject, assignedRoles: principal?.assignedRoles ?? [] };
    identity.subject = subject;
  }
  identity.roles = sessionRoles(subject, source.security).roles;
  identity.rights = rightsFor(source.securityModel(), identity.roles);
  identity.rightsVersion = source.securityVersion;
  return identity.rights;
}

/** The session's rights for the store as it is now: a cheap version compare per hook call, rebuilt when it moved. */
export function currentRights(identity: SessionIdentity, source: SecuritySource): SessionRights {
  return identity.rightsVersion === source.securityVersion
    ? identity.rights
    : rebuildRights(identity, source);
}

export type CredentialKind = 'anonymous' | 'token' | 'password';

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * A password shaped like a JWT is a control-plane token whatever the username (the username is only logged;
 * TOKEN_MQTT_USERNAME is the documented default). No name and no password is anonymous; `name` is the username
 * without its proposed properties (policy/session-properties.ts).
 */
export function classifyCredentials(
  name: string | undefined,
  password: string | undefined,
): CredentialKind {
  if ((name === undefined || name === '') && (password === undefined || password === '')) {
    return 'anonymous';
  }
  if (password !== undefined && JWT_SHAPE.test(password)) return 'token';
  return 'password';
}

/**
 * An anonymous CONNECT against the service's policy: ALLOW gives the anonymous roles; DENY refuses; ABSTAIN leaves
 * the decision to the next authenticator, and Herald has no other, so it is refused too (CONNACK 5).
 */
export function decideAnonymous(
  action: AnonymousAction,
): { ok: true } | { ok: false; returnCode: ConnackRefusal; reason: string } {
  if (action === 'ALLOW') return { ok: true };
  return {
    ok: false,
    returnCode: CONNACK.notAuthorized,
    reason:
      action === 'DENY'
        ? 'anonymous sessions are denied'
        : 'no authenticator accepted the anonymous session (anonymous policy ABSTAIN)',
  };
}

/** A service API token: for this service only, and not older than the current credential version. */
export function identityFromServiceToken(
  claims: ServiceTokenClaims,
  service: { serviceId: string; credentialVersion: number },
): IdentityDecision {
  if (claims.aud !== serviceTokenAudience(service.serviceId)) {
    return { ok: false, returnCode: CONNACK.notAuthorized, reason: 'token is for another service' };
  }
  if (claims.cv < service.credentialVersion) {
    return {
      ok: false,
      returnCode: CONNACK.badUsernameOrPassword,
      reason: 'token credential version was revoked',
    };
  }
  return {
    ok: true,
    identity: createIdentity(
      { kind: 'serviceToken', access: serviceTokenAccess(claims.scope) },
      null,
      {
        tokenSubject: claims.sub,
        credentialVersion: claims.cv,
      },
    ),
  };
}

/**
 * The dashboard principal's token: accepted when this service's workspace is listed and the member's dashboard
 * tokens were not revoked after it was issued; it acts with the roles of the member's workspace role (contract
 * security/session-roles.ts: Admin and Owner ADMINISTRATOR, User OBSERVER).
 */
export function identityFromDashboardToken(
  claims: DashboardTokenClaims,
  workspaceId: string,
  revokedAt: number | undefined,
): IdentityDecision {
  const role: WorkspaceRole | undefined =
    claims.aud === DASHBOARD_TOKEN_AUDIENCE ? claims.ws[workspaceId] : undefined;
  if (role === undefined) {
    return {
      ok: false,
      returnCode: CONNACK.notAuthorized,
      reason: 'token is for another workspace',
    };
  }
  if (isRevokedDashboardToken(claims.iat, revokedAt)) {
    return {
      ok: false,
      returnCode: CONNACK.badUsernameOrPassword,
      reason: "token was revoked (the member's access changed)",
    };
  }
  return {
    ok: true,
    identity: createIdentity({ kind: 'member', workspaceRole: role }, null, {
      dashboard: { customerId: claims.sub, issuedAt: claims.iat },
    }),
  };
}

/** Whether a live dashboard session must go because its member's tokens were revoked at `revokedAt`. */
export function isRevokedDashboardSession(
  identity: SessionIdentity,
  customerId: string,
  revokedAt: number,
): boolean {
  return (
    identity.dashboard !== null &&
    identity.dashboard.customerId === customerId &&
    isRevokedDashboardToken(identity.dashboard.issuedAt, revokedAt)
  );
}

/** Whether a session whose token has credential version `cv` must go when the minimum is raised to `minimum`. */
export function isRevokedBy(identity: SessionIdentity, minimum: number): boolean {
  return identity.credentialVersion !== null && identity.credentialVersion < minimum;
}

/**
 * Client-id takeover (MQTT 3.1.1 section 3.1.4 lets a new CONNECT replace the session of the same client id): only
 * the same principal, in the same kind of session (the same member for dashboard tokens), may take over; anyone else
 * would cut another principal's session and inherit its persistent subscriptions.
 */
export function mayTakeOver(live: SessionIdentity, incoming: SessionIdentity): boolean {
  return (
    live.kind === incoming.kind &&
    live.principal === incoming.principal &&
    live.dashboard?.customerId === incoming.dashboard?.customerId
  );
}

/**
 * OWNER (`$Principal is "name"`): that principal may read and write the topic whatever its roles. Only a named
 * principal (a password login) owns: token sessions carry a credential or member id, not a principal name.
 */
export function ownsTopic(identity: SessionIdentity, owner: string | null): boolean {
  return owner !== null && identity.kind === 'password' && identity.principal === owner;
}

const ownerNow = (isOwner: boolean | (() => boolean)) =>
  typeof isOwner === 'function' ? isOwner() : isOwner;

/**
 * SUBSCRIBE (MQTT 3.1.1 section 3.8.4), per filter: SELECT_TOPIC on the filter's prefix, `$SYS/` with VIEW_SERVER,
 * or a filter naming exactly a topic the session's principal owns. A refusal is the failure return code 0x80 in the
 * SUBACK (section 3.9.3), never a dropped connection.
 */
export function decideSubscription(
  identity: SessionIdentity,
  filter: string,
  isOwner: boolean | (() => boolean) = false,
): Decision {
  const decision = decideSubscribe(identity.rights, filter);
  // The owner is looked up only when the roles refuse (a topic lookup per message otherwise).
  if (decision.allowed || isSysTopic(filter) || !ownerNow(isOwner)) return decision;
  return { allowed: true, reason: 'the session owns the topic (OWNER)' };
}

/** Delivery to a subscriber, live and retained: READ_TOPIC on the topic's path, or the topic's owner. */
export function decideDelivery(
  identity: SessionIdentity,
  path: string,
  isOwner: boolean | (() => boolean) = false,
): Decision {
  const decision = decideReceive(identity.rights, path);
  if (decision.allowed || isSysTopic(path) || !ownerNow(isOwner)) return decision;
  return { allowed: true, reason: 'the session owns the topic (OWNER)' };
}

export type PublishDecision = { ok: true; createsTopic: boolean } | { ok: false; reason: string };

/**
 * PUBLISH by a client: UPDATE_TOPIC (and MODIFY_TOPIC to create), or the owner updating its topic; never `$SYS/`;
 * a valid path; room for a new topic. There is no refusal packet in MQTT 3.1.1: a refused PUBLISH closes the
 * connection (section 3.3.5, MQTT-3.3.5-2).
 */
export function decidePublish(
  identity: SessionIdentity | null,
  path: string,
  topics: { exists: boolean; count: number; capacity: number; isOwner?: boolean },
  message: { payloadBytes: number; maxPayloadBytes: number },
): PublishDecision {
  if (isSysTopic(path)) return { ok: false, reason: '$SYS/ topics are reserved' };
  if (identity === null) return { ok: false, reason: 'no authenticated session' };
  const check = checkTopicPath(path);
  if (!check.ok) return { ok: false, reason: check.message };
  // The owner of an existing topic may update it; creating topics still needs the permissions.
  const isOwnerUpdate = topics.exists && topics.isOwner === true;
  if (!isOwnerUpdate) {
    const rights = decidePublishRights(identity.rights, path, topics.exists);
    if (!rights.allowed) return { ok: false, reason: rights.reason };
  }
  if (message.payloadBytes > message.maxPayloadBytes) {
    return {
      ok: false,
      reason: `message of ${message.payloadBytes} bytes is larger than the limit of ${message.maxPayloadBytes} bytes`,
    };
  }
  if (topics.exists) return { ok: true, createsTopic: false };
  if (topics.count >= topics.capacity) {
    return { ok: false, reason: `topics capacity of ${topics.capacity} reached` };
  }
  return { ok: true, createsTopic: true };
}

/**
 * Pushing revocations of members' dashboard tokens is the control plane's: it needs a service token with
 * CONTROL_SERVER; a dashboard session, whatever its role, may not lift or move anyone's revocation.
 */
export function canPushRevocations(identity: SessionIdentity): boolean {
  return identity.kind === 'serviceToken' && identity.rights.hasGlobal('CONTROL_SERVER');
}
