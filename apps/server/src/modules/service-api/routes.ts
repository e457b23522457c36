import { parse as parseQueryString } from 'node:querystring';
import { routes } from '@herald/contract/api/routes';
import type { AuditAction } from '@herald/contract/members/member.schema';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { setCredentialVersion } from '../../adapters/provisioner/runtime-client';
import { errorCodeOfStatus, handleError } from '../../plugins/error-handler';
import { countAttempt } from '../../plugins/rate-limit.repository';
import { registerRoute, serviceOf } from '../../plugins/route-registry';
import { findServiceByClientId, rotateCredentials } from '../service/service.repository';
import type { ServiceRow } from '../service/service.repository';
import { auditServiceAction } from '../service/service-audit';
import { generateClientSecret } from './client-secret';
import {
  basicCredentials,
  maskedDetails,
  requestedScope,
  revealedDetails,
  signClientToken,
} from './service-api.service';

/** Token requests per client id and address per minute (brute force of a secret is pointless, but cheap to stop). */
export const TOKEN_RATE_LIMIT = { windowMs: 60_000, perClientAndAddress: 20 } as const;

/** RFC 6749 section 5.2 error codes this endpoint answers with. */
type OAuthErrorCode =
  'invalid_request' | 'invalid_client' | 'unsupported_grant_type' | 'invalid_scope' | 'slow_down';

export class OAuthError extends Error {
  override name = 'OAuthError';
  constructor(
    readonly statusCode: number,
    readonly error: OAuthErrorCode,
    description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

export const TOKEN_MESSAGES = {
  invalidClient: 'Client authentication failed: unknown client id or wrong client secret.',
  missingClient:
    'Send client_id and client_secret in the body or in an Authorization: Basic header.',
  twoMethods: 'Send the client credentials in the body or in the Authorization header, not both.',
  badBasic: 'The Authorization: Basic header is malformed.',
  badScope: "scope must be 'read write' or 'read'.",
  tooMany: (seconds: number) => `Too many token requests. Try again in ${seconds} seconds.`,
} as const;

/**
 * RFC 6749 section 5.2's `error` and `error_description` for OAuth clients, and beside them the envelope's `code`,
 * `message` and `requestId` that every error of this server carries (issue 25); OAuth clients ignore members they
 * do not know.
 */
function sendOAuthError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: OAuthError,
): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply
    .code(error.statusCode)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({
      error: error.error,
      error_description: error.message,
      code: errorCodeOfStatus(error.statusCode),
      message: error.message,
      requestId: request.id,
    });
}

/** The token endpoint answers in RFC 6749's error format, not the /v3 envelope: its clients are OAuth clients. */
function handleTokenError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error instanceof OAuthError) return sendOAuthError(request, reply, error);
  if (error.validation) {
    const grantProblem = error.validation.find((item) => item.instancePath === '/grant_type');
    const description = error.validation
      .map(
        (item) => `${item.instancePath.replace(/^\//, '') || 'body'}: ${item.message ?? 'invalid'}`,
      )
      .join('; ');
    const unsupported = grantProblem !== undefined && isPresentGrant(request.body);
    return sendOAuthError(
      request,
      reply,
      new OAuthError(400, unsupported ? 'unsupported_grant_type' : 'invalid_request', description),
    );
  }
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return sendOAuthError(
      request,
      reply,
      new OAuthError(error.statusCode === 413 ? 413 : 400, 'invalid_request', error.message),
    );
  }
  return handleError(error, request, reply);
}

function isPresentGrant(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { grant_type?: unknown }).grant_type === 'string'
  );
}

/** Service API credentials (spec section 3 "Service API details") and the OAuth token endpoint. */
export async function serviceApiRoutes(app: FastifyInstance): Promise<void> {
  // Form posts are the OAuth norm (RFC 6749 section 4.4.2); only this plugin's route accepts them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_request, body, done) => {
      const parsed = parseQueryString(body as string);
      const flat: Record<string, string> = {};
      for (const [key, value] of Object.entries(parsed)) {
        if (typeof value === 'string') flat[key] = value;
        else if (Array.isArray(value) && value[0] !== undefined) flat[key] = value[0];
      }
      done(null, flat);
    },
  );

  registerRoute(app, routes.getServiceApiDetails, async (request) =>
    maskedDetails(app, serviceOf(request)),
  );

  const audit = (request: FastifyRequest, row: ServiceRow, action: AuditAction) =>
    auditServiceAction(app, request, row, action);

  registerRoute(app, routes.revealServiceApiDetails, async (request, reply) => {
    const row = serviceOf(request);
    await audit(request, row, 'service.credentials.revealed');
    reply.header('cache-control', 'no-store');
    return revealedDetails(app, row);
  });

  registerRoute(app, routes.rotateServiceApiSecret, async (request, reply) => {
    const current = serviceOf(request);
    const row = await rotateCredentials(
      app.db,
      current.id,
      app.secretBox.encrypt(generateClientSecret()),
      app.clock(),
    );
    await audit(request, row, 'service.secret.rotated');
    const endpoint = app.provisioner.endpointOf(row.id);
    if (endpoint) {
      // A runtime that is not up gets the version when the provisioner next starts it.
      try {
        const { token } = await app.tokens.signServiceToken({
          serviceId: row.id,
          subject: 'control-plane',
          scope: 'read write',
          credentialVersion: row.credentialVersion,
          ttlSeconds: 300,
        });
        await setCredentialVersion(endpoint, token, row.credentialVersion);
      } catch (error) {
        request.log.warn(
          { err: error, serviceId: row.id },
          'runtime not told of the new credentials',
        );
      }
    }
    reply.header('cache-control', 'no-store');
    return revealedDetails(app, row);
  });

  registerRoute(
    app,
    routes.issueServiceApiToken,
    async (request, reply) => {
      const body = request.body;
      const basic = basicCredentials(request.headers.authorization);
      if (basic === null) throw new OAuthError(401, 'invalid_client', TOKEN_MESSAGES.badBasic);
      const inBody = body.client_id !== undefined || body.client_secret !== undefined;
      if (basic && inBody) throw new OAuthError(400, 'invalid_request', TOKEN_MESSAGES.twoMethods);
      const clientId = basic?.clientId ?? body.client_id;
      const clientSecret = basic?.clientSecret ?? body.client_secret;

      const now = app.clock();
      const { count, windowStart } = await countAttempt(
        app.db,
        `service-token:${clientId ?? ''}:${request.ip}`,
        TOKEN_RATE_LIMIT.windowMs,
        now,
      );
      if (count > TOKEN_RATE_LIMIT.perClientAndAddress) {
        const seconds = Math.max(
          1,
          Math.ceil((windowStart.getTime() + TOKEN_RATE_LIMIT.windowMs - now.getTime()) / 1000),
        );
        throw new OAuthError(429, 'slow_down', TOKEN_MESSAGES.tooMany(seconds), {
          'retry-after': String(seconds),
        });
      }

      if (!clientId || !clientSecret) {
        throw new OAuthError(401, 'invalid_client', TOKEN_MESSAGES.missingClient);
      }
      const row = await findServiceByClientId(app.db, clientId);
      if (!row || !app.secretBox.matches(clientSecret, row.clientSecretEncrypted)) {
        throw new OAuthError(
          401,
          'invalid_client',
          TOKEN_MESSAGES.invalidClient,
          basic ? { 'www-authenticate': 'Basic realm="herald-service-api"' } : {},
        );
      }
      const scope = requestedScope(body.scope);
      if (!scope) throw new OAuthError(400, 'invalid_scope', TOKEN_MESSAGES.badScope);
      const { token, expiresIn } = await signClientToken(app, row, scope);
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return { access_token: token, token_type: 'Bearer' as const, expires_in: expiresIn, scope };
    },
    { errorHandler: handleTokenError, bodyLimit: 8 * 1024 },
  );

  // Public keys may be cached (runtimes and proxies refetch them at most every 5 minutes). This plugin's onSend
  // runs after the app's, which marks every API answer no-store.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url === routes.getJwks.path && reply.statusCode === 200) {
      reply.header('cache-control', 'public, max-age=300');
    }
    return payload;
  });

  registerRoute(app, routes.getJwks, async () => app.tokens.publicJwks());
}
