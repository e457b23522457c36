import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { PERMISSIONS } from '../members/permissions';
import type {
  HttpMethod,
  RouteBody,
  RouteDefinition,
  RouteParams,
  RouteQuery,
  RouteResponse,
} from './define-route';
import { routes } from './routes';

const routeEntries = Object.entries(routes) as [string, RouteDefinition][];

function placeholdersOf(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
}

function paramKeysOf(route: RouteDefinition): string[] {
  return route.params ? Object.keys(route.params.shape) : [];
}

function findRoute(method: HttpMethod, path: string): RouteDefinition | undefined {
  return routeEntries.find(([, route]) => route.method === method && route.path === path)?.[1];
}

/**
 * Every call of spec section 7, written out by hand so a missing route fails. Path parameters are
 * named by what they hold (the spec's `{id}` is `{workspaceId}` or `{serviceId}`).
 */
const SECTION_7_CALLS: readonly (readonly [HttpMethod, string])[] = [
  // User
  ['POST', '/v3/user'],
  ['GET', '/v3/user'],
  ['PUT', '/v3/user'],
  ['DELETE', '/v3/user'],
  ['PUT', '/v3/user/change-password'],
  ['GET', '/v3/user/verify-email'],
  ['GET', '/v3/user/pending-invites'],
  ['GET', '/v3/user/progress-records'],
  ['PUT', '/v3/user/progress-records/{stageName}'],
  ['DELETE', '/v3/user/progress-records/{stageName}'],
  // Workspace
  ['GET', '/v3/workspaces'],
  ['POST', '/v3/workspace'],
  ['GET', '/v3/workspace/{workspaceId}/services'],
  ['GET', '/v3/workspace/{workspaceId}/services/status'],
  ['GET', '/v3/workspace/{workspaceId}/credit'],
  ['GET', '/v3/metadata'],
  // Billing
  ['GET', '/v3/workspace/{workspaceId}/subscription/{subscriptionId}/invoices'],
  ['GET', '/v3/workspace/{workspaceId}/paymentMethod'],
  ['POST', '/v3/workspace/{workspaceId}/billing/update-payment-method'],
  ['GET', '/v3/workspace/{workspaceId}/billing/invoice/summary'],
  ['GET', '/v3/workspace/{workspaceId}/billing/invoice/forecast'],
  // Service
  ['GET', '/v3/service/{serviceId}'],
  ['POST', '/v3/service/create'],
  ['GET', '/v3/service/{serviceName}/check'],
  ['GET', '/v3/generate-service-name'],
  ['GET', '/v3/service/{serviceId}/service-api/details'],
  ['GET', '/v3/service/{serviceId}/billingPeriod'],
  ['POST', '/v3/service/{serviceId}/interested-alerts'],
  ['PATCH', '/v3/service/{serviceId}/update-additional-property'],
  ['PUT', '/v3/service/{serviceId}/console-settings'],
  ['GET', '/v3/service/{serviceId}/status'],
  ['GET', '/v3/service/{serviceId}/metrics/live'],
  ['GET', '/v3/service/{serviceId}/scheduled-update'],
  ['POST', '/v3/service/{serviceId}/scheduled-update'],
  ['DELETE', '/v3/service/{serviceId}/scheduled-update'],
  ['DELETE', '/v3/service/{serviceId}/reset-topic-tree'],
  // Notifications
  ['GET', '/v3/notifications'],
  ['PATCH', '/v3/notifications/{campaignId}'],
  ['PATCH', '/v3/notifications'],
  // REST adapter
  ['GET', '/v3/service/{serviceId}/rest/apis'],
  ['POST', '/v3/service/{serviceId}/rest/apis'],
  ['PUT', '/v3/service/{serviceId}/rest/apis/{apiId}'],
  ['DELETE', '/v3/service/{serviceId}/rest/apis/{apiId}'],
  ['POST', '/v3/service/{serviceId}/rest/apis/{apiId}/endpoints'],
  ['PUT', '/v3/service/{serviceId}/rest/apis/{apiId}/endpoints/{endpointId}'],
  ['DELETE', '/v3/service/{serviceId}/rest/apis/{apiId}/endpoints/{endpointId}'],
  ['POST', '/v3/service/{serviceId}/rest/upsert-service'],
  // Kafka gateway
  ['POST', '/v3/service/{serviceId}/gateway-kafka-adapters'],
  ['GET', '/v3/service/{serviceId}/gateway-kafka-adapters'],
  ['POST', '/v3/service/{serviceId}/gateway-kafka-adapters/{adapterId}/enable'],
  ['POST', '/v3/service/{serviceId}/gateway-kafka-adapters/{adapterId}/disable'],
  ['DELETE', '/v3/service/{serviceId}/gateway-kafka-adapters/{adapterId}'],
  ['POST', '/v3/service/{serviceId}/gateway-kafka-adapters/{adapterId}/clusters'],
  ['PUT', '/v3/service/{serviceId}/gateway-kafka-adapters/{adapterId}/clusters/{clusterId}'],
  ['DELETE', '/v3/service/{serviceId}/gateway-kafka-adapters/{adapterId}/clusters/{clusterId}'],
  [
    'POST',
    '/v3/service/{serviceId}/gateway-kafka-adapters/{adapterId}/clusters/{clusterId}/publishers',
  ],
  [
    'PUT',
    '/v3/service/{serviceId}/gateway-kafka-adapters/{adapterId}/clusters/{clusterId}/publishers/{publisherId}',
  ],
  [
    'DELETE',
    '/v3/service/{serviceId}/gateway-kafka-adapters/{adapterId}/clusters/{clusterId}/publishers/{publisherId}',
  ],
  [
    'POST',
    '/v3/service/{serviceId}/gateway-kafka-adapters/{adapterId}/clusters/{clusterId}/subscribers',
  ],
  [
    'PUT',
    '/v3/service/{serviceId}/gateway-kafka-adapters/{adapterId}/clusters/{clusterId}/subscribers/{subscriberId}',
  ],
  [
    'DELETE',
    '/v3/service/{serviceId}/gateway-kafka-adapters/{adapterId}/clusters/{clusterId}/subscribers/{subscriberId}',
  ],
  ['POST', '/v3/service/{serviceId}/gateway-kafka-adapters/test-connection'],
  ['GET', '/v3/service/{serviceId}/adapters/{type}/{adapterId}/scheduled-update'],
  ['POST', '/v3/service/{serviceId}/adapters/{type}/{adapterId}/scheduled-update'],
  ['DELETE', '/v3/service/{serviceId}/adapters/{type}/{adapterId}/scheduled-update'],
  ['POST', '/v3/service/{serviceId}/adapters/{type}/{adapterId}/upgrade'],
  // Logs
  ['GET', '/v3/service/{serviceId}/logs'],
  ['GET', '/v3/service/{serviceId}/logs/herald'],
  ['GET', '/v3/service/{serviceId}/logs/kafka-adapter/{adapterId}'],
  ['GET', '/v3/service/{serviceId}/logs/rest-adapter'],
  ['GET', '/v3/service/{serviceId}/logs/sources'],
  // Usage
  ['GET', '/v3/service/{serviceId}/usage'],
];

/** Calls beyond section 7 that the server needs. */
const EXTRA_CALLS: readonly (readonly [HttpMethod, string])[] = [
  ['GET', '/v3/health'],
  ['POST', '/v3/service/{serviceId}/restart'],
  ['POST', '/v3/service/{serviceId}/cancel'],
  // A Kafka adapter's live state: the adapter list and the subscriber's sample panel (issue 27 items 8 and 9)
  ['GET', '/v3/service/{serviceId}/gateway-kafka-adapters/{adapterId}/state'],
  // The REST adapter's state, "Poll now" and the endpoint preview (issue 28 items 5 and 6)
  ['GET', '/v3/service/{serviceId}/rest/state'],
  ['POST', '/v3/service/{serviceId}/rest/apis/{apiId}/endpoints/{endpointId}/poll'],
  ['POST', '/v3/service/{serviceId}/rest/apis/{apiId}/preview'],
  // Service API credentials (section 3 "Service API details"; paths are ours)
  ['POST', '/v3/service/{serviceId}/service-api/details/reveal'],
  ['POST', '/v3/service/{serviceId}/service-api/rotate-secret'],
  ['POST', '/v3/service-api/token'],
  ['GET', '/v3/.well-known/jwks.json'],
  // The identity provider's operations (section 7 "Identity provider"; paths are ours)
  ['POST', '/v3/auth/login'],
  ['POST', '/v3/auth/logout'],
  ['POST', '/v3/auth/password-reset'],
  ['POST', '/v3/auth/password-reset/confirm'],
  ['GET', '/v3/auth/verify-email'],
  ['GET', '/v3/auth/connections'],
  ['POST', '/v3/auth/sso/lookup'],
  ['GET', '/v3/auth/authorize/{connection}'],
  ['GET', '/v3/auth/callback/{connection}'],
  // Members, invitations and the audit trail (section 2 members area; paths are ours)
  ['GET', '/v3/workspace/{workspaceId}/members'],
  ['PUT', '/v3/workspace/{workspaceId}/members/{customerid}/role'],
  ['DELETE', '/v3/workspace/{workspaceId}/members/{customerid}'],
  ['POST', '/v3/workspace/{workspaceId}/leave'],
  ['GET', '/v3/workspace/{workspaceId}/invites'],
  ['POST', '/v3/workspace/{workspaceId}/invites'],
  ['DELETE', '/v3/workspace/{workspaceId}/invites/{inviteId}'],
  ['POST', '/v3/workspace/{workspaceId}/invites/{inviteId}/resend'],
  ['POST', '/v3/user/pending-invites/{inviteId}/accept'],
  ['POST', '/v3/user/pending-invites/{inviteId}/decline'],
  ['GET', '/v3/workspace/{workspaceId}/audit-log'],
  // What the sign-up page shows for an invitation link (issue 9, docs/decisions/018)
  ['GET', '/v3/invites/{inviteId}'],
  // The live status stream (issue 9, docs/decisions/016)
  ['GET', '/v3/workspace/{workspaceId}/services/events'],
  // Data collection preferences and event tracking (spec "/track/events — event tracking (public)")
  ['GET', '/v3/user/consent'],
  ['PUT', '/v3/user/consent'],
  ['POST', '/v3/track/events'],
  // The service console: single sign-on ticket and admin user (issue 10, docs/decisions/020)
  ['POST', '/v3/service/{serviceId}/console/sso'],
  ['PUT', '/v3/service/{serviceId}/admin-principal'],
  // The topic browser (issue 10, docs/decisions/019)
  ['GET', '/v3/service/{serviceId}/topics'],
  ['GET', '/v3/service/{serviceId}/topics/count'],
  ['GET', '/v3/service/{serviceId}/topics/tree'],
  ['DELETE', '/v3/service/{serviceId}/topics'],
  ['GET', '/v3/service/{serviceId}/topic'],
  ['PUT', '/v3/service/{serviceId}/topic'],
  ['GET', '/v3/service/{serviceId}/topic/events'],
  // Service security: roles and authentication (issue 11, docs/decisions/021)
  ['GET', '/v3/service/{serviceId}/security'],
  ['PUT', '/v3/service/{serviceId}/security/roles/{roleName}'],
  ['DELETE', '/v3/service/{serviceId}/security/roles/{roleName}'],
  ['PUT', '/v3/service/{serviceId}/security/default-roles'],
  ['PUT', '/v3/service/{serviceId}/security/isolated-paths'],
  ['GET', '/v3/service/{serviceId}/security/explain'],
  ['GET', '/v3/service/{serviceId}/authentication'],
  ['PUT', '/v3/service/{serviceId}/authentication/principals/{principalName}'],
  ['PUT', '/v3/service/{serviceId}/authentication/principals/{principalName}/password'],
  ['DELETE', '/v3/service/{serviceId}/authentication/principals/{principalName}'],
  ['PUT', '/v3/service/{serviceId}/authentication/anonymous'],
  ['PUT', '/v3/service/{serviceId}/authentication/trusted-properties'],
  // Checkout, plan changes and the payment provider's webhook (issue 13, docs/decisions/023)
  ['GET', '/v3/workspace/{workspaceId}/billing/account'],
  ['POST', '/v3/workspace/{workspaceId}/billing/checkout'],
  ['GET', '/v3/workspace/{workspaceId}/billing/checkout/{checkoutSessionId}'],
  ['PUT', '/v3/service/{serviceId}/upgrade-service-plan'],
  ['PUT', '/v3/service/{serviceId}/resize-cluster'],
  ['POST', '/v3/billing/webhook'],
  // The cloud marketplace signup (issue 13, docs/decisions/026)
  ['POST', '/v3/marketplace/signup'],
];

/** Section 6 permissions on the routes that need one; every other route needs none. */
const REQUIRED_PERMISSIONS: Record<string, string> = {
  'POST /v3/service/create': 'create-service',
  'GET /v3/workspace/{workspaceId}/credit': 'create-service',
  'POST /v3/service/{serviceId}/cancel': 'cancel-service',
  'POST /v3/service/{serviceId}/restart': 'restart-service',
  'POST /v3/service/{serviceId}/scheduled-update': 'upgrade-service',
  'DELETE /v3/service/{serviceId}/scheduled-update': 'upgrade-service',
  'POST /v3/service/{serviceId}/adapters/{type}/{adapterId}/scheduled-update': 'upgrade-service',
  'DELETE /v3/service/{serviceId}/adapters/{type}/{adapterId}/scheduled-update': 'upgrade-service',
  'POST /v3/service/{serviceId}/adapters/{type}/{adapterId}/upgrade': 'upgrade-service',
  'PUT /v3/service/{serviceId}/console-settings': 'configure-service-console',
  'POST /v3/service/{serviceId}/service-api/details/reveal': 'configure-service-console',
  'POST /v3/service/{serviceId}/service-api/rotate-secret': 'configure-service-console',
  'DELETE /v3/service/{serviceId}/reset-topic-tree': 'reset-topics',
  'DELETE /v3/service/{serviceId}/topics': 'configure-service-console',
  'PUT /v3/service/{serviceId}/topic': 'configure-service-console',
  'PUT /v3/service/{serviceId}/admin-principal': 'configure-service-console',
  'PUT /v3/service/{serviceId}/security/roles/{roleName}': 'configure-service-console',
  'DELETE /v3/service/{serviceId}/security/roles/{roleName}': 'configure-service-console',
  'PUT /v3/service/{serviceId}/security/default-roles': 'configure-service-console',
  'PUT /v3/service/{serviceId}/security/isolated-paths': 'configure-service-console',
  'PUT /v3/service/{serviceId}/authentication/principals/{principalName}':
    'configure-service-console',
  'PUT /v3/service/{serviceId}/authentication/principals/{principalName}/password':
    'configure-service-console',
  'DELETE /v3/service/{serviceId}/authentication/principals/{principalName}':
    'configure-service-console',
  'PUT /v3/service/{serviceId}/authentication/anonymous': 'configure-service-console',
  'PUT /v3/service/{serviceId}/authentication/trusted-properties': 'configure-service-console',
  // The runtime's and adapters' logs show what only VIEW_SERVER reads over MQTT (docs/decisions/022).
  'GET /v3/service/{serviceId}/logs/herald': 'configure-service-console',
  'GET /v3/service/{serviceId}/logs/kafka-adapter/{adapterId}': 'configure-service-console',
  'GET /v3/service/{serviceId}/logs/rest-adapter': 'configure-service-console',
  'GET /v3/service/{serviceId}/logs/sources': 'configure-service-console',
  'GET /v3/workspace/{workspaceId}/subscription/{subscriptionId}/invoices': 'manage-billing',
  'GET /v3/workspace/{workspaceId}/paymentMethod': 'manage-billing',
  'POST /v3/workspace/{workspaceId}/billing/update-payment-method': 'manage-billing',
  'GET /v3/workspace/{workspaceId}/billing/invoice/summary': 'manage-billing',
  'GET /v3/workspace/{workspaceId}/billing/invoice/forecast': 'manage-billing',
  'GET /v3/workspace/{workspaceId}/billing/account': 'manage-billing',
  'POST /v3/workspace/{workspaceId}/billing/checkout': 'manage-billing',
  'GET /v3/workspace/{workspaceId}/billing/checkout/{checkoutSessionId}': 'manage-billing',
  'PUT /v3/service/{serviceId}/upgrade-service-plan': 'upgrade-service',
  'PUT /v3/service/{serviceId}/resize-cluster': 'upgrade-service',
};

describe('the route table', () => {
  it('has exactly the calls of section 7 plus health, restart, cancel, identity and member calls', () => {
    const expected = [...SECTION_7_CALLS, ...EXTRA_CALLS]
      .map(([method, path]) => `${method} ${path}`)
      .sort();
    const actual = routeEntries.map(([, route]) => `${route.method} ${route.path}`).sort();
    expect(actual).toEqual(expected);
  });

  it.each([...SECTION_7_CALLS, ...EXTRA_CALLS])('has a route for %s %s', (method, path) => {
    expect(findRoute(method, path)).toBeDefined();
  });

  it('gives every route a unique method and path', () => {
    const keys = routeEntries.map(([, route]) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives every route a unique path shape, so no two routes differ only in a parameter name', () => {
    const shapes = routeEntries.map(
      ([, route]) => `${route.method} ${route.path.replace(/\{\w+\}/g, '{}')}`,
    );
    expect(new Set(shapes).size).toBe(shapes.length);
  });

  it('names the same path position the same way everywhere (one parameter name per prefix)', () => {
    const namesByPrefix = new Map<string, Set<string>>();
    for (const [, route] of routeEntries) {
      const segments = route.path.split('/');
      segments.forEach((segment, index) => {
        const name = /^\{(\w+)\}$/.exec(segment)?.[1];
        if (!name) return;
        const prefix = segments.slice(0, index).join('/');
        namesByPrefix.set(prefix, (namesByPrefix.get(prefix) ?? new Set()).add(name));
      });
    }
    // /v3/service/{serviceName}/check is the one deliberate exception: it takes a proposed name.
    const conflicts = [...namesByPrefix].filter(
      ([prefix, names]) =>
        names.size > 1 && !(prefix === '/v3/service' && names.has('serviceName')),
    );
    expect(conflicts).toEqual([]);
  });
});

describe.each(routeEntries)('route %s', (routeId, route) => {
  it('has a camelCase id', () => {
    expect(routeId).toMatch(/^[a-z][a-zA-Z0-9]*$/);
  });

  it('has a /v3/ path with {param} placeholders only', () => {
    expect(route.path.startsWith('/v3/')).toBe(true);
    expect(route.path).not.toMatch(/\/$|\/\/|:\w/);
  });

  it('declares exactly the params its path has', () => {
    expect(paramKeysOf(route).sort()).toEqual(placeholdersOf(route.path).sort());
  });

  it('has a summary, a tag and one success or redirect response', () => {
    expect(route.summary.length).toBeGreaterThan(0);
    expect(route.tags.length).toBeGreaterThan(0);
    const successStatuses = Object.keys(route.responses)
      .map(Number)
      .filter((status) => status < 400);
    expect(successStatuses).toHaveLength(1);
  });

  it('takes a body only on POST, PUT and PATCH', () => {
    if (route.method === 'GET' || route.method === 'DELETE') expect(route.body).toBeUndefined();
  });

  it('has the access its path implies', () => {
    if (route.access === 'service') expect(placeholdersOf(route.path)).toContain('serviceId');
    if (route.access === 'workspace') expect(placeholdersOf(route.path)).toContain('workspaceId');
    if (placeholdersOf(route.path).includes('serviceId')) expect(route.access).toBe('service');
    if (placeholdersOf(route.path).includes('workspaceId')) expect(route.access).toBe('workspace');
  });

  it('requires the section 6 permission, and only that', () => {
    expect(route.permission).toBe(REQUIRED_PERMISSIONS[`${route.method} ${route.path}`]);
    if (route.permission) expect(PERMISSIONS).toContain(route.permission);
  });

  it('has response schemas the server can serialize (no one-way transforms)', () => {
    for (const [status, schema] of Object.entries(route.responses)) {
      if (status === '204' || status === '302') continue; // no body
      expect(() =>
        z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' }),
      ).not.toThrow();
    }
  });

  it('has request schemas that describe their input in JSON Schema', () => {
    for (const schema of [route.params, route.query, route.body]) {
      if (schema)
        expect(() =>
          z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw' }),
        ).not.toThrow();
    }
  });
});

describe('path parameters', () => {
  it('reject ids that could leave their path segment', () => {
    const params = routes.getService.params;
    expect(params.safeParse({ serviceId: 'svc-1' }).success).toBe(true);
    expect(params.safeParse({ serviceId: '../x' }).success).toBe(false);
    expect(params.safeParse({ serviceId: '' }).success).toBe(false);
    expect(params.safeParse({ serviceId: 'a b' }).success).toBe(false);
  });

  it('accept only the two adapter types in upgrade paths', () => {
    const params = routes.upgradeAdapter.params;
    expect(
      params.safeParse({ serviceId: 's', type: 'kafka-gateway', adapterId: 'a' }).success,
    ).toBe(true);
    expect(params.safeParse({ serviceId: 's', type: 'rest-gateway', adapterId: 'a' }).success).toBe(
      true,
    );
    expect(params.safeParse({ serviceId: 's', type: 'kafka', adapterId: 'a' }).success).toBe(false);
  });

  it('let the name check take a malformed name, so the server can answer with a reason', () => {
    expect(routes.checkServiceName.params.safeParse({ serviceName: 'Bad Name!' }).success).toBe(
      true,
    );
  });
});

describe('query strings', () => {
  it.each([
    ['true', true],
    ['false', false],
  ])('parse expandServices=%s as %s', (text, value) => {
    expect(routes.listWorkspaces.query.parse({ expandServices: text })).toEqual({
      expandServices: value,
    });
  });

  it.each(['1', 'yes', '', 'TRUE'])(
    "reject expandServices=%j (only 'true' and 'false')",
    (text) => {
      const result = routes.listWorkspaces.query.safeParse({ expandServices: text });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Must be 'true' or 'false'");
    },
  );

  it('coerce the invoice summary range from text to seconds', () => {
    expect(
      routes.getInvoiceSummary.query.parse({
        startDate: '1700000000',
        endDate: '1710000000',
        startAfter: 'in_1',
      }),
    ).toEqual({ startDate: 1_700_000_000, endDate: 1_710_000_000, startAfter: 'in_1' });
    expect(
      routes.getInvoiceSummary.query.safeParse({ startDate: 'soon', endDate: '1' }).success,
    ).toBe(false);
    expect(
      routes.getInvoiceSummary.query.safeParse({ startDate: '20', endDate: '10' }).success,
    ).toBe(false);
  });
});

describe('request bodies', () => {
  const signup = {
    email: ' Ada@Example.com ',
    password: 'correct horse battery',
    firstName: ' Ada ',
    lastName: 'Lovelace',
    metadata: { signUpDate: '2024-05-01T10:00:00.000Z', utm_source: 'newsletter' },
  };

  it('accepts an e-mail sign-up, trimming names and normalising the e-mail', () => {
    expect(routes.createUser.body.parse(signup)).toMatchObject({
      email: 'ada@example.com',
      firstName: 'Ada',
      metadata: { utm_source: 'newsletter' },
    });
  });

  it('accepts the single sign-on sign-up', () => {
    expect(
      routes.createUser.body.safeParse({ context: 'sso', emailConsent: true, metadata: {} })
        .success,
    ).toBe(true);
  });

  it.each([
    ['a bad e-mail', { ...signup, email: 'ada@' }, 'email', 'Enter a valid e-mail address'],
    [
      'a short password',
      { ...signup, password: 'short' },
      'password',
      'Password must be at least 8 characters',
    ],
    ['a blank first name', { ...signup, firstName: '   ' }, 'firstName', 'First name is required'],
    [
      'a 101-character last name',
      { ...signup, lastName: 'x'.repeat(101) },
      'lastName',
      'Last name must be at most 100 characters',
    ],
    ['an unknown field', { ...signup, isAdmin: true }, '', 'Unrecognized key: "isAdmin"'],
  ])('rejects a sign-up with %s', (_case, body, path, message) => {
    const result = routes.createUser.body.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toContainEqual(
      expect.objectContaining({ path: path ? [path] : [], message }),
    );
  });

  it('rejects an SSO sign-up without emailConsent', () => {
    expect(routes.createUser.body.safeParse({ context: 'sso' }).success).toBe(false);
  });

  it.each([
    [{ name: '  Platform team ' }, true],
    [{ name: 'x'.repeat(64) }, true],
    [{ name: '   ' }, false],
    [{ name: 'x'.repeat(65) }, false],
    [{}, false],
  ])('validates the team name of %j: %s', (body, isValid) => {
    expect(routes.createWorkspace.body.safeParse(body).success).toBe(isValid);
  });

  it('trims the team name', () => {
    expect(routes.createWorkspace.body.parse({ name: '  Platform team ' })).toEqual({
      name: 'Platform team',
    });
  });

  const service = {
    workspaceId: 'ws-1',
    serviceName: 'my-service',
    region: 'eu-west-1.aws',
    billingPlan: 'free',
  };

  it.each([
    [service, true],
    [{ ...service, heraldVersion: '6.11.2', highAvailability: true, sensitiveData: false }, true],
    [{ ...service, serviceName: 'My Service' }, false],
    [{ ...service, serviceName: '1service' }, false],
    [{ ...service, serviceName: 'service-' }, false],
    [{ ...service, serviceName: 'ab' }, false],
    [{ ...service, heraldVersion: 'latest' }, false],
    [{ ...service, region: '' }, false],
    [{ ...service, noOfNodes: 3 }, false],
  ])('validates the service creation %j: %s', (body, isValid) => {
    expect(routes.createService.body.safeParse(body).success).toBe(isValid);
  });

  it.each([
    [{ newHeraldVersion: '6.11.0', scheduledTimestamp: 1_767_225_600_000 }, true],
    [{ newHeraldVersion: '6.11.0' }, false],
    [{ scheduledTimestamp: 1_767_225_600_000 }, false],
    [{ newHeraldVersion: '6.11.0', scheduledTimestamp: '2026-01-01' }, false],
    [{ newHeraldVersion: '6.11.0', scheduledTimestamp: 1.5 }, false],
  ])('validates the scheduled update %j: %s', (body, isValid) => {
    expect(routes.scheduleUpdate.body.safeParse(body).success).toBe(isValid);
  });

  it.each([
    [{ status: 'COMPLETED' }, true],
    [{ stageName: 'featuretour-workspace', status: 'IN_PROGRESS', step: 2 }, true],
    [{ status: 'completed' }, false],
    [{ status: 'DONE' }, false],
    [{ stageName: 'FeatureTour-X', status: 'PENDING' }, false],
    [{ status: 'SKIPPED', step: -1 }, false],
  ])('validates the progress record %j: %s', (body, isValid) => {
    expect(routes.putProgressRecord.body.safeParse(body).success).toBe(isValid);
  });

  it.each([
    ['featuretour-workspace', true],
    ['all-tours-override', true],
    ['featuretour-Service', false],
    ['', false],
  ])('validates the stage name %j in the path: %s', (stageName, isValid) => {
    expect(routes.putProgressRecord.params.safeParse({ stageName }).success).toBe(isValid);
  });

  const cluster = {
    label: 'Primary',
    kafkaBrokerAddresses: ['broker-1.example.com:9092', '[::1]:9093'],
    configuration: { 'schema.registry.url': 'https://registry.example.com' },
    authentication: {
      securityProtocol: 'sasl_ssl',
      saslMechanism: 'PLAIN',
      userName: 'svc',
      password: 'secret',
    },
  };

  it('accepts a Kafka cluster and defaults its configuration', () => {
    expect(routes.createKafkaCluster.body.safeParse(cluster).success).toBe(true);
    const { configuration: _configuration, ...withoutConfiguration } = cluster;
    expect(routes.createKafkaCluster.body.parse(withoutConfiguration).configuration).toEqual({});
  });

  it.each([
    ['no broker', { ...cluster, kafkaBrokerAddresses: [] }, ['kafkaBrokerAddresses']],
    [
      'a broker without port',
      { ...cluster, kafkaBrokerAddresses: ['broker'] },
      ['kafkaBrokerAddresses', 0],
    ],
    [
      'port 70000',
      { ...cluster, kafkaBrokerAddresses: ['broker:70000'] },
      ['kafkaBrokerAddresses', 0],
    ],
    [
      'an upper-case protocol',
      {
        ...cluster,
        authentication: { securityProtocol: 'SASL_SSL', saslMechanism: 'PLAIN', userName: 'u' },
      },
      ['authentication', 'securityProtocol'],
    ],
    [
      'sasl without mechanism',
      { ...cluster, authentication: { securityProtocol: 'sasl_plaintext' } },
      ['authentication', 'saslMechanism'],
    ],
    [
      'PLAIN without user name',
      { ...cluster, authentication: { securityProtocol: 'sasl_ssl', saslMechanism: 'PLAIN' } },
      ['authentication', 'userName'],
    ],
    [
      'GSSAPI without Kerberos service',
      { ...cluster, authentication: { securityProtocol: 'sasl_ssl', saslMechanism: 'GSSAPI' } },
      ['authentication', 'kerberosServiceName'],
    ],
    [
      'the hidden-password placeholder',
      { ...cluster, authentication: { ...cluster.authentication, password: '* * * * *' } },
      ['authentication', 'password'],
    ],
  ])('rejects a Kafka cluster with %s', (_case, body, path) => {
    const result = routes.updateKafkaCluster.body.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toContainEqual(path);
  });

  it('accepts a plaintext cluster without credentials', () => {
    const body = { ...cluster, authentication: { securityProtocol: 'plaintext' } };
    expect(routes.updateKafkaCluster.body.safeParse(body).success).toBe(true);
  });

  it('sends clusterId and kafkaAdapterId together to the connection test', () => {
    const { configuration: _configuration, ...test } = cluster;
    expect(routes.testKafkaConnection.body.safeParse(test).success).toBe(true);
    expect(
      routes.testKafkaConnection.body.safeParse({ ...test, clusterId: 'c1', kafkaAdapterId: 'a1' })
        .success,
    ).toBe(true);
    expect(routes.testKafkaConnection.body.safeParse({ ...test, clusterId: 'c1' }).success).toBe(
      false,
    );
    expect(routes.testKafkaConnection.body.safeParse({ ...cluster }).success).toBe(false);
  });

  it('lets mark-all-seen be sent without a body', () => {
    expect(routes.markAllNotificationsSeen.body.safeParse(undefined).success).toBe(true);
    expect(routes.markAllNotificationsSeen.body.safeParse({ seen: false }).success).toBe(false);
  });
});

describe('route types', () => {
  it('give clients the wire types', () => {
    expectTypeOf<RouteResponse<typeof routes.createWorkspace>>().toEqualTypeOf<{
      workspace_id: string;
    }>();
    expectTypeOf<RouteResponse<typeof routes.generateServiceName>>().toEqualTypeOf<{
      data: string;
    }>();
    expectTypeOf<RouteResponse<typeof routes.changePassword>>().toEqualTypeOf<{
      data: { message: string };
    }>();
    expectTypeOf<RouteQuery<typeof routes.listWorkspaces>>().toEqualTypeOf<{
      expandServices?: 'true' | 'false' | undefined;
    }>();
    expectTypeOf<RouteParams<typeof routes.getService>>().toEqualTypeOf<{ serviceId: string }>();
    expectTypeOf<RouteBody<typeof routes.createWorkspace>>().toEqualTypeOf<{ name: string }>();
    expectTypeOf<RouteBody<typeof routes.getUser>>().toEqualTypeOf<undefined>();
  });
});
