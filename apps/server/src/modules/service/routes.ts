import { ERROR_CODES } from '@herald/contract/api/errors';
import { routes } from '@herald/contract/api/routes';
import { currentBillingMonth } from '@herald/contract/billing/billing-period';
import { SERVICE_MESSAGES } from '@herald/contract/messages';
import { SERVICE_TOKEN_SCOPES } from '@herald/contract/services/service-token';
import type { FastifyInstance } from 'fastify';
import { getServerInfo } from '../../adapters/provisioner/runtime-client';
import { HttpError } from '../../lib/http-error';
import { registerRoute, serviceOf } from '../../plugins/route-registry';
import { insertAuditEvent } from '../workspace/workspace.repository';
import { actorOf } from '../workspace/workspace.service';
import { catalogueOf } from './catalogue';
import { closePlanPeriod } from '../invoicing/plan-periods.repository';
import { latestInvoicedPeriodOf } from '../invoicing/invoices.repository';
import { auditServiceAction } from './service-audit';
import { toService, toServiceStatusResponse as statusReply } from './service.mapper';
import { bumpGeneration, updateService } from './service.repository';
import type { ServiceRow } from './service.repository';
import {
  checkScheduledVersion,
  createService,
  generateFreeServiceName,
  verdictForName,
} from './service.service';

/** /v3/service/... (spec section 7 "Service"): thin handlers over the service guard, contract rules and the rows. */
export async function serviceRoutes(app: FastifyInstance): Promise<void> {
  // Loaded now: a bad catalogue stops the start with a message naming the file and the field.
  const catalogue = catalogueOf(app);
  const { config } = app;
  const reply = (row: ServiceRow) => toService(row, config);

  registerRoute(app, routes.getService, async (request) => reply(serviceOf(request)));

  registerRoute(app, routes.createService, async (request, res) => {
    const row = await createService(app, request, catalogue, request.body);
    app.statusEvents.publishRow(row);
    res.code(201);
    return reply(row);
  });

  registerRoute(app, routes.checkServiceName, async (request) => {
    const verdict = await verdictForName(app.db, request.params.serviceName);
    return verdict.valid ? { valid: true } : { valid: false, reason: verdict.reason };
  });

  registerRoute(app, routes.generateServiceName, async () => ({
    data: await generateFreeServiceName(app.db),
  }));

  registerRoute(app, routes.getServiceStatus, async (request) => statusReply(serviceOf(request)));

  registerRoute(app, routes.getBillingPeriod, async (request) => {
    // `latest`: the service's part of the latest invoice that charged it (docs/decisions/024).
    const latest = await latestInvoicedPeriodOf(app.db, serviceOf(request).id);
    return {
      current: currentBillingMonth(app.clock()),
      latest: latest && {
        start: Math.floor(latest.start.getTime() / 1000),
        end: Math.floor(latest.end.getTime() / 1000),
        amount: latest.amount,
      },
    };
  });

  registerRoute(app, routes.getLiveMetrics, async (request) => {
    const row = serviceOf(request);
    const topicsCapacity =
      catalogue.tierOf(row.provisioningPlan ?? row.billingPlan)?.topicsCapacity ?? 0;
    const endpoint = app.provisioner.endpointOf(row.id);
    if (!endpoint) return { sessions: 0, topics: 0, topicsCapacity };
    const { token } = await app.tokens.signServiceToken({
      serviceId: row.id,
      subject: 'control-plane',
      scope: SERVICE_TOKEN_SCOPES.readWrite,
      credentialVersion: row.credentialVersion,
      ttlSeconds: 300,
    });
    try {
      const info = await getServerInfo(endpoint, token);
      return { sessions: info.sessions, topics: info.topics, topicsCapacity };
    } catch (error) {
      // A runtime that stops answering reads as idle; its status says why.
      request.log.warn({ err: error, serviceId: row.id }, 'live metrics unavailable');
      return { sessions: 0, topics: 0, topicsCapacity };
    }
  });

  registerRoute(app, routes.updateInterestedAlerts, async (request) => {
    const row = await updateService(
      app.db,
      serviceOf(request).id,
      { interestedAlerts: request.body.interestedAlerts },
      app.clock(),
    );
    await auditServiceAction(app, request, row, 'service.settings_changed', {
      changed: ['interestedAlerts'],
    });
    return reply(row);
  });

  registerRoute(app, routes.updateAdditionalProperty, async (request) => {
    const row = await updateService(
      app.db,
      serviceOf(request).id,
      { sensitiveData: request.body.sensitiveData },
      app.clock(),
    );
    await auditServiceAction(app, request, row, 'service.settings_changed', {
      changed: ['sensitiveData'],
    });
    return reply(row);
  });

  registerRoute(app, routes.updateConsoleSettings, async (request) => {
    const { hintColor, useConsoleSso } = request.body;
    const row = await updateService(
      app.db,
      serviceOf(request).id,
      { hintColor, ...(useConsoleSso !== undefined && { useConsoleSso }) },
      app.clock(),
    );
    await auditServiceAction(app, request, row, 'service.settings_changed', {
      changed: useConsoleSso !== undefined ? ['hintColor', 'useConsoleSso'] : ['hintColor'],
    });
    return reply(row);
  });

  registerRoute(app, routes.getScheduledUpdate, async (request) => {
    const { scheduledUpdate } = reply(serviceOf(request));
    if (!scheduledUpdate) {
      throw new HttpError(404, ERROR_CODES.notFound, SERVICE_MESSAGES.noScheduledUpdateForService);
    }
    return scheduledUpdate;
  });

  registerRoute(app, routes.scheduleUpdate, async (request) => {
    const current = serviceOf(request);
    const { newHeraldVersion, scheduledTimestamp } = request.body;
    const problem = checkScheduledVersion(catalogue, current.heraldVersion, newHeraldVersion);
    if (problem) {
      throw new HttpError(400, ERROR_CODES.validation, problem, {
        issues: [{ path: 'body.newHeraldVersion', message: problem }],
      });
    }
    const now = app.clock();
    // A time in the past (or now) means immediately.
    const at = Math.max(scheduledTimestamp, now.getTime());
    const row = await updateService(
      app.db,
      current.id,
      { scheduledVersion: newHeraldVersion, scheduledTimestamp: at },
      now,
    );
    await auditServiceAction(app, request, row, 'service.update_scheduled', {
      version: newHeraldVersion,
      at: new Date(at).toISOString(),
    });
    app.provisioner.reconcile(row.id);
    return { newHeraldVersion, scheduledTimestamp: at };
  });

  registerRoute(app, routes.cancelScheduledUpdate, async (request, res) => {
    const current = serviceOf(request);
    if (current.scheduledVersion === null) {
      throw new HttpError(404, ERROR_CODES.notFound, SERVICE_MESSAGES.noScheduledUpdateForService);
    }
    await updateService(
      app.db,
      current.id,
      { scheduledVersion: null, scheduledTimestamp: null },
      app.clock(),
    );
    await auditServiceAction(app, request, current, 'service.update_cancelled', {
      version: current.scheduledVersion,
    });
    app.provisioner.reconcile(current.id);
    return res.code(204).send();
  });

  registerRoute(app, routes.resetTopicTree, async (request, res) => {
    const row = await bumpGeneration(app.db, serviceOf(request).id, 'reset', app.clock());
    await auditServiceAction(app, request, row, 'service.topic_tree_reset');
    app.statusEvents.publishRow(row);
    app.provisioner.reconcile(row.id);
    res.code(202);
    return statusReply(row);
  });

  registerRoute(app, routes.restartService, async (request, res) => {
    const row = await bumpGeneration(app.db, serviceOf(request).id, 'restart', app.clock());
    await auditServiceAction(app, request, row, 'service.restarted');
    app.statusEvents.publishRow(row);
    app.provisioner.reconcile(row.id);
    res.code(202);
    return statusReply(row);
  });

  registerRoute(app, routes.cancelService, async (request, res) => {
    const current = serviceOf(request);
    const actor = await actorOf(app, request);
    const now = app.clock();
    await app.db.transaction(async (tx) => {
      await updateService(tx, current.id, { desiredState: 'deleted' }, now);
      await closePlanPeriod(tx, current.id, now);
      await insertAuditEvent(tx, {
        workspaceId: current.workspaceId,
        actor: { customerId: actor.customerId, email: actor.email },
        action: 'service.cancelled',
        target: current.serviceName,
        details: { serviceId: current.id },
        ipAddress: actor.ipAddress,
        at: now,
      });
    });
    app.provisioner.reconcile(current.id);
    return res.code(204).send();
  });
}
