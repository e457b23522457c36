import { toFastifyPath } from '@herald/contract/api/define-route';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

import { useTestApp } from '../testing/use-test-app';

describe('OpenAPI document and reference', () => {
  let app: FastifyInstance;
  useTestApp((ready) => ({ app } = ready));

  it('records every working route with its contract metadata', () => {
    expect(
      app.registeredRoutes.map(({ operationId, method, path, access }) => ({
        operationId,
        method,
        path,
        access,
      })),
    ).toEqual([
      { operationId: 'getHealth', method: 'GET', path: '/v3/health', access: 'public' },
      {
        operationId: 'ofrepEvaluateFlags',
        method: 'POST',
        path: '/ofrep/v1/evaluate/flags',
        access: 'public',
      },
      {
        operationId: 'ofrepEvaluateFlag',
        method: 'POST',
        path: '/ofrep/v1/evaluate/flags/{key}',
        access: 'public',
      },
      { operationId: 'login', method: 'POST', path: '/v3/auth/login', access: 'public' },
      { operationId: 'logout', method: 'POST', path: '/v3/auth/logout', access: 'public' },
      {
        operationId: 'requestPasswordReset',
        method: 'POST',
        path: '/v3/auth/password-reset',
        access: 'public',
      },
      {
        operationId: 'confirmPasswordReset',
        method: 'POST',
        path: '/v3/auth/password-reset/confirm',
        access: 'public',
      },
      {
        operationId: 'confirmEmail',
        method: 'GET',
        path: '/v3/auth/verify-email',
        access: 'public',
      },
      {
        operationId: 'listConnections',
        method: 'GET',
        path: '/v3/auth/connections',
        access: 'public',
      },
      {
        operationId: 'lookupSsoConnection',
        method: 'POST',
        path: '/v3/auth/sso/lookup',
        access: 'public',
      },
      {
        operationId: 'authorize',
        method: 'GET',
        path: '/v3/auth/authorize/{connection}',
        access: 'public',
      },
      {
        operationId: 'authorizeCallback',
        method: 'GET',
        path: '/v3/auth/callback/{connection}',
        access: 'public',
      },
      { operationId: 'createUser', method: 'POST', path: '/v3/user', access: 'public' },
      { operationId: 'getUser', method: 'GET', path: '/v3/user', access: 'user' },
      { operationId: 'updateUser', method: 'PUT', path: '/v3/user', access: 'user' },
      { operationId: 'deleteUser', method: 'DELETE', path: '/v3/user', access: 'user' },
      {
        operationId: 'changePassword',
        method: 'PUT',
        path: '/v3/user/change-password',
        access: 'user',
      },
      { operationId: 'verifyEmail', method: 'GET', path: '/v3/user/verify-email', access: 'user' },
      {
        operationId: 'listProgressRecords',
        method: 'GET',
        path: '/v3/user/progress-records',
        access: 'user',
      },
      {
        operationId: 'putProgressRecord',
        method: 'PUT',
        path: '/v3/user/progress-records/{stageName}',
        access: 'user',
      },
      {
        operationId: 'deleteProgressRecord',
        method: 'DELETE',
        path: '/v3/user/progress-records/{stageName}',
        access: 'user',
      },
      { operationId: 'getConsent', method: 'GET', path: '/v3/user/consent', access: 'user' },
      { operationId: 'updateConsent', method: 'PUT', path: '/v3/user/consent', access: 'user' },
      { operationId: 'trackEvent', method: 'POST', path: '/v3/track/events', access: 'public' },
      { operationId: 'listWorkspaces', method: 'GET', path: '/v3/workspaces', access: 'user' },
      { operationId: 'createWorkspace', method: 'POST', path: '/v3/workspace', access: 'user' },
      {
        operationId: 'listWorkspaceServices',
        method: 'GET',
        path: '/v3/workspace/{workspaceId}/services',
        access: 'workspace',
      },
      {
        operationId: 'listWorkspaceServiceStatuses',
        method: 'GET',
        path: '/v3/workspace/{workspaceId}/services/status',
        access: 'workspace',
      },
      {
        operationId: 'streamWorkspaceServiceStatuses',
        method: 'GET',
        path: '/v3/workspace/{workspaceId}/services/events',
        access: 'workspace',
      },
      {
        operationId: 'getWorkspaceCredit',
        method: 'GET',
        path: '/v3/workspace/{workspaceId}/credit',
        access: 'workspace',
      },
      { operationId: 'getMetadata', method: 'GET', path: '/v3/metadata', access: 'user' },
      {
        operationId: 'listMembers',
        method: 'GET',
        path: '/v3/workspace/{workspaceId}/members',
        access: 'workspace',
      },
      {
        operationId: 'changeMemberRole',
        method: 'PUT',
        path: '/v3/workspace/{workspaceId}/members/{customerid}/role',
        access: 'workspace',
      },
      {
        operationId: 'removeMember',
        method: 'DELETE',
        path: '/v3/workspace/{workspaceId}/members/{customerid}',
        access: 'workspace',
      },
      {
        operationId: 'leaveWorkspace',
        method: 'POST',
        path: '/v3/workspace/{workspaceId}/leave',
        access: 'workspace',
      },
      {
        operationId: 'listInvites',
        method: 'GET',
        path: '/v3/workspace/{workspaceId}/invites',
        access: 'workspace',
      },
      {
        operationId: 'createInvite',
        method: 'POST',
        path: '/v3/workspace/{workspaceId}/invites',
        access: 'workspace',
      },
      {
        operationId: 'revokeInvite',
        method: 'DELETE',
        path: '/v3/workspace/{workspaceId}/invites/{inviteId}',
        access: 'workspace',
      },
      {
        operationId: 'resendInvite',
        method: 'POST',
        path: '/v3/workspace/{workspaceId}/invites/{inviteId}/resend',
        access: 'workspace',
      },
      {
        operationId: 'listPendingInvites',
        method: 'GET',
        path: '/v3/user/pending-invites',
        access: 'user',
      },
      {
        operationId: 'getInvitePreview',
        method: 'GET',
        path: '/v3/invites/{inviteId}',
        access: 'public',
      },
      {
        operationId: 'acceptInvite',
        method: 'POST',
        path: '/v3/user/pending-invites/{inviteId}/accept',
        access: 'user',
      },
      {
        operationId: 'declineInvite',
        method: 'POST',
        path: '/v3/user/pending-invites/{inviteId}/decline',
        access: 'user',
      },
      {
        operationId: 'listAuditLog',
        method: 'GET',
        path: '/v3/workspace/{workspaceId}/audit-log',
        access: 'workspace',
      },
      {
        operationId: 'getService',
        method: 'GET',
        path: '/v3/service/{serviceId}',
        access: 'service',
      },
      { operationId: 'createService', method: 'POST', path: '/v3/service/create', access: 'user' },
      {
        operationId: 'checkServiceName',
        method: 'GET',
        path: '/v3/service/{serviceName}/check',
        access: 'user',
      },
      {
        operationId: 'generateServiceName',
        method: 'GET',
        path: '/v3/generate-service-name',
        access: 'user',
      },
      {
        operationId: 'getServiceStatus',
        method: 'GET',
        path: '/v3/service/{serviceId}/status',
        access: 'service',
      },
      {
        operationId: 'getBillingPeriod',
        method: 'GET',
        path: '/v3/service/{serviceId}/billingPeriod',
        access: 'service',
      },
      {
        operationId: 'getLiveMetrics',
        method: 'GET',
        path: '/v3/service/{serviceId}/metrics/live',
        access: 'service',
      },
      {
        operationId: 'updateInterestedAlerts',
        method: 'POST',
        path: '/v3/service/{serviceId}/interested-alerts',
        access: 'service',
      },
      {
        operationId: 'updateAdditionalProperty',
        method: 'PATCH',
        path: '/v3/service/{serviceId}/update-additional-property',
        access: 'service',
      },
      {
        operationId: 'updateConsoleSettings',
        method: 'PUT',
        path: '/v3/service/{serviceId}/console-settings',
        access: 'service',
      },
      {
        operationId: 'getScheduledUpdate',
        method: 'GET',
        path: '/v3/service/{serviceId}/scheduled-update',
        access: 'service',
      },
      {
        operationId: 'scheduleUpdate',
        method: 'POST',
        path: '/v3/service/{serviceId}/scheduled-update',
        access: 'service',
      },
      {
        operationId: 'cancelScheduledUpdate',
        method: 'DELETE',
        path: '/v3/service/{serviceId}/scheduled-update',
        access: 'service',
      },
      {
        operationId: 'resetTopicTree',
        method: 'DELETE',
        path: '/v3/service/{serviceId}/reset-topic-tree',
        access: 'service',
      },
      {
        operationId: 'restartService',
        method: 'POST',
        path: '/v3/service/{serviceId}/restart',
        access: 'service',
      },
      {
        operationId: 'cancelService',
        method: 'POST',
        path: '/v3/service/{serviceId}/cancel',
        access: 'service',
      },
      {
        operationId: 'getServiceApiDetails',
        method: 'GET',
        path: '/v3/service/{serviceId}/service-api/details',
        access: 'service',
      },
      {
        operationId: 'revealServiceApiDetails',
        method: 'POST',
        path: '/v3/service/{serviceId}/service-api/details/reveal',
        access: 'service',
      },
      {
        operationId: 'rotateServiceApiSecret',
        method: 'POST',
        path: '/v3/service/{serviceId}/service-api/rotate-secret',
        access: 'service',
      },
      {
        operationId: 'issueServiceApiToken',
        method: 'POST',
        path: '/v3/service-api/token',
        access: 'public',
      },
      {
        operationId: 'getJwks',
        method: 'GET',
        path: '/v3/.well-known/jwks.json',
        access: 'public',
      },
      {
        operationId: 'listTopics',
        method: 'GET',
        path: '/v3/service/{serviceId}/topics',
        access: 'service',
      },
      {
        operationId: 'countTopics',
        method: 'GET',
        path: '/v3/service/{serviceId}/topics/count',
        access: 'service',
      },
      {
        operationId: 'getTopicTree',
        method: 'GET',
        path: '/v3/service/{serviceId}/topics/tree',
        access: 'service',
      },
      {
        operationId: 'removeTopics',
        method: 'DELETE',
        path: '/v3/service/{serviceId}/topics',
        access: 'service',
      },
      {
        operationId: 'getTopic',
        method: 'GET',
        path: '/v3/service/{serviceId}/topic',
        access: 'service',
      },
      {
        operationId: 'putTopic',
        method: 'PUT',
        path: '/v3/service/{serviceId}/topic',
        access: 'service',
      },
      {
        operationId: 'getTimeSeriesEvents',
        method: 'GET',
        path: '/v3/service/{serviceId}/topic/events',
        access: 'service',
      },
      {
        operationId: 'createConsoleSsoTicket',
        method: 'POST',
        path: '/v3/service/{serviceId}/console/sso',
        access: 'service',
      },
      {
        operationId: 'putAdminPrincipal',
        method: 'PUT',
        path: '/v3/service/{serviceId}/admin-principal',
        access: 'service',
      },
      {
        operationId: 'getSecurity',
        method: 'GET',
        path: '/v3/service/{serviceId}/security',
        access: 'service',
      },
      {
        operationId: 'putRole',
        method: 'PUT',
        path: '/v3/service/{serviceId}/security/roles/{roleName}',
        access: 'service',
      },
      {
        operationId: 'deleteRole',
        method: 'DELETE',
        path: '/v3/service/{serviceId}/security/roles/{roleName}',
        access: 'service',
      },
      {
        operationId: 'putDefaultRoles',
        method: 'PUT',
        path: '/v3/service/{serviceId}/security/default-roles',
        access: 'service',
      },
      {
        operationId: 'putIsolatedPaths',
        method: 'PUT',
        path: '/v3/service/{serviceId}/security/isolated-paths',
        access: 'service',
      },
      {
        operationId: 'explainAccess',
        method: 'GET',
        path: '/v3/service/{serviceId}/security/explain',
        access: 'service',
      },
      {
        operationId: 'getAuthentication',
        method: 'GET',
        path: '/v3/service/{serviceId}/authentication',
        access: 'service',
      },
      {
        operationId: 'putPrincipal',
        method: 'PUT',
        path: '/v3/service/{serviceId}/authentication/principals/{principalName}',
        access: 'service',
      },
      {
        operationId: 'putPrincipalPassword',
        method: 'PUT',
        path: '/v3/service/{serviceId}/authentication/principals/{principalName}/password',
        access: 'service',
      },
      {
        operationId: 'deletePrincipal',
        method: 'DELETE',
        path: '/v3/service/{serviceId}/authentication/principals/{principalName}',
        access: 'service',
      },
      {
        operationId: 'putAnonymousAction',
        method: 'PUT',
        path: '/v3/service/{serviceId}/authentication/anonymous',
        access: 'service',
      },
      {
        operationId: 'putTrustedProperties',
        method: 'PUT',
        path: '/v3/service/{serviceId}/authentication/trusted-properties',
        access: 'service',
      },
      {
        operationId: 'createKafkaAdapter',
        method: 'POST',
        path: '/v3/service/{serviceId}/gateway-kafka-adapters',
        access: 'service',
      },
      {
        operationId: 'listKafkaAdapters',
        method: 'GET',
        path: '/v3/service/{serviceId}/gateway-kafka-adapters',
        access: 'service',
      },
      {
        operationId: 'getKafkaAdapterState',
        method: 'GET',
        path: '/v3/service/{serviceId}/gateway-kafka-adapters/{adapterId}/state',
        access: 'service',
      },
      {
        operationId: 'enableKafkaAdapter',
        method: 'POST',
        path: '/v3/service/{serviceId}/gateway-kafka-adapters/{adapterId}/enable',
        access: 'service',
      },
      {
        operationId: 'disableKafkaAdapter',
        method: 'POST',
        path: '/v3/service/{serviceId}/gateway-kafka-adapters/{adapterId}/disable',
        access: 'service',
      },
      {
        operationId: 'deleteKafkaAdapter',
        method: 'DELETE',
        path: '/v3/service/{serviceId}/gateway-kafka-adapters/{adapterId}',
        access: 'service',
      },
      {
        operationId: 'createKafkaCluster',
        method: 'POST',
        path: '/v3/service/{serviceId}/gateway-kafka-adapters/{adapterId}/clusters',
        access: 'service',
      },
      {
        operationId: 'updateKafkaCluster',
        method: 'PUT',
        path: '/v3/service/{serviceId}/gateway-kafka-adapters/{adapterId}/clusters/{clusterId}',
        access: 'service',
      },
      {
        operationId: 'deleteKafkaCluster',
        method: 'DELETE',
        path: '/v3/service/{serviceId}/gateway-kafka-adapters/{adapterId}/clusters/{clusterId}',
        access: 'service',
      },
      {
        operationId: 'createKafkaPublisher',
        method: 'POST',
        path: '/v3/service/{serviceId}/gateway-kafka-adapters/{adapterId}/clusters/{clusterId}/publishers',
        access: 'service',
      },
      {
        operationId: 'createKafkaSubscriber',
        method: 'POST',
        path: '/v3/service/{serviceId}/gateway-kafka-adapters/{adapterId}/clusters/{clusterId}/subscribers',
        access: 'service',
      },
      {
        operationId: 'updateKafkaPublisher',
        method: 'PUT',
        path: '/v3/service/{serviceId}/gateway-kafka-adapters/{adapterId}/clusters/{clusterId}/publishers/{publisherId}',
        access: 'service',
      },
      {
        operationId: 'updateKafkaSubscriber',
        method: 'PUT',
        path: '/v3/service/{serviceId}/gateway-kafka-adapters/{adapterId}/clusters/{clusterId}/subscribers/{subscriberId}',
        access: 'service',
      },
      {
        operationId: 'deleteKafkaPublisher',
        method: 'DELETE',
        path: '/v3/service/{serviceId}/gateway-kafka-adapters/{adapterId}/clusters/{clusterId}/publishers/{publisherId}',
        access: 'service',
      },
      {
        operationId: 'deleteKafkaSubscriber',
        method: 'DELETE',
        path: '/v3/service/{serviceId}/gateway-kafka-adapters/{adapterId}/clusters/{clusterId}/subscribers/{subscriberId}',
        access: 'service',
      },
      {
        operationId: 'testKafkaConnection',
        method: 'POST',
        path: '/v3/service/{serviceId}/gateway-kafka-adapters/test-connection',
        access: 'service',
      },
      {
        operationId: 'getAdapterScheduledUpgrade',
        method: 'GET',
        path: '/v3/service/{serviceId}/adapters/{type}/{adapterId}/scheduled-update',
        access: 'service',
      },
      {
        operationId: 'scheduleAdapterUpgrade',
        method: 'POST',
        path: '/v3/service/{serviceId}/adapters/{type}/{adapterId}/scheduled-update',
        access: 'service',
      },
      {
        operationId: 'cancelAdapterScheduledUpgrade',
        method: 'DELETE',
        path: '/v3/service/{serviceId}/adapters/{type}/{adapterId}/scheduled-update',
        access: 'service',
      },
      {
        operationId: 'upgradeAdapter',
        method: 'POST',
        path: '/v3/service/{serviceId}/adapters/{type}/{adapterId}/upgrade',
        access: 'service',
      },
      {
        operationId: 'listRestApis',
        method: 'GET',
        path: '/v3/service/{serviceId}/rest/apis',
        access: 'service',
      },
      {
        operationId: 'createRestApi',
        method: 'POST',
        path: '/v3/service/{serviceId}/rest/apis',
        access: 'service',
      },
      {
        operationId: 'updateRestApi',
        method: 'PUT',
        path: '/v3/service/{serviceId}/rest/apis/{apiId}',
        access: 'service',
      },
      {
        operationId: 'deleteRestApi',
        method: 'DELETE',
        path: '/v3/service/{serviceId}/rest/apis/{apiId}',
        access: 'service',
      },
      {
        operationId: 'createRestEndpoint',
        method: 'POST',
        path: '/v3/service/{serviceId}/rest/apis/{apiId}/endpoints',
        access: 'service',
      },
      {
        operationId: 'updateRestEndpoint',
        method: 'PUT',
        path: '/v3/service/{serviceId}/rest/apis/{apiId}/endpoints/{endpointId}',
        access: 'service',
      },
      {
        operationId: 'deleteRestEndpoint',
        method: 'DELETE',
        path: '/v3/service/{serviceId}/rest/apis/{apiId}/endpoints/{endpointId}',
        access: 'service',
      },
      {
        operationId: 'upsertRestAdapterService',
        method: 'POST',
        path: '/v3/service/{serviceId}/rest/upsert-service',
        access: 'service',
      },
      {
        operationId: 'getRestAdapterState',
        method: 'GET',
        path: '/v3/service/{serviceId}/rest/state',
        access: 'service',
      },
      {
        operationId: 'pollRestEndpoint',
        method: 'POST',
        path: '/v3/service/{serviceId}/rest/apis/{apiId}/endpoints/{endpointId}/poll',
        access: 'service',
      },
      {
        operationId: 'previewRestEndpoint',
        method: 'POST',
        path: '/v3/service/{serviceId}/rest/apis/{apiId}/preview',
        access: 'service',
      },
      {
        operationId: 'getUsage',
        method: 'GET',
        path: '/v3/service/{serviceId}/usage',
        access: 'service',
      },
      {
        operationId: 'getEventLogs',
        method: 'GET',
        path: '/v3/service/{serviceId}/logs',
        access: 'service',
      },
      {
        operationId: 'getServiceLogs',
        method: 'GET',
        path: '/v3/service/{serviceId}/logs/herald',
        access: 'service',
      },
      {
        operationId: 'getKafkaAdapterLogs',
        method: 'GET',
        path: '/v3/service/{serviceId}/logs/kafka-adapter/{adapterId}',
        access: 'service',
      },
      {
        operationId: 'getRestAdapterLogs',
        method: 'GET',
        path: '/v3/service/{serviceId}/logs/rest-adapter',
        access: 'service',
      },
      {
        operationId: 'getLogSources',
        method: 'GET',
        path: '/v3/service/{serviceId}/logs/sources',
        access: 'service',
      },
      {
        operationId: 'getBillingAccount',
        method: 'GET',
        path: '/v3/workspace/{workspaceId}/billing/account',
        access: 'workspace',
      },
      {
        operationId: 'listSubscriptionInvoices',
        method: 'GET',
        path: '/v3/workspace/{workspaceId}/subscription/{subscriptionId}/invoices',
        access: 'workspace',
      },
      {
        operationId: 'getInvoiceSummary',
        method: 'GET',
        path: '/v3/workspace/{workspaceId}/billing/invoice/summary',
        access: 'workspace',
      },
      {
        operationId: 'getInvoiceForecast',
        method: 'GET',
        path: '/v3/workspace/{workspaceId}/billing/invoice/forecast',
        access: 'workspace',
      },
      {
        operationId: 'getPaymentMethod',
        method: 'GET',
        path: '/v3/workspace/{workspaceId}/paymentMethod',
        access: 'workspace',
      },
      {
        operationId: 'updatePaymentMethod',
        method: 'POST',
        path: '/v3/workspace/{workspaceId}/billing/update-payment-method',
        access: 'workspace',
      },
      {
        operationId: 'startCheckout',
        method: 'POST',
        path: '/v3/workspace/{workspaceId}/billing/checkout',
        access: 'workspace',
      },
      {
        operationId: 'getCheckoutSession',
        method: 'GET',
        path: '/v3/workspace/{workspaceId}/billing/checkout/{checkoutSessionId}',
        access: 'workspace',
      },
      {
        operationId: 'upgradeServicePlan',
        method: 'PUT',
        path: '/v3/service/{serviceId}/upgrade-service-plan',
        access: 'service',
      },
      {
        operationId: 'resizeCluster',
        method: 'PUT',
        path: '/v3/service/{serviceId}/resize-cluster',
        access: 'service',
      },
      {
        operationId: 'paymentWebhook',
        method: 'POST',
        path: '/v3/billing/webhook',
        access: 'public',
      },
      {
        operationId: 'marketplaceSignup',
        method: 'POST',
        path: '/v3/marketplace/signup',
        access: 'user',
      },
    ]);
  });

  it('serves an OpenAPI 3.1 document listing exactly the registered routes', async () => {
    const response = await app.inject({ method: 'GET', url: '/v3/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');

    const documented = Object.entries(
      document.paths as Record<string, Record<string, { operationId: string }>>,
    )
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(
          ([method, operation]) => `${method.toUpperCase()} ${path} ${operation.operationId}`,
        ),
      )
      .sort();
    const registered = app.registeredRoutes
      .map((route) => `${route.method} ${route.path} ${route.operationId}`)
      .sort();
    expect(documented).toEqual(registered);
  });

  it('describes a route from its contract schemas', async () => {
    const document = (await app.inject({ method: 'GET', url: '/v3/openapi.json' })).json();
    const health = document.paths['/v3/health'].get;
    expect(health.summary).toBe('Report that the server and its database are up');
    expect(health.tags).toEqual(['health']);
    expect(health.responses['200'].content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: {
        status: { type: 'string', enum: ['ok'] },
        database: { type: 'string', enum: ['ok'] },
      },
      required: ['status', 'database'],
    });
  });

  it('maps contract paths to Fastify paths', () => {
    expect(toFastifyPath('/ofrep/v1/evaluate/flags/{key}')).toBe('/ofrep/v1/evaluate/flags/:key');
  });

  it('serves the interactive reference at /v3/docs', async () => {
    const response = await app.inject({ method: 'GET', url: '/v3/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('swagger-ui-bundle.js');

    for (const asset of ['swagger-ui-bundle.js', 'theme/herald.css', 'theme/herald.js']) {
      expect(response.body).toContain(`/v3/docs/static/${asset}`);
      const assetResponse = await app.inject({ method: 'GET', url: `/v3/docs/static/${asset}` });
      expect(assetResponse.statusCode).toBe(200);
    }
  });
});
