import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import {
  DASHBOARD_TOKEN_AUDIENCE,
  SERVICE_TOKEN_ALGORITHM,
  SERVICE_TOKEN_ISSUER,
  dashboardTokenClaimsSchema,
  serviceTokenClaimsSchema,
  type DashboardTokenClaims,
  type ServiceTokenClaims,
} from '@herald/contract/services/service-token';
import { createVerifiedTokenCache } from './verified-token-cache';
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

/** Distinct valid tokens kept verified (a service's tokens, its members' dashboard tokens): ~1 KiB each at most. */
const VERIFIED_TOKENS_KEPT = 10_000;

type VerifiedClaims =
  | { kind: 'dashboard'; claims: DashboardTokenClaims }
  | { kind: 'service'; claims: ServiceTokenClaims };

/**
 * Verifies a control-plane JWT (ES256, issuer SERVICE_TOKEN_ISSUER) against the public JWK Set and maps it to an
 * identity: a service API token (audience of this service) or a dashboard token (audience DASHBOARD_TOKEN_AUDIENCE).
 * A bad signature, an expired token or unexpected claims are bad credentials (CONNACK 4). A verified token is kept
 * until it expires (verified-token-cache.ts); the key set is imported once, here.
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
  /** Signature, issuer, algorithm, expiry and claims' shape: the costly part, done once per token (below). */
  const verify = async (token: string): Promise<VerifiedClaims | string> => {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, keySet, {
        issuer: SERVICE_TOKEN_ISSUER,
        algorithms: [SERVICE_TOKEN_ALGORITHM],
      }));
    } catch (error) {
      return `token refused: ${(error as { code?: string }).code ?? 'invalid'}`;
    }
    if (payload.aud === DASHBOARD_TOKEN_AUDIENCE) {
      const claims = dashboardTokenClaimsSchema.safeParse(payload);
      return claims.success
        ? { kind: 'dashboard', claims: claims.data }
        : 'dashboard token claims are invalid';
    }
    const claims = serviceTokenClaimsSchema.safeParse(payload);
    return claims.success
      ? { kind: 'service', claims: claims.data }
      : 'service token claims are invalid';
  };
  const verified = createVerifiedTokenCache<VerifiedClaims>(VERIFIED_TOKENS_KEPT);
  return async (token) => {
    let entry = verified.get(token, Date.now());
    if (entry === undefined) {
      const outcome = await verify(token);
      if (typeof outcome === 'string') return bad(outcome);
      entry = outcome;
      verified.set(token, entry, entry.claims.exp * 1000);
    }
    // What the token grants is decided now, against the current credential version and revocations.
    if (entry.kind === 'dashboard') {
      return identityFromDashboardToken(
        entry.claims,
        context.workspaceId,
        context.dashboardRevokedAt(entry.claims.sub),
      );
    }
    return identityFromServiceToken(entry.claims, {
      serviceId: context.serviceId,
      credentialVersion: context.credentialVersion(),
    });
  };
}
