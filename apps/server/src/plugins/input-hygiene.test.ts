import { ERROR_CODES } from '@herald/contract/api/errors';
import { JSON_LIMIT_MESSAGES, MAX_JSON_DEPTH } from '@herald/contract/common/json-limits';
import { UNSAFE_TEXT_MESSAGES } from '@herald/contract/common/safe-text';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_TOKEN_HEADER } from '../modules/dev-mail/outbox-access';
import { resolveOutboxToken } from '../modules/dev-mail/outbox-token';
import { insertTestService, stubProvisioner } from '../testing/test-services';
import { JSON_HEADERS, uniqueAddress, uniqueEmail } from '../testing/test-users';
import { callAs, createTestTeam } from '../testing/test-workspaces';
import { useTestApp } from '../testing/use-test-app';

const NUL = '\u0000';
const LONE = '\uD800';

/** 400 VALIDATION_FAILED in the envelope, with an issue at `path` (and the message naming it). */
function expectRefused(response: LightMyRequestResponse, path: string, message: string): void {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  expect(body).toMatchObject({ code: ERROR_CODES.validation, requestId: expect.any(String) });
  expect(body.requestId).toBe(response.headers['x-request-id']);
  expect(body.issues).toContainEqual({ path, message });
  expect(body.message).toContain(path);
}

describe('text no database can hold (NUL, unpaired surrogates) is refused with 400 naming the field', () => {
  let app: FastifyInstance;
  let team: Awaited<ReturnType<typeof createTestTeam>>;
  let serviceId: string;
  useTestApp((ready) => ({ app } = ready));

  beforeAll(async () => {
    stubProvisioner(app);
    team = await createTestTeam(app, 'Hygiene');
    serviceId = (await insertTestService(app, team.workspaceId)).row.id;
  });

  it.each([
    ['a NUL', NUL, UNSAFE_TEXT_MESSAGES.nul],
    ['a lone surrogate', LONE, UNSAFE_TEXT_MESSAGES.loneSurrogate],
  ])('in a workspace name (%s)', async (_name, bad, message) => {
    const response = await callAs(app, team.owner, 'POST', '/v3/workspace', {
      name: `Team ${bad}`,
    });
    expectRefused(response, 'body.name', message);
  });

  it('in a service label and a service name', async () => {
    const body = {
      workspaceId: team.workspaceId,
      serviceName: `svc${NUL}name`,
      region: 'eu-west-1.local',
      billingPlan: 'free',
      label: `label ${LONE}`,
    };
    const response = await callAs(app, team.owner, 'POST', '/v3/service/create', body);
    expectRefused(response, 'body.serviceName', UNSAFE_TEXT_MESSAGES.nul);
    expectRefused(response, 'body.label', UNSAFE_TEXT_MESSAGES.loneSurrogate);
  });

  it('in first name, company and metadata values of a profile update', async () => {
    const response = await callAs(app, team.owner, 'PUT', '/v3/user', {
      firstName: `Ada${NUL}`,
      company: `Acme ${LONE}`,
      metadata: { utm_source: `news${NUL}letter` },
    });
    expectRefused(response, 'body.firstName', UNSAFE_TEXT_MESSAGES.nul);
    expectRefused(response, 'body.company', UNSAFE_TEXT_MESSAGES.loneSurrogate);
    expectRefused(response, 'body.metadata.utm_source', UNSAFE_TEXT_MESSAGES.nul);
  });

  it('in sign-up fields, before any account is created', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v3/user',
      headers: JSON_HEADERS,
      remoteAddress: uniqueAddress(),
      payload: {
        email: uniqueEmail(),
        password: 'quiet-harbour-lantern-42',
        firstName: 'Ada',
        lastName: 'Lovelace',
        company: `Acme${NUL}`,
        metadata: { utm_campaign: LONE },
      },
    });
    expectRefused(response, 'body.company', UNSAFE_TEXT_MESSAGES.nul);
    expectRefused(response, 'body.metadata.utm_campaign', UNSAFE_TEXT_MESSAGES.loneSurrogate);
  });

  it.each([
    ['a workspace id', 'GET', '/v3/workspace/ws%00id/services', 'params.workspaceId'],
    ['a service id', 'GET', '/v3/service/svc%00id/status', 'params.serviceId'],
    ['a member id', 'DELETE', '/v3/workspace/WS/members/u%00x', 'params.customerid'],
    ['an invitation id', 'DELETE', '/v3/workspace/WS/invites/i%00x', 'params.inviteId'],
    ['a pending invitation id', 'POST', '/v3/user/pending-invites/i%00x/accept', 'params.inviteId'],
    ['a progress stage name', 'DELETE', '/v3/user/progress-records/s%00x', 'params.stageName'],
    ['a service name to check', 'GET', '/v3/service/ab%00c/check', 'params.serviceName'],
  ] as const)('in %s path parameter', async (_name, method, url, path) => {
    const response = await callAs(app, team.owner, method, url.replace('WS', team.workspaceId));
    expectRefused(response, path, UNSAFE_TEXT_MESSAGES.nul);
  });

  it('in a query string value', async () => {
    const response = await callAs(
      app,
      team.owner,
      'GET',
      `/v3/workspace/${team.workspaceId}/audit-log?before=a%00b`,
    );
    expectRefused(response, 'query.before', UNSAFE_TEXT_MESSAGES.nul);
  });

  it('in the outbox look-up address (/_dev/mail/latest?to=), as the operator asks it', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/_dev/mail/latest?to=a%00b',
      headers: { [OUTBOX_TOKEN_HEADER]: resolveOutboxToken(app.config) },
    });
    expectRefused(response, 'query.to', UNSAFE_TEXT_MESSAGES.nul);
  });

  it("in the token endpoint's client_id, answered in its OAuth error format", async () => {
    for (const payload of [
      { grant_type: 'client_credentials', client_id: `id${NUL}`, client_secret: 'x' },
      `grant_type=client_credentials&client_id=id%00&client_secret=x`,
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/v3/service-api/token',
        headers: {
          'content-type':
            typeof payload === 'string' ? 'application/x-www-form-urlencoded' : 'application/json',
        },
        remoteAddress: uniqueAddress(),
        payload,
      });
      expect(response.statusCode, response.body).toBe(400);
      const description = `Invalid request: body.client_id: ${UNSAFE_TEXT_MESSAGES.nul}`;
      expect(response.json()).toEqual({
        error: 'invalid_request',
        error_description: description,
        code: 'BAD_REQUEST',
        message: description,
        requestId: response.headers['x-request-id'],
      });
    }
  });

  it('in a property name of metadata', async () => {
    const response = await callAs(app, team.owner, 'PUT', '/v3/user', {
      metadata: { [`utm${NUL}`]: 'x' },
    });
    expectRefused(response, 'body.metadata', UNSAFE_TEXT_MESSAGES.nulInName);
  });

  it('lets a surrogate pair (an emoji) and other Unicode through', async () => {
    const response = await callAs(app, team.owner, 'POST', '/v3/workspace', {
      name: 'Équipe 🚀 東京',
    });
    expect(response.statusCode, response.body).toBe(201);
    const check = await callAs(app, team.owner, 'GET', `/v3/service/${serviceId}/status`);
    expect(check.statusCode).toBe(200);
  });
});

describe('JSON no answer could carry back is refused with 400 naming the field (issue 25)', () => {
  let app: FastifyInstance;
  let team: Awaited<ReturnType<typeof createTestTeam>>;
  let topicUrl: string;
  useTestApp((ready) => ({ app } = ready));

  beforeAll(async () => {
    stubProvisioner(app);
    team = await createTestTeam(app, 'Limits');
    const serviceId = (await insertTestService(app, team.workspaceId)).row.id;
    topicUrl = `/v3/service/${serviceId}/topic?path=sensors/a`;
  });

  it.each([
    ['a DOUBLE of 1e400', '{"type":"DOUBLE","value":1e400}', 'body.value'],
    ['a negative one inside a JSON value', '{"value":{"reading":-1e400}}', 'body.value.reading'],
  ])('%s, before the runtime sees it (it would have stored null)', async (_name, raw, path) => {
    const response = await callAs(app, team.owner, 'PUT', topicUrl, raw);
    expectRefused(response, path, JSON_LIMIT_MESSAGES.nonFinite);
  });

  it('a value nested 10,000 levels deep, and one level past the limit', async () => {
    for (const depth of [10_000, MAX_JSON_DEPTH + 1]) {
      const raw = `{"value":${'['.repeat(depth)}1${']'.repeat(depth)}}`;
      const response = await callAs(app, team.owner, 'PUT', topicUrl, raw);
      expectRefused(response, 'body.value', JSON_LIMIT_MESSAGES.tooDeep);
    }
  });
});
