import { MASKED_SECRET_PREFIX } from '@herald/contract/services/service.schema';
import { serviceTokenAudience } from '@herald/contract/services/service-token';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, jwtVerify } from 'jose';
import type { JSONWebKeySet } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueAddress } from '../../testing/test-users';
import { callAs, createTestTeam } from '../../testing/test-workspaces';
import { insertTestService, stubProvisioner } from '../../testing/test-services';
import type { TestService } from '../../testing/test-services';
import { useTestApp } from '../../testing/use-test-app';

const TOKEN = '/v3/service-api/token';

describe('service API credentials and the token endpoint', () => {
  let app: FastifyInstance;
  let team: Awaited<ReturnType<typeof createTestTeam>>;
  let svc: TestService;
  useTestApp((ready) => ({ app } = ready));

  beforeAll(async () => {
    stubProvisioner(app);
    team = await createTestTeam(app, 'API');
    svc = await insertTestService(app, team.workspaceId);
  });

  async function verify(token: string, serviceId = svc.row.id) {
    const jwks = (await app.inject({ method: 'GET', url: '/v3/.well-known/jwks.json' })).json();
    return jwtVerify(token, createLocalJWKSet(jwks as JSONWebKeySet), {
      issuer: 'herald-cloud',
      audience: serviceTokenAudience(serviceId),
    });
  }

  function form(fields: Record<string, string>, headers: Record<string, string> = {}) {
    return app.inject({
      method: 'POST',
      url: TOKEN,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: uniqueAddress(),
    });
  }

  it('publishes the JWKS, cacheable for 5 minutes', async () => {
    const response = await app.inject({ method: 'GET', url: '/v3/.well-known/jwks.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const { keys } = response.json();
    expect(keys[0]).toMatchObject({ kty: 'EC', alg: 'ES256', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');
  });

  it('GET details masks the secret and mints no token', async () => {
    const response = await callAs(
      app,
      team.user,
      'GET',
      `/v3/service/${svc.row.id}/service-api/details`,
    );
    expect(response.statusCode).toBe(200);
    const details = response.json();
    expect(details).toEqual({
      client_id: svc.row.clientId,
      authentication_url: `${app.config.publicUrl}/v3/service-api/token`,
      service_api_url: `${app.config.publicUrl}/v3/service/${svc.row.id}`,
      client_secret: `${MASKED_SECRET_PREFIX}${svc.clientSecret.slice(-4)}`,
      access_token: MASKED_SECRET_PREFIX,
      authorization_header: MASKED_SECRET_PREFIX,
      read_only_authorization_header: MASKED_SECRET_PREFIX,
    });
    expect(response.body).not.toContain(svc.clientSecret);
  });

  it('reveal answers the secret and fresh tokens (configure-service-console only)', async () => {
    const path = `/v3/service/${svc.row.id}/service-api/details/reveal`;
    expect((await callAs(app, team.user, 'POST', path)).statusCode).toBe(403);
    const response = await callAs(app, team.admin, 'POST', path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const details = response.json();
    expect(details.client_secret).toBe(svc.clientSecret);
    expect(details.authorization_header).toBe(`Bearer ${details.access_token}`);
    const readWrite = await verify(details.access_token);
    expect(readWrite.payload).toMatchObject({ scope: 'read write', cv: 1, sub: svc.row.clientId });
    const readOnly = await verify(details.read_only_authorization_header.slice('Bearer '.length));
    expect(readOnly.payload.scope).toBe('read');
    expect(readOnly.payload.exp! - readOnly.payload.iat!).toBe(24 * 60 * 60);
  });

  it('issues tokens for form, JSON and Basic credentials', async () => {
    const viaForm = await form({
      grant_type: 'client_credentials',
      client_id: svc.row.clientId,
      client_secret: svc.clientSecret,
    });
    expect(viaForm.statusCode).toBe(200);
    expect(viaForm.headers['cache-control']).toBe('no-store');
    const body = viaForm.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 86400, scope: 'read write' });
    expect((await verify(body.access_token)).payload.cv).toBe(1);

    const viaJson = await app.inject({
      method: 'POST',
      url: TOKEN,
      headers: { 'content-type': 'application/json' },
      payload: {
        grant_type: 'client_credentials',
        client_id: svc.row.clientId,
        client_secret: svc.clientSecret,
        scope: 'read',
      },
      remoteAddress: uniqueAddress(),
    });
    expect(viaJson.statusCode).toBe(200);
    expect(viaJson.json().scope).toBe('read');
    expect((await verify(viaJson.json().access_token)).payload.scope).toBe('read');

    const basic = Buffer.from(
      `${encodeURIComponent(svc.row.clientId)}:${encodeURIComponent(svc.clientSecret)}`,
    ).toString('base64');
    const viaBasic = await form(
      { grant_type: 'client_credentials' },
      { authorization: `Basic ${basic}` },
    );
    expect(viaBasic.statusCode).toBe(200);
  });

  it('answers RFC 6749 errors: invalid_client 401, unsupported_grant_type and invalid_request 400', async () => {
    const wrong = await form({
      grant_type: 'client_credentials',
      client_id: svc.row.clientId,
      client_secret: 'not-the-secret',
    });
    expect(wrong.statusCode).toBe(401);
    const description = 'Client authentication failed: unknown client id or wrong client secret.';
    // RFC 6749's members for OAuth clients, and the envelope every error of the server carries (issue 25).
    expect(wrong.json()).toEqual({
      error: 'invalid_client',
      error_description: description,
      code: 'UNAUTHORIZED',
      message: description,
      requestId: wrong.headers['x-request-id'],
    });
    const unknown = await form({
      grant_type: 'client_credentials',
      client_id: 'svc_nobody',
      client_secret: 'x',
    });
    expect(unknown.statusCode).toBe(401);
    const basic = Buffer.from(`${svc.row.clientId}:wrong`).toString('base64');
    const wrongBasic = await form(
      { grant_type: 'client_credentials' },
      { authorization: `Basic ${basic}` },
    );
    expect(wrongBasic.statusCode).toBe(401);
    expect(wrongBasic.headers['www-authenticate']).toContain('Basic');

    const grant = await form({
      grant_type: 'password',
      client_id: svc.row.clientId,
      client_secret: 'x',
    });
    expect(grant.statusCode).toBe(400);
    expect(grant.json().error).toBe('unsupported_grant_type');
    const missing = await form({ client_id: svc.row.clientId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('invalid_request');
    const scope = await form({
      grant_type: 'client_credentials',
      client_id: svc.row.clientId,
      client_secret: svc.clientSecret,
      scope: 'admin',
    });
    expect(scope.statusCode).toBe(400);
    expect(scope.json().error).toBe('invalid_scope');
    const badJson = await app.inject({
      method: 'POST',
      url: TOKEN,
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error).toBe('invalid_request');
  });

  it('limits token requests per client and address', async () => {
    const remoteAddress = uniqueAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 22; attempt += 1) {
      const response = await app.inject({
        method: 'POST',
        url: TOKEN,
        headers: { 'content-type': 'application/json' },
        payload: { grant_type: 'client_credentials', client_id: 'svc_limit', client_secret: 'x' },
        remoteAddress,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it('rotate replaces the secret and raises the credential version; old secrets stop working', async () => {
    const rotated = await insertTestService(app, team.workspaceId);
    const path = `/v3/service/${rotated.row.id}/service-api/rotate-secret`;
    expect((await callAs(app, team.user, 'POST', path)).statusCode).toBe(403);
    const response = await callAs(app, team.owner, 'POST', path);
    expect(response.statusCode).toBe(200);
    const details = response.json();
    expect(details.client_secret).not.toBe(rotated.clientSecret);
    expect((await verify(details.access_token, rotated.row.id)).payload.cv).toBe(2);

    const old = await form({
      grant_type: 'client_credentials',
      client_id: rotated.row.clientId,
      client_secret: rotated.clientSecret,
    });
    expect(old.statusCode).toBe(401);
    const fresh = await form({
      grant_type: 'client_credentials',
      client_id: rotated.row.clientId,
      client_secret: details.client_secret,
    });
    expect(fresh.statusCode).toBe(200);
    expect((await verify(fresh.json().access_token, rotated.row.id)).payload.cv).toBe(2);
  });

  it("keeps other workspaces' credentials out of reach (404)", async () => {
    const other = await createTestTeam(app, 'Other API');
    const theirs = await insertTestService(app, other.workspaceId);
    for (const [method, suffix] of [
      ['GET', '/service-api/details'],
      ['POST', '/service-api/details/reveal'],
      ['POST', '/service-api/rotate-secret'],
    ] as const) {
      const response = await callAs(
        app,
        team.owner,
        method,
        `/v3/service/${theirs.row.id}${suffix}`,
      );
      expect(response.statusCode).toBe(404);
    }
  });
});
