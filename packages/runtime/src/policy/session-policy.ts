import {
  DASHBOARD_PRINCIPAL,
  DASHBOARD_TOKEN_AUDIENCE,
  scopeAllowsWrite,
  serviceTokenAudience,
  type DashboardTokenClaims,
  type ServiceTokenClaims,
} from '@herald/contract/services/service-token';
import { checkTopicPath, isSysTopic } from '@herald/contract/topics/topic-path';
import {
  dashboardRuntimeRole,
  isRevokedDashboardToken,
} from '@herald/contract/services/dashboard-access';

/**
 * The runtime's access policy as pure functions; the aedes hooks and the admin API are thin adapters over them.
 * Built-in roles (DATA-PLANE "Security store"): ADMINISTRATOR may do everything, CLIENT may read and select
 * everywhere except `$SYS/` and may not publish. Any other role name grants nothing (custom roles are not modelled
 * yet).
 */
export const ROLES = { administrator: 'ADMINISTRATOR', client: 'CLIENT' } as const;
export const BUILT_IN_ROLES: readonly string[] = [ROLES.administrator, ROLES.client];

export type SessionKind = 'serviceToken' | 'dashboardToken' | 'password';

/** What the other hooks need to know about an authenticated session. */
export interface SessionIdentity {
  kind: SessionKind;
  principal: string;
  roles: string[];
  canRead: boolean;
  canWrite: boolean;
  /** The `cv` claim of a service token; null for other sessions. */
  credentialVersion: number | null;
  /** For a dashboard token: the member (`sub`) and the token's issue time (`iat`, seconds); else null. */
  dashboard: { customerId: string; issuedAt: number } | null;
}

/** CONNACK return codes of MQTT 3.1.1 section 3.2.2.3. */
export const CONNACK = { badUsernameOrPassword: 4, notAuthorized: 5 } as const;
export type ConnackRefusal = (typeof CONNACK)[keyof typeof CONNACK];

export type IdentityDecision =
  | { ok: true; identity: SessionIdentity }
  | { ok: false; returnCode: ConnackRefusal; reason: string };

export function identityFromRoles(
  kind: SessionKind,
  principal: string,
  roles: readonly string[],
  credentialVersion: number | null = null,
  dashboard: SessionIdentity['dashboard'] = null,
): SessionIdentity {
  const isAdministrator = roles.includes(ROLES.administrator);
  return {
    kind,
    principal,
    roles: [...roles],
    canRead: isAdministrator || roles.includes(ROLES.client),
    canWrite: isAdministrator,
    credentialVersion,
    dashboard,
  };
}

export type CredentialKind = 'anonymous' | 'token' | 'password';

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * A password shaped like a JWT is a control-plane token whatever the username (the username is only logged;
 * TOKEN_MQTT_USERNAME is the documented default). No username and no password is anonymous.
 */
export function classifyCredentials(
  username: string | undefined,
  password: string | undefined,
): CredentialKind {
  if ((username === undefined || username === '') && (password === undefined || password === '')) {
    return 'anonymous';
  }
  if (password !== undefined && JWT_SHAPE.test(password)) return 'token';
  return 'password';
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
  const roles = scopeAllowsWrite(claims.scope) ? [ROLES.administrator] : [ROLES.client];
  return { ok: true, identity: identityFromRoles('serviceToken', claims.sub, roles, claims.cv) };
}

/**
 * The dashboard principal's token: accepted when this service's workspace is listed and the member's dashboard
 * tokens were not revoked after it was issued; it acts with the runtime role of the member's workspace role
 * (Admin and Owner ADMINISTRATOR, User CLIENT: contract services/dashboard-access.ts).
 */
export function identityFromDashboardToken(
  claims: DashboardTokenClaims,
  workspaceId: string,
  revokedAt: number | undefined,
): IdentityDecision {
  const role = claims.aud === DASHBOARD_TOKEN_AUDIENCE ? claims.ws[workspaceId] : undefined;
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
    identity: identityFromRoles(
      'dashboardToken',
      DASHBOARD_PRINCIPAL,
      [dashboardRuntimeRole(role)],
      null,
      { customerId: claims.sub, issuedAt: claims.iat },
    ),
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
 * SUBSCRIBE (MQTT 3.1.1 section 3.8.4): `$SYS/` only for ADMINISTRATOR; reading sessions may subscribe anywhere
 * else. A refusal is the failure return code 0x80 in the SUBACK (section 3.9.3), never a dropped connection.
 */
export function canSubscribe(identity: SessionIdentity, filter: string, isOwner = false): boolean {
  if (isSysTopic(filter)) return identity.roles.includes(ROLES.administrator);
  return identity.canRead || isOwner;
}

/** Delivery to a subscriber: only where the session may read (DATA-PLANE "MQTT mapping"). */
export function canDeliver(identity: SessionIdentity, path: string, isOwner = false): boolean {
  return canSubscribe(identity, path, isOwner);
}

/**
 * OWNER (`$Principal is "name"`): that principal may read and write the topic whatever its roles. Only a named
 * principal (a password login) owns: token sessions carry a credential or member id, not a principal name.
 */
export function ownsTopic(identity: SessionIdentity, owner: string | null): boolean {
  return owner !== null && identity.kind === 'password' && identity.principal === owner;
}

export type PublishDecision = { ok: true; createsTopic: boolean } | { ok: false; reason: string };

/**
 * PUBLISH by a client: write permission, never `$SYS/`, a valid path, and room for a new topic. There is no
 * refusal packet in MQTT 3.1.1: a refused PUBLISH closes the connection (section 3.3.5, MQTT-3.3.5-2).
 */
export function decidePublish(
  identity: SessionIdentity | null,
  path: string,
  topics: { exists: boolean; count: number; capacity: number; isOwner?: boolean },
  message: { payloadBytes: number; maxPayloadBytes: number },
): PublishDecision {
  if (isSysTopic(path)) return { ok: false, reason: '$SYS/ topics are reserved' };
  if (identity === null) return { ok: false, reason: 'no authenticated session' };
  // The owner of an existing topic may update it; creating topics still needs write permission.
  const isOwnerUpdate = topics.exists && topics.isOwner === true;
  if (!identity.canWrite && !isOwnerUpdate) return { ok: false, reason: 'session may not publish' };
  const check = checkTopicPath(path);
  if (!check.ok) return { ok: false, reason: check.message };
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

/** The admin API: any valid token may read; writes need write permission. */
export function canUseAdminMethod(identity: SessionIdentity, method: string): boolean {
  if (method === 'GET' || method === 'HEAD') return identity.canRead;
  return identity.canWrite;
}

/**
 * Pushing revocations of members' dashboard tokens is the control plane's: it needs a service token that may
 * write; a dashboard session, whatever its role, may not lift or move anyone's revocation.
 */
export function canPushRevocations(identity: SessionIdentity): boolean {
  return identity.kind === 'serviceToken' && identity.canWrite;
}
