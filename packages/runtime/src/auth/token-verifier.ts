import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import {
  DASHBOARD_TOKEN_AUDIENCE,
  SERVICE_TOKEN_ALGORITHM,
  SERVICE_TOKEN_ISSUER,
  dashboardTokenClaimsSchema,
  serviceTokenClaimsSchema,
} from '@herald/contract/services/service-token';
import {
  CONNACK,
  identityFromDashboardToken,
  identityFromServiceToken,
  type IdentityDecision,
} from '../policy/session-policy';

export interface TokenContext {
  serviceId: string;
  workspaceId: string;
  /** Read at each verification: the admin API may raise it. */
  credentialVersion: () => number;
  /** When the member's dashboard tokens were last revoked (epoch ms), read at each verification. */
  dashboardRevokedAt: (customerId: string) => number | undefined;
}

export type TokenVerifier = (token: string) => Promise<IdentityDecision>;

/**
 * Verifies a control-plane JWT (ES256, issuer SERVICE_TOKEN_ISSUER) against the public JWK Set and maps it to an
 * identity: a service API token (audience of this service) or a dashboard token (audience DASHBOARD_TOKEN_AUDIENCE).
 * A bad signature, an expired token or unexpected claims are bad credentials (CONNACK 4).
 */
export function createTokenVerifier(
  jwks: { keys: unknown[] },
  context: TokenContext,
): TokenVerifier {
  const keySet = createLocalJWKSet(jwks as JSONWebKeySet);
  const bad = (reason: string): IdentityDecision => ({
    ok: false,
    returnCode: CONNACK.badUsernameOrPassword,
    reason,
  });
  return async (token) => {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, keySet, {
        issuer: SERVICE_TOKEN_ISSUER,
        algorithms: [SERVICE_TOKEN_ALGORITHM],
      }));
    } catch (error) {
      return bad(`token refused: ${(error as { code?: string }).code ?? 'invalid'}`);
    }
    if (payload.aud === DASHBOARD_TOKEN_AUDIENCE) {
      const claims = dashboardTokenClaimsSchema.safeParse(payload);
      if (!claims.success) return bad('dashboard token claims are invalid');
      return identityFromDashboardToken(
        claims.data,
        context.workspaceId,
        context.dashboardRevokedAt(claims.data.sub),
      );
    }
    const claims = serviceTokenClaimsSchema.safeParse(payload);
    if (!claims.success) return bad('service token claims are invalid');
    return identityFromServiceToken(claims.data, {
      serviceId: context.serviceId,
      credentialVersion: context.credentialVersion(),
    });
  };
}
