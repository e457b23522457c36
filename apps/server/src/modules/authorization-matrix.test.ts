import { buildPath } from '@herald/contract/api/define-route';
import { ERROR_CODES } from '@herald/contract/api/errors';
import { hasPermission } from '@herald/contract/members/permissions';
import { mayCallRoute } from '@herald/contract/users/verification-gate';
import type { Permission } from '@herald/contract/members/permissions';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../plugins/route-registry';

import { insertTestService, stubProvisioner, uniqueServiceName } from '../testing/test-services';
import { useTestApp } from '../testing/use-test-app';
import { ensureSubscription } from './invoicing/subscriptions.repository';
import { insertTestCheckout, makePaidExemptService } from '../testing/test-payments';
import { simulatorOf } from './marketplace/marketplace-test-helpers';
import { insertTestKafkaAdapter } from './kafka-gateway/testing/kafka-test-data';
import { insertTestRestApi } from './rest-gateway/testing/rest-test-data';

import { TEST_PASSWORD, uniqueAddress, uniqueEmail } from '../testing/test-users';
import {
  addTestMember,
  callAs,
  createTestMember,
  createTestTeam,
  createTestWorkspace,
} from '../testing/test-workspaces';
import type { TestMember } from '../testing/test-workspaces';

/**
 * The authorization matrix (ARCHITECTURE "tenant isolation"), generated from app.registeredRoutes so that no route
 * escapes it: every registered route × {anonymous, User, Admin, Owner, Owner of another workspace, an Owner whose
 * e-mail is not verified}. A route with no sample below fails the test: add one when you add a route.
 */

type Actor = 'anonymous' | 'User' | 'Admin' | 'Owner' | 'foreignOwner' | 'unverifiedOwner';
const SIGNED_IN_ACTORS = ['User', 'Admin', 'Owner', 'foreignOwner', 'unverifiedOwner'] as const;

/** A fresh team for one call: routes may change it (remove, leave, accept). */
interface MatrixContext {
  app: FastifyInstance;
  workspaceId: string;
  owner: TestMember;
  admin: TestMember;
  user: TestMember;
  /** The caller (undefined when anonymous). */
  caller: TestMember | undefined;
  /** An open invitation of the team's workspace. */
  teamInvite(): Promise<string>;
  /** An invitation addressed to the caller (into a third party's workspace). */
  inviteForCaller(): Promise<string>;
  /** A service row in the team's workspace (no runtime: suspended), optionally with a scheduled update. */
  teamService(options?: { scheduled?: boolean }): Promise<{
    serviceId: string;
    clientId: string;
    clientSecret: string;
  }>;
}

interface Sample {
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
}

type SampleFactory = (context: MatrixContext) => Sample | Promise<Sample>;

/** Section 6 permissions aside, member management needs Admin or Owner (contract canManageMembers). */
const MEMBER_MANAGEMENT = new Set([
  'changeMemberRole',
  'removeMember',
  'listInvites',
  'createInvite',
  'revokeInvite',
  'resendInvite',
  'listAuditLog',
]);

/** Refusals a sample meets by a business rule rather than by authorization (route → actor → status). */
const RULE_REFUSALS: Record<string, Partial<Record<Actor, number>>> = {
  // Nothing listens on port 9: the cluster cannot be reached (400, the client's `false`; kafka-gateway tests reach one).
  testKafkaConnection: { User: 400, Admin: 400, Owner: 400 },
  // The matrix's services run no REST adapter process (modules/rest-gateway supervision tests run one).
  pollRestEndpoint: { User: 409, Admin: 409, Owner: 409 },
  previewRestEndpoint: { User: 409, Admin: 409, Owner: 409 },
  leaveWorkspace: { Owner: 403 },
  // An owner must always exist: the Owner of a shared workspace cannot delete the account.
  deleteUser: { Owner: 409 },
  // The workspace is in the body: the handler checks membership (404) and create-service (403) itself.
  createService: { User: 403, foreignOwner: 404 },
  // The matrix's services are suspended: a member passes the guard and meets "not running" (modules/topics tests
  // run these against a real runtime); a User is refused the writes before that.
  ...Object.fromEntries(
    ['listTopics', 'countTopics', 'getTopicTree', 'getTopic', 'getTimeSeriesEvents'].map((id) => [
      id,
      { User: 409, Admin: 409, Owner: 409 },
    ]),
  ),
  removeTopics: { Admin: 409, Owner: 409 },
  putTopic: { Admin: 409, Owner: 409 },
  // The console (modules/console tests run these against a real runtime): the matrix's services have console
  // single sign-on off and are suspended.
  createConsoleSsoTicket: { User: 409, Admin: 409, Owner: 409 },
  putAdminPrincipal: { Admin: 409, Owner: 409 },
  // Service security (modules/security tests run these against a real runtime): suspended, so "not running".
  ...Object.fromEntries(
    ['getSecurity', 'explainAccess', 'getAuthentication'].map((id) => [
      id,
      { User: 409, Admin: 409, Owner: 409 },
    ]),
  ),
  ...Object.fromEntries(
    [
      'putRole',
      'deleteRole',
      'putDefaultRoles',
      'putIsolatedPaths',
      'putPrincipal',
      'putPrincipalPassword',
      'deletePrincipal',
      'putAnonymousAction',
      'putTrustedProperties',
    ].map((id) => [id, { Admin: 409, Owner: 409 }]),
  ),
};

const ws = (context: MatrixContext) => ({ workspaceId: context.workspaceId });
const svc = async (context: MatrixContext, scheduled = false) => ({
  serviceId: (await context.teamService({ scheduled })).serviceId,
});

/** A service of the team with a Kafka adapter (version 0.9, so the catalogue's 1.0 is an upgrade), its ids. */
const kafka = async (context: MatrixContext, scheduled = false) => {
  const { serviceId } = await svc(context);
  const ids = await insertTestKafkaAdapter(context.app, serviceId, {
    version: '0.9',
    ...(scheduled && { scheduledVersion: '1.0', scheduledTimestamp: Date.now() + 60_000 }),
  });
  return { serviceId, ...ids };
};
const KAFKA_CLUSTER_BODY = {
  label: 'main',
  kafkaBrokerAddresses: ['127.0.0.1:9'],
  authentication: { securityProtocol: 'plaintext' },
};
const KAFKA_PUBLISHER_BODY = { label: 'out', framework: { heraldTopicSelector: '?sensors//' } };
const KAFKA_SUBSCRIBER_BODY = { label: 'in', kafkaTopics: ['orders'], consumerGroupId: 'herald' };

const SAMPLES: Record<string, SampleFactory> = {
  // Kafka gateway (modules/kafka-gateway tests run each call's rules and failures)
  createKafkaAdapter: async (context) => {
    const params = await svc(context);
    // A paid service of an exempted workspace: section 8's rules pass.
    await makePaidExemptService(context.app, context.workspaceId, params.serviceId);
    return { params, body: { label: 'orders', reconnectInterval: 1000, haEnabled: false } };
  },
  listKafkaAdapters: async (context) => ({ params: await svc(context) }),
  getKafkaAdapterState: async (context) => {
    const { serviceId, adapterId } = await kafka(context);
    return { params: { serviceId, adapterId } };
  },
  enableKafkaAdapter: async (context) => {
    const { serviceId, adapterId } = await kafka(context);
    return { params: { serviceId, adapterId } };
  },
  disableKafkaAdapter: async (context) => {
    const { serviceId, adapterId } = await kafka(context);
    return { params: { serviceId, adapterId } };
  },
  deleteKafkaAdapter: async (context) => {
    const { serviceId, adapterId } = await kafka(context);
    return { params: { serviceId, adapterId } };
  },
  createKafkaCluster: async (context) => {
    const { serviceId, adapterId } = await kafka(context);
    return { params: { serviceId, adapterId }, body: KAFKA_CLUSTER_BODY };
  },
  updateKafkaCluster: async (context) => {
    const { serviceId, adapterId, clusterId } = await kafka(context);
    return { params: { serviceId, adapterId, clusterId }, body: KAFKA_CLUSTER_BODY };
  },
  deleteKafkaCluster: async (context) => {
    const { serviceId, adapterId, clusterId } = await kafka(context);
    return { params: { serviceId, adapterId, clusterId } };
  },
  createKafkaPublisher: async (context) => {
    const { serviceId, adapterId, clusterId } = await kafka(context);
    return { params: { serviceId, adapterId, clusterId }, body: KAFKA_PUBLISHER_BODY };
  },
  createKafkaSubscriber: async (context) => {
    const { serviceId, adapterId, clusterId } = await kafka(context);
    return { params: { serviceId, adapterId, clusterId }, body: KAFKA_SUBSCRIBER_BODY };
  },
  updateKafkaPublisher: async (context) => {
    const { serviceId, adapterId, clusterId, publisherId } = await kafka(context);
    return {
      params: { serviceId, adapterId, clusterId, publisherId },
      body: KAFKA_PUBLISHER_BODY,
    };
  },
  updateKafkaSubscriber: async (context) => {
    const { serviceId, adapterId, clusterId, subscriberId } = await kafka(context);
    return {
      params: { serviceId, adapterId, clusterId, subscriberId },
      body: KAFKA_SUBSCRIBER_BODY,
    };
  },
  deleteKafkaPublisher: async (context) => {
    const { serviceId, adapterId, clusterId, publisherId } = await kafka(context);
    return { params: { serviceId, adapterId, clusterId, publisherId } };
  },
  deleteKafkaSubscriber: async (context) => {
    const { serviceId, adapterId, clusterId, subscriberId } = await kafka(context);
    return { params: { serviceId, adapterId, clusterId, subscriberId } };
  },
  testKafkaConnection: async (context) => ({
    params: await svc(context),
    body: {
      kafkaBrokerAddresses: ['127.0.0.1:9'],
      authentication: { securityProtocol: 'plaintext' },
    },
  }),
  getAdapterScheduledUpgrade: async (context) => {
    const { serviceId, adapterId } = await kafka(context, true);
    return { params: { serviceId, adapterId, type: 'kafka-gateway' } };
  },
  scheduleAdapterUpgrade: async (context) => {
    const { serviceId, adapterId } = await kafka(context);
    return {
      params: { serviceId, adapterId, type: 'kafka-gateway' },
      body: { newVersion: '1.0', scheduledTimestamp: Date.now() + 60_000 },
    };
  },
  cancelAdapterScheduledUpgrade: async (context) => {
    const { serviceId, adapterId } = await kafka(context, true);
    return { params: { serviceId, adapterId, type: 'kafka-gateway' } };
  },
  upgradeAdapter: async (context) => {
    const { serviceId, adapterId } = await kafka(context);
    return { params: { serviceId, adapterId, type: 'kafka-gateway' }, body: { newVersion: '1.0' } };
  },
  // REST adapter (modules/rest-gateway tests run each call's rules and failures)
  listRestApis: async (context) => ({ params: await svc(context) }),
  createRestApi: async (context) => ({
    params: await svc(context),
    body: { label: 'Prices', baseUrl: 'https://prices.example.com', endpoints: [{ path: '/eur' }] },
  }),
  updateRestApi: async (context) => {
    const { serviceId } = await svc(context);
    const { apiId } = await insertTestRestApi(context.app, serviceId);
    return {
      params: { serviceId, apiId },
      body: { label: 'Rates', baseUrl: 'https://rates.example.com' },
    };
  },
  deleteRestApi: async (context) => {
    const { serviceId } = await svc(context);
    return {
      params: { serviceId, apiId: (await insertTestRestApi(context.app, serviceId)).apiId },
    };
  },
  createRestEndpoint: async (context) => {
    const { serviceId } = await svc(context);
    const { apiId } = await insertTestRestApi(context.app, serviceId);
    return { params: { serviceId, apiId }, body: { path: '/usd' } };
  },
  updateRestEndpoint: async (context) => {
    const { serviceId } = await svc(context);
    const { apiId, endpointId } = await insertTestRestApi(context.app, serviceId);
    return { params: { serviceId, apiId, endpointId }, body: { path: '/usd' } };
  },
  deleteRestEndpoint: async (context) => {
    const { serviceId } = await svc(context);
    const { apiId, endpointId } = await insertTestRestApi(context.app, serviceId);
    return { params: { serviceId, apiId, endpointId } };
  },
  upsertRestAdapterService: async (context) => ({ params: await svc(context), body: {} }),
  getRestAdapterState: async (context) => ({ params: await svc(context) }),
  pollRestEndpoint: async (context) => {
    const { serviceId } = await svc(context);
    const { apiId, endpointId } = await insertTestRestApi(context.app, serviceId);
    return { params: { serviceId, apiId, endpointId } };
  },
  previewRestEndpoint: async (context) => {
    const { serviceId } = await svc(context);
    const { apiId } = await insertTestRestApi(context.app, serviceId);
    return { params: { serviceId, apiId }, body: { path: '/usd' } };
  },
  // public
  getHealth: () => ({}),
  ofrepEvaluateFlags: () => ({ body: { context: {} } }),
  ofrepEvaluateFlag: () => ({ params: { key: 'unknown-flag' }, body: { context: {} } }),
  login: () => ({ body: { username: uniqueEmail(), password: 'not-the-password' } }),
  logout: () => ({}),
  requestPasswordReset: () => ({ body: { email: uniqueEmail() } }),
  confirmPasswordReset: () => ({ body: { token: 'no-such-token', password: TEST_PASSWORD } }),
  confirmEmail: () => ({ query: '?token=no-such-token' }),
  listConnections: () => ({}),
  lookupSsoConnection: () => ({ body: { email: uniqueEmail() } }),
  authorize: () => ({ params: { connection: 'no-such-connection' } }),
  authorizeCallback: () => ({ params: { connection: 'no-such-connection' } }),
  trackEvent: () => ({ body: { name: 'matrix.event' } }),
  getInvitePreview: async (context) => ({ params: { inviteId: await context.teamInvite() } }),
  createUser: () => ({
    body: { email: uniqueEmail(), password: TEST_PASSWORD, firstName: 'Ada', lastName: 'L' },
  }),
  // user
  getUser: () => ({}),
  updateUser: () => ({ body: { firstName: 'Grace' } }),
  deleteUser: () => ({}),
  changePassword: () => ({ body: { password: TEST_PASSWORD } }),
  verifyEmail: () => ({}),
  getConsent: () => ({}),
  updateConsent: () => ({ body: { analytics: true } }),
  listProgressRecords: () => ({}),
  putProgressRecord: () => ({
    params: { stageName: 'featuretour-a' },
    body: { status: 'COMPLETED' },
  }),
  deleteProgressRecord: () => ({ params: { stageName: 'featuretour-a' } }),
  listWorkspaces: () => ({ query: '?expandServices=true' }),
  createWorkspace: () => ({ body: { name: 'Matrix team' } }),
  // A fresh simulated subscription per call: each signed-in caller connects one of their own.
  marketplaceSignup: async (context) => ({
    body: { registrationToken: (await simulatorOf(context.app).subscribe(null)).token },
  }),
  listPendingInvites: () => ({}),
  acceptInvite: async (context) => ({ params: { inviteId: await context.inviteForCaller() } }),
  declineInvite: async (context) => ({ params: { inviteId: await context.inviteForCaller() } }),
  // workspace
  listMembers: (context) => ({ params: ws(context) }),
  changeMemberRole: (context) => ({
    params: { ...ws(context), customerid: context.user.userId },
    body: { role: 'Admin' },
  }),
  removeMember: (context) => ({ params: { ...ws(context), customerid: context.user.userId } }),
  leaveWorkspace: (context) => ({ params: ws(context) }),
  listInvites: (context) => ({ params: ws(context) }),
  createInvite: (context) => ({
    params: ws(context),
    body: { email: uniqueEmail(), role: 'User' },
  }),
  revokeInvite: async (context) => ({
    params: { ...ws(context), inviteId: await context.teamInvite() },
  }),
  resendInvite: async (context) => ({
    params: { ...ws(context), inviteId: await context.teamInvite() },
  }),
  listAuditLog: (context) => ({ params: ws(context), query: '?limit=10' }),
  listWorkspaceServices: (context) => ({ params: ws(context) }),
  listWorkspaceServiceStatuses: (context) => ({ params: ws(context) }),
  streamWorkspaceServiceStatuses: (context) => ({ params: ws(context) }),
  getWorkspaceCredit: (context) => ({ params: ws(context) }),
  // billing reads (modules/invoicing)
  getBillingAccount: (context) => ({ params: ws(context) }),
  listSubscriptionInvoices: async (context) => ({
    params: {
      ...ws(context),
      subscriptionId: await ensureSubscription(context.app.db, context.workspaceId, new Date()),
    },
  }),
  getInvoiceSummary: (context) => ({ params: ws(context), query: '?startDate=0&endDate=3600' }),
  getInvoiceForecast: (context) => ({ params: ws(context) }),
  getMetadata: () => ({}),
  // services
  createService: (context) => ({
    body: {
      workspaceId: context.workspaceId,
      serviceName: uniqueServiceName('matrix'),
      region: 'eu-west-1.local',
      billingPlan: 'free',
    },
  }),
  checkServiceName: () => ({ params: { serviceName: 'matrix-name' } }),
  generateServiceName: () => ({}),
  // payments (modules/payments): a paid service in an exempted workspace, so plan changes reach their success
  getPaymentMethod: (context) => ({ params: ws(context) }),
  updatePaymentMethod: (context) => ({ params: ws(context) }),
  startCheckout: (context) => ({
    params: ws(context),
    body: {
      purpose: 'create-service',
      service: {
        workspaceId: context.workspaceId,
        serviceName: uniqueServiceName('matrix-co'),
        region: 'eu-west-1.local',
        billingPlan: 'small',
      },
    },
  }),
  getCheckoutSession: async (context) => ({
    params: {
      ...ws(context),
      checkoutSessionId: await insertTestCheckout(
        context.app,
        context.workspaceId,
        context.owner.userId,
      ),
    },
  }),
  upgradeServicePlan: async (context) => {
    const params = await svc(context);
    await makePaidExemptService(context.app, context.workspaceId, params.serviceId);
    return { params, body: { billingPlan: 'medium' } };
  },
  resizeCluster: async (context) => {
    const params = await svc(context);
    await makePaidExemptService(context.app, context.workspaceId, params.serviceId);
    return { params, body: { highAvailability: true } };
  },
  // public: an unsigned event is refused 400 (modules/payments/webhook.test.ts signs real ones)
  paymentWebhook: () => ({ body: { id: 'evt_matrix', type: 'checkout.session.completed' } }),
  getService: async (context) => ({ params: await svc(context) }),
  getServiceStatus: async (context) => ({ params: await svc(context) }),
  getBillingPeriod: async (context) => ({ params: await svc(context) }),
  getLiveMetrics: async (context) => ({ params: await svc(context) }),
  getUsage: async (context) => ({
    params: await svc(context),
    query: '?queryType=sum&from=0&to=3600&metrics=billed_messages_total',
  }),
  updateInterestedAlerts: async (context) => ({
    params: await svc(context),
    body: { interestedAlerts: { topicsCapacity: false, remoteServer: true } },
  }),
  updateAdditionalProperty: async (context) => ({
    params: await svc(context),
    body: { sensitiveData: true },
  }),
  updateConsoleSettings: async (context) => ({
    params: await svc(context),
    body: { hintColor: '#123456' },
  }),
  getScheduledUpdate: async (context) => ({ params: await svc(context, true) }),
  scheduleUpdate: async (context) => ({
    params: await svc(context),
    body: { newHeraldVersion: '6.11', scheduledTimestamp: Date.now() + 60_000 },
  }),
  cancelScheduledUpdate: async (context) => ({ params: await svc(context, true) }),
  resetTopicTree: async (context) => ({ params: await svc(context) }),
  restartService: async (context) => ({ params: await svc(context) }),
  cancelService: async (context) => ({ params: await svc(context) }),
  createConsoleSsoTicket: async (context) => ({ params: await svc(context) }),
  putAdminPrincipal: async (context) => ({
    params: await svc(context),
    body: { username: 'matrix-admin', password: 'matrix password' },
  }),
  listTopics: async (context) => ({ params: await svc(context), query: '?selector=a//' }),
  countTopics: async (context) => ({ params: await svc(context), query: '?selector=a//' }),
  getTopicTree: async (context) => ({ params: await svc(context), query: '?parent=a' }),
  getTopic: async (context) => ({ params: await svc(context), query: '?path=a/b' }),
  putTopic: async (context) => ({
    params: await svc(context),
    query: '?path=a/b',
    body: { type: 'STRING', value: 'matrix' },
  }),
  removeTopics: async (context) => ({ params: await svc(context), query: '?selector=a//' }),
  getTimeSeriesEvents: async (context) => ({ params: await svc(context), query: '?path=a/b' }),
  getSecurity: async (context) => ({ params: await svc(context) }),
  putRole: async (context) => ({
    params: { ...(await svc(context)), roleName: 'sensors' },
    body: {
      globalPermissions: [],
      defaultPathPermissions: [],
      pathPermissions: { sensors: ['READ_TOPIC', 'SELECT_TOPIC'] },
      includedRoles: [],
    },
  }),
  deleteRole: async (context) => ({ params: { ...(await svc(context)), roleName: 'sensors' } }),
  putDefaultRoles: async (context) => ({
    params: await svc(context),
    body: { rolesForNamedSessions: ['CLIENT'], rolesForAnonymousSessions: [] },
  }),
  putIsolatedPaths: async (context) => ({
    params: await svc(context),
    body: { isolatedPaths: ['private'] },
  }),
  explainAccess: async (context) => ({
    params: await svc(context),
    query: '?subject=anonymous&target=sensors%2F%23',
  }),
  getAuthentication: async (context) => ({ params: await svc(context) }),
  // logs (modules/logs tests read real pages)
  getEventLogs: async (context) => ({ params: await svc(context), query: '?limit=5' }),
  getServiceLogs: async (context) => ({ params: await svc(context), query: '?level=warn' }),
  getKafkaAdapterLogs: async (context) => ({
    params: { ...(await svc(context)), adapterId: 'orders' },
  }),
  getRestAdapterLogs: async (context) => ({ params: await svc(context), query: '?search=x' }),
  getLogSources: async (context) => ({ params: await svc(context) }),
  putPrincipal: async (context) => ({
    params: { ...(await svc(context)), principalName: 'sensor-7' },
    body: { password: 'matrix password', roles: ['CLIENT'] },
  }),
  putPrincipalPassword: async (context) => ({
    params: { ...(await svc(context)), principalName: 'sensor-7' },
    body: { password: 'matrix password' },
  }),
  deletePrincipal: async (context) => ({
    params: { ...(await svc(context)), principalName: 'sensor-7' },
  }),
  putAnonymousAction: async (context) => ({
    params: await svc(context),
    body: { anonymousAction: 'DENY' },
  }),
  putTrustedProperties: async (context) => ({
    params: await svc(context),
    body: { trustedProperties: { Department: { type: 'values', values: ['north'] } } },
  }),
  getServiceApiDetails: async (context) => ({ params: await svc(context) }),
  revealServiceApiDetails: async (context) => ({ params: await svc(context) }),
  rotateServiceApiSecret: async (context) => ({ params: await svc(context) }),
  // public
  issueServiceApiToken: async (context) => {
    const { clientId, clientSecret } = await context.teamService();
    return {
      body: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
    };
  },
  getJwks: () => ({}),
};

/**
 * What an actor must get from a route, as a predicate on the status with a description. A public route must not
 * ask for a session (login's own 401 INVALID_CREDENTIALS is its answer, not a refusal of the caller).
 */
function expectation(
  route: RegisteredRoute,
  actor: Actor,
  code: string | undefined,
): [string, (status: number) => boolean] {
  if (route.access === 'public') {
    return ['no UNAUTHORIZED, not 5xx', (s) => code !== 'UNAUTHORIZED' && s < 500];
  }
  if (actor === 'anonymous') return ['401', (s) => s === 401];
  // Spec section 4 on the server (docs/decisions/035): an Owner who never verified the e-mail is refused every
  // route outside the contract's allow-list, and is not refused by that gate on the routes it names.
  if (actor === 'unverifiedOwner') {
    const isAllowed = mayCallRoute({
      operationId: route.operationId,
      access: route.access,
      emailVerified: false,
    });
    return isAllowed
      ? ['not EMAIL_NOT_VERIFIED, not 5xx', (s) => code !== ERROR_CODES.emailNotVerified && s < 500]
      : ['403 EMAIL_NOT_VERIFIED', (s) => s === 403 && code === ERROR_CODES.emailNotVerified];
  }
  const refusal = RULE_REFUSALS[route.operationId]?.[actor];
  if (refusal !== undefined) return [String(refusal), (s) => s === refusal];
  if (route.access === 'user') return ['2xx or 3xx', (s) => s >= 200 && s < 400];
  if (actor === 'foreignOwner') return ['404', (s) => s === 404];
  const needsManager =
    (route.permission !== undefined && !hasPermission(['User'], route.permission as Permission)) ||
    MEMBER_MANAGEMENT.has(route.operationId);
  if (actor === 'User' && needsManager) return ['403', (s) => s === 403];
  return ['2xx', (s) => s >= 200 && s < 300];
}

/**
 * A server-sent events route answers its headers and stays open: take the status (and an error body, which ends)
 * without waiting for an end that never comes.
 */
async function openStream(
  app: FastifyInstance,
  caller: TestMember | undefined,
  url: string,
): Promise<{
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
  json(): unknown;
}> {
  const response = await app.inject({
    method: 'GET',
    url,
    headers: caller ? { authorization: `Bearer ${caller.token}` } : {},
    remoteAddress: uniqueAddress(),
    payloadAsStream: true,
  });
  const stream = response.stream();
  let body = '';
  if (response.statusCode >= 300) {
    for await (const chunk of stream) body += String(chunk);
  } else {
    stream.destroy();
  }
  return {
    statusCode: response.statusCode,
    headers: response.headers,
    body,
    json: () => JSON.parse(body) as unknown,
  };
}

describe('authorization matrix', () => {
  let app: FastifyInstance;
  useTestApp((ready) => {
    ({ app } = ready);
    // Services created through the API start no runtime here.
    stubProvisioner(app);
  });

  it('has a sample for every registered route, and no sample for a route that does not exist', () => {
    const registered = app.registeredRoutes.map((route) => route.operationId).sort();
    expect(registered.filter((id) => !(id in SAMPLES))).toEqual([]);
    expect(Object.keys(SAMPLES).filter((id) => !registered.includes(id))).toEqual([]);
  });

  it('registers no route whose access it does not know', () => {
    for (const route of app.registeredRoutes) {
      expect(['public', 'user', 'workspace', 'service']).toContain(route.access);
    }
  });

  async function contextFor(actor: Actor): Promise<MatrixContext> {
    const team = await createTestTeam(app, 'Matrix');
    const foreignOwner = await createTestMember(app);
    await createTestWorkspace(app, foreignOwner, 'Foreign');
    let unverifiedOwner: TestMember | undefined;
    if (actor === 'unverifiedOwner') {
      unverifiedOwner = await createTestMember(app, { emailVerified: false });
      await addTestMember(app, team.workspaceId, unverifiedOwner, 'Owner');
    }
    const callers: Record<Actor, TestMember | undefined> = {
      anonymous: undefined,
      User: team.user,
      Admin: team.admin,
      Owner: team.owner,
      foreignOwner,
      unverifiedOwner,
    };
    const caller = callers[actor];
    const inviteInto = async (inviter: TestMember, workspaceId: string, email: string) => {
      const response = await callAs(
        app,
        inviter,
        'POST',
        buildPath('/v3/workspace/{workspaceId}/invites', { workspaceId }),
        { email, role: 'User' },
      );
      if (response.statusCode !== 201) throw new Error(`Invite failed: ${response.body}`);
      return (response.json() as { inviteId: string }).inviteId;
    };
    return {
      app,
      ...team,
      caller,
      teamInvite: () => inviteInto(team.owner, team.workspaceId, uniqueEmail()),
      async inviteForCaller() {
        if (!caller) return 'some-invite';
        const thirdParty = await createTestMember(app);
        const workspaceId = await createTestWorkspace(app, thirdParty, 'Third party');
        return inviteInto(thirdParty, workspaceId, caller.email);
      },
      async teamService(options = {}) {
        const { row, clientSecret } = await insertTestService(app, team.workspaceId, {
          heraldVersion: '6.9',
          ...(options.scheduled && {
            scheduledVersion: '6.11',
            scheduledTimestamp: Date.now() + 60_000,
          }),
        });
        return { serviceId: row.id, clientId: row.clientId, clientSecret };
      },
    };
  }

  it('gives every actor exactly its due on every route', async () => {
    const failures: string[] = [];
    for (const route of app.registeredRoutes) {
      const sample = SAMPLES[route.operationId];
      if (!sample) continue;
      const actors: readonly Actor[] =
        route.access === 'public' ? ['anonymous'] : ['anonymous', ...SIGNED_IN_ACTORS];
      for (const actor of actors) {
        const context = await contextFor(actor);
        const { params, query, body } = await sample(context);
        const url = `${buildPath(route.path, params)}${query ?? ''}`;
        const response = route.definition.stream
          ? await openStream(app, context.caller, url)
          : route.access === 'public'
            ? await app.inject({
                method: route.method,
                url,
                remoteAddress: uniqueAddress(),
                ...(body !== undefined && {
                  headers: { 'content-type': 'application/json' },
                  payload: body as Record<string, unknown>,
                }),
              })
            : await callAs(app, context.caller, route.method, url, body);
        const code = String(response.headers['content-type'] ?? '').includes('json')
          ? // A body may be JSON null (GET paymentMethod without a card).
            (response.json() as { code?: string } | null)?.code
          : undefined;
        const [expected, holds] = expectation(route, actor, code);
        if (!holds(response.statusCode)) {
          failures.push(
            `${route.operationId} as ${actor}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    // About 150 routes × 7 actors, each with fresh fixtures: ~60 s on an idle two-core machine; room for a busy one.
  }, 420_000);
});
