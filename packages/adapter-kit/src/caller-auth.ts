import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import {
  SERVICE_TOKEN_ALGORITHM,
  SERVICE_TOKEN_ISSUER,
  serviceTokenAudience,
} from '@herald/contract/services/service-token';

/**
 * Who may read an adapter's endpoints (docs/decisions/048, 051): all but /health answer a service token of the
 * adapter's service whose subject is the adapter's own (`kafka-adapter:{adapterId}`, `rest-adapter:{adapterId}`): the credential the control
 * plane signs for it, verified like the runtime verifies tokens (ES256, issuer, audience) against HERALD_JWKS. Without
 * HERALD_JWKS, only the exact token the process was started with is accepted. /metrics also takes the metrics-only
 * secret HERALD_METRICS_TOKEN, as the runtime's /metrics does.
 */
export interface CallerAuth {
  isAdapter(request: IncomingMessage): Promise<boolean>;
  mayReadMetrics(request: IncomingMessage): Promise<boolean>;
}

const digest = (text: string) => createHash('sha256').update(text).digest();
const sameSecret = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

function bearerOf(request: IncomingMessage): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

export function createCallerAuth(options: {
  serviceId: string;
  subject: string;
  ownToken: string;
  jwks: { keys: Record<string, unknown>[] } | null;
  metricsToken: string | null;
}): CallerAuth {
  const keySet = options.jwks ? createLocalJWKSet(options.jwks as JSONWebKeySet) : null;
  async function isAdapterToken(token: string): Promise<boolean> {
    if (keySet === null) return sameSecret(token, options.ownToken);
    try {
      const { payload } = await jwtVerify(token, keySet, {
        issuer: SERVICE_TOKEN_ISSUER,
        algorithms: [SERVICE_TOKEN_ALGORITHM],
        audience: serviceTokenAudience(options.serviceId),
        subject: options.subject,
      });
      return typeof payload.exp === 'number';
    } catch {
      return false;
    }
  }
  return {
    async isAdapter(request) {
      const token = bearerOf(request);
      return token !== null && (await isAdapterToken(token));
    },
    async mayReadMetrics(request) {
      const token = bearerOf(request);
      if (token === null) return false;
      if (options.metricsToken !== null && sameSecret(token, options.metricsToken)) return true;
      return isAdapterToken(token);
    },
  };
}
