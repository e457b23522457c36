import { z } from 'zod';
import { roleSchema } from '../members/member.schema';

/**
 * The JWTs the control plane signs (ES256) and every service runtime verifies against the control plane's
 * public JWKS (ARCHITECTURE "Data flow"). Shared by the server (signing) and the runtime (verifying).
 */
export const SERVICE_TOKEN_ALGORITHM = 'ES256';
export const SERVICE_TOKEN_ISSUER = 'herald-cloud';

/**
 * Scopes of a service API token: full access, or read-only (the read-only authorization header); `adapter` is only
 * ever signed by the control plane for its own adapter processes (issue 27), whose rights are the PUBLISHER role's.
 */
export const SERVICE_TOKEN_SCOPES = {
  readWrite: 'read write',
  read: 'read',
  adapter: 'adapter',
} as const;
export type ServiceTokenScope = (typeof SERVICE_TOKEN_SCOPES)[keyof typeof SERVICE_TOKEN_SCOPES];

/** A service API token is for one service: its audience names it. */
export function serviceTokenAudience(serviceId: string): string {
  return `herald:service:${serviceId}`;
}

/** The dashboard principal's token (User.accessToken) is for every service of the user's workspaces. */
export const DASHBOARD_TOKEN_AUDIENCE = 'herald:dashboard';
/**
 * The principal name a dashboard session acts as inside a service (spec section 6), with the runtime role its
 * workspace role gives (services/dashboard-access.ts).
 */
export const DASHBOARD_PRINCIPAL = '$dashboard';

/** Lifetimes, in seconds. Service API tokens live a day (what the API token page shows works for a day). */
export const SERVICE_TOKEN_TTL_SECONDS = 24 * 60 * 60;
export const DASHBOARD_TOKEN_TTL_SECONDS = 15 * 60;

/**
 * MQTT clients present a token as the CONNECT password (MQTT 3.1.1 section 3.1.3.5); the username is then the
 * client id of the credentials (or anything: it is only logged). This username is the documented default.
 */
export const TOKEN_MQTT_USERNAME = 'token';

export const serviceTokenClaimsSchema = z.object({
  iss: z.literal(SERVICE_TOKEN_ISSUER),
  sub: z.string(),
  aud: z.string(),
  exp: z.number(),
  scope: z.enum([
    SERVICE_TOKEN_SCOPES.readWrite,
    SERVICE_TOKEN_SCOPES.read,
    SERVICE_TOKEN_SCOPES.adapter,
  ]),
  /** Credential version: rotating the secret raises it, and the runtime refuses older tokens. */
  cv: z.number().int().nonnegative(),
});
export type ServiceTokenClaims = z.infer<typeof serviceTokenClaimsSchema>;

export const dashboardTokenClaimsSchema = z.object({
  iss: z.literal(SERVICE_TOKEN_ISSUER),
  /** The user's customerid. */
  sub: z.string(),
  aud: z.literal(DASHBOARD_TOKEN_AUDIENCE),
  exp: z.number(),
  /**
   * Issue time in seconds, with milliseconds as a fraction (RFC 7519 NumericDate allows it): a runtime refuses a
   * dashboard token issued at or before the member's revocation time (services/dashboard-access.ts).
   */
  iat: z.number(),
  /**
   * The user's workspaces and their role in each, read when the token was issued; a runtime accepts the token
   * when its own workspace is listed and grants the runtime role that role gives.
   */
  ws: z.record(z.string(), roleSchema),
});
export type DashboardTokenClaims = z.infer<typeof dashboardTokenClaimsSchema>;

/** What a service token may do, by its scope: everything (write), read only, or an adapter's publishing rights. */
export type ServiceTokenAccess = 'write' | 'read' | 'adapter';

export function serviceTokenAccess(scope: string): ServiceTokenAccess {
  if (scope === SERVICE_TOKEN_SCOPES.adapter) return 'adapter';
  return scope.split(' ').includes('write') ? 'write' : 'read';
}

/**
 * The header by which the control plane's WebSocket proxy tells a runtime the client's address (lower case, as
 * Node reports header names). The proxy replaces any copy a client sent.
 */
export const CLIENT_ADDRESS_HEADER = 'x-herald-client-address';
