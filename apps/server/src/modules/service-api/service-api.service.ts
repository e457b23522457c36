import type { ServiceApiDetails } from '@herald/contract/services/service.schema';
import { MASKED_SECRET_PREFIX } from '@herald/contract/services/service.schema';
import { SERVICE_TOKEN_SCOPES } from '@herald/contract/services/service-token';
import type { ServiceTokenScope } from '@herald/contract/services/service-token';
import type { FastifyInstance } from 'fastify';
import type { ServiceRow } from '../service/service.repository';

/** A secret as GET shows it: the mask and its last 4 characters (an empty value is the mask alone). */
export function maskSecret(secret: string): string {
  return `${MASKED_SECRET_PREFIX}${secret.slice(-4)}`;
}

function urlsOf(app: FastifyInstance, row: ServiceRow) {
  return {
    client_id: row.clientId,
    authentication_url: `${app.config.publicUrl}/v3/service-api/token`,
    // The runtime's admin API is not public: the service API is the control plane's per-service base.
    service_api_url: `${app.config.publicUrl}/v3/service/${row.id}`,
  };
}

/** GET details: every secret masked, no token minted. */
export function maskedDetails(app: FastifyInstance, row: ServiceRow): ServiceApiDetails {
  const secret = app.secretBox.decrypt(row.clientSecretEncrypted);
  return {
    ...urlsOf(app, row),
    client_secret: maskSecret(secret),
    access_token: maskSecret(''),
    authorization_header: maskSecret(''),
    read_only_authorization_header: maskSecret(''),
  };
}

export async function signClientToken(
  app: FastifyInstance,
  row: ServiceRow,
  scope: ServiceTokenScope,
) {
  return app.tokens.signServiceToken({
    serviceId: row.id,
    subject: row.clientId,
    scope,
    credentialVersion: row.credentialVersion,
  });
}

/** Reveal (and rotate): the secret in full, a fresh read-write token and a fresh read-only one. */
export async function revealedDetails(
  app: FastifyInstance,
  row: ServiceRow,
): Promise<ServiceApiDetails> {
  const [readWrite, readOnly] = await Promise.all([
    signClientToken(app, row, SERVICE_TOKEN_SCOPES.readWrite),
    signClientToken(app, row, SERVICE_TOKEN_SCOPES.read),
  ]);
  return {
    ...urlsOf(app, row),
    client_secret: app.secretBox.decrypt(row.clientSecretEncrypted),
    access_token: readWrite.token,
    authorization_header: `Bearer ${readWrite.token}`,
    read_only_authorization_header: `Bearer ${readOnly.token}`,
  };
}

/**
 * The scope a token request asks for (RFC 6749 section 3.3): absent → read write; only `read` and `write` are
 * known; anything with `write` is read write. Null for an unknown scope.
 */
export function requestedScope(scope: string | undefined): ServiceTokenScope | null {
  if (scope === undefined || scope.trim() === '') return SERVICE_TOKEN_SCOPES.readWrite;
  const parts = new Set(scope.trim().split(/\s+/));
  if ([...parts].some((part) => part !== 'read' && part !== 'write')) return null;
  return parts.has('write') ? SERVICE_TOKEN_SCOPES.readWrite : SERVICE_TOKEN_SCOPES.read;
}

/** Client credentials from `Authorization: Basic` (RFC 6749 section 2.3.1: form-urlencoded id and secret). */
export function basicCredentials(
  header: string | undefined,
): { clientId: string; clientSecret: string } | null | undefined {
  if (header === undefined || !/^basic /i.test(header)) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  try {
    const decode = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));
    return {
      clientId: decode(decoded.slice(0, colon)),
      clientSecret: decode(decoded.slice(colon + 1)),
    };
  } catch {
    return null;
  }
}
