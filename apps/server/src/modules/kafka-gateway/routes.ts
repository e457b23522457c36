import { ERROR_CODES } from '@herald/contract/api/errors';
import { routes } from '@herald/contract/api/routes';
import {
  ADAPTER_VERSION_MESSAGES,
  KAFKA_NOT_FOUND_MESSAGES,
  adapterUpgradeVerdict,
  newKafkaAdapterVersion,
  scheduledAdapterVersionProblem,
} from '@herald/contract/kafka/kafka-adapter-rules';
import { SERVICE_MESSAGES } from '@herald/contract/messages';
import type { AuditAction } from '@herald/contract/members/member.schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createUpdateScheduler } from '../../adapters/provisioner/reconcile/update-scheduler';
import { newSortableId } from '../../lib/sortable-id';
import { HttpError } from '../../lib/http-error';
import { registerRoute, serviceOf } from '../../plugins/route-registry';
import { catalogueOf } from '../service/catalogue';
import { auditServiceAction } from '../service/service-audit';
import type { ServiceRow } from '../service/service.repository';
import {
  applyDueAdapterUpgrade,
  bumpAdapterRestart,
  deleteAdapter,
  deleteCluster,
  deleteKafkaService,
  findKafkaService,
  insertAdapter,
  insertCluster,
  insertKafkaService,
  listAdapterRows,
  loadTrees,
  nextScheduledAdapterUpgrade,
  updateAdapter,
  updateCluster,
  updateKafkaService,
} from './kafka-adapter.repository';
import type { KafkaAdapterRow, KafkaServiceRow } from './kafka-adapter.repository';
import {
  clusterColumns,
  clusterInClear,
  publisherSettings,
  subscriberSettings,
  toKafkaAdapterRecord,
  toKafkaService,
} from './kafka-adapter.mapper';
import { readAdapterState } from './kafka-adapter-state';
import {
  assertAdapterMayRun,
  assertMayCreateAdapter,
  requireAdapter,
  requireCluster,
  testConnection,
} from './kafka-gateway.service';

function badField(field: string, message: string): HttpError {
  return new HttpError(400, ERROR_CODES.validation, message, {
    issues: [{ path: `body.${field}`, message }],
  });
}

/** /v3/service/{serviceId}/gateway-kafka-adapters and /adapters/{type}/{adapterId} (spec section 7 "Kafka gateway"). */
export async function kafkaGatewayRoutes(app: FastifyInstance): Promise<void> {
  const catalogue = catalogueOf(app);
  const { adapterVersions } = catalogue.metadata;

  // Scheduled adapter upgrades: one timer for the nearest, as the services' (reconcile/update-scheduler.ts). When it
  // is due the upgrade is applied to the row and the service reconciled: the loop restarts the adapter on it.
  const scheduler = createUpdateScheduler({
    store: { nextScheduledUpdate: () => nextScheduledAdapterUpgrade(app.db) },
    clock: app.clock,
    logger: app.log,
    onDue: (serviceId) => {
      void (async () => {
        for (const row of await listAdapterRows(app.db, serviceId)) {
          await applyDueAdapterUpgrade(app.db, row, app.clock());
        }
        app.provisioner.reconcile(serviceId);
        scheduler.arm();
      })().catch((error: unknown) =>
        app.log.error({ err: error, serviceId }, 'Applying a scheduled adapter upgrade failed'),
      );
    },
  });
  app.addHook('onReady', async () => scheduler.arm());
  app.addHook('onClose', async () => scheduler.stop());

  const audit = (
    request: FastifyRequest,
    row: ServiceRow,
    action: AuditAction,
    adapter: Pick<KafkaAdapterRow, 'id' | 'label'>,
    details: Record<string, unknown> = {},
  ) =>
    auditServiceAction(app, request, row, action, {
      adapterId: adapter.id,
      label: adapter.label,
      ...details,
    });

  /**
   * A change of what the adapter runs with: the service's adapter found (404 otherwise), `write` done on it, then its
   * process restarted on it (item 3), the change audited with the written part's name, and the service reconciled.
   */
  async function configure<T extends { label: string }>(
    request: FastifyRequest & { params: { adapterId: string } },
    details: { part: 'cluster' | 'publisher' | 'subscriber'; change: string },
    write: (adapter: KafkaAdapterRow) => Promise<T>,
  ): Promise<{ adapter: KafkaAdapterRow; written: T }> {
    const row = serviceOf(request);
    const adapter = await requireAdapter(app, row.id, request.params.adapterId);
    const written = await write(adapter);
    await bumpAdapterRestart(app.db, adapter.id, app.clock());
    await audit(request, row, 'service.kafka_adapter_configured', adapter, {
      part: details.part,
      name: written.label,
      change: details.change,
    });
    app.provisioner.reconcile(row.id);
    return { adapter, written };
  }

  registerRoute(app, routes.createKafkaAdapter, async (request, res) => {
    const row = serviceOf(request);
    await assertMayCreateAdapter(app, row);
    await assertAdapterMayRun(app, row);
    const version = newKafkaAdapterVersion(adapterVersions, row.heraldVersion);
    if (version === null) {
      throw new HttpError(
        400,
        ERROR_CODES.badRequest,
        ADAPTER_VERSION_MESSAGES.noVersionForService(row.heraldVersion),
      );
    }
    const now = app.clock();
    const adapter = await insertAdapter(app.db, {
      id: newSortableId(now.getTime()),
      serviceId: row.id,
      label: request.body.label,
      reconnectInterval: request.body.reconnectInterval,
      haEnabled: request.body.haEnabled,
      version,
      active: true,
      createdAt: now,
      updatedAt: now,
    });
    await audit(request, row, 'service.kafka_adapter_created', adapter);
    app.provisioner.reconcile(row.id);
    res.code(201);
    return { id: adapter.id };
  });

  registerRoute(app, routes.listKafkaAdapters, async (request) => {
    const trees = await loadTrees(app.db, await listAdapterRows(app.db, serviceOf(request).id));
    return trees.map((tree) => toKafkaAdapterRecord(tree, app.secretBox));
  });

  registerRoute(app, routes.getKafkaAdapterState, async (request) => {
    const row = serviceOf(request);
    return readAdapterState(app, row, await requireAdapter(app, row.id, request.params.adapterId));
  });

  for (const [route, active] of [
    [routes.enableKafkaAdapter, true],
    [routes.disableKafkaAdapter, false],
  ] as const) {
    registerRoute(app, route, async (request) => {
      const row = serviceOf(request);
      const current = await requireAdapter(app, row.id, request.params.adapterId);
      if (active) await assertAdapterMayRun(app, row);
      const adapter = await updateAdapter(app.db, current.id, { active }, app.clock());
      await audit(
        request,
        row,
        active ? 'service.kafka_adapter_enabled' : 'service.kafka_adapter_disabled',
        adapter,
      );
      app.provisioner.reconcile(row.id);
      return { id: adapter.id, active: adapter.active };
    });
  }

  registerRoute(app, routes.deleteKafkaAdapter, async (request, res) => {
    const row = serviceOf(request);
    const adapter = await requireAdapter(app, row.id, request.params.adapterId);
    await deleteAdapter(app.db, adapter.id);
    await audit(request, row, 'service.kafka_adapter_deleted', adapter);
    // Its process is stopped and forgotten by the loop (the row is gone).
    app.provisioner.reconcile(row.id);
    return res.code(204).send();
  });

  registerRoute(app, routes.createKafkaCluster, async (request, res) => {
    const { written: cluster } = await configure(
      request,
      { part: 'cluster', change: 'added' },
      async (adapter) => {
        const now = app.clock();
        return insertCluster(app.db, {
          id: newSortableId(now.getTime()),
          adapterId: adapter.id,
          ...clusterColumns(request.body, app.secretBox),
          createdAt: now,
          updatedAt: now,
        });
      },
    );
    res.code(201);
    return { id: cluster.id };
  });

  registerRoute(app, routes.updateKafkaCluster, async (request) => {
    const { adapter, written: cluster } = await configure(
      request,
      { part: 'cluster', change: 'changed' },
      async (adapter) => {
        const stored = await requireCluster(app, adapter.id, request.params.clusterId);
        return updateCluster(app.db, stored.id, {
          ...clusterColumns(request.body, app.secretBox, clusterInClear(stored, app.secretBox)),
          updatedAt: app.clock(),
        });
      },
    );
    const [tree] = await loadTrees(app.db, [adapter]);
    const record = toKafkaAdapterRecord(tree!, app.secretBox);
    return record.kafkaClusterConfigs.find((item) => item.id === cluster.id)!;
  });

  registerRoute(app, routes.deleteKafkaCluster, async (request, res) => {
    await configure(request, { part: 'cluster', change: 'removed' }, async (adapter) => {
      const cluster = await requireCluster(app, adapter.id, request.params.clusterId);
      // Its publishers and subscribers go with it (foreign keys, on delete cascade).
      await deleteCluster(app.db, cluster.id);
      return cluster;
    });
    return res.code(204).send();
  });

  const itemKinds = {
    publisher: { type: 'PUBLISHING_SERVICE', notFound: KAFKA_NOT_FOUND_MESSAGES.publisher },
    subscriber: { type: 'SUBSCRIPTION_SERVICE', notFound: KAFKA_NOT_FOUND_MESSAGES.subscriber },
  } as const;

  /** The cluster's publisher or subscriber `id` (a publisher's id on a subscriber path is not found). */
  async function requireItem(
    part: keyof typeof itemKinds,
    clusterId: string,
    id: string,
  ): Promise<KafkaServiceRow> {
    const item = await findKafkaService(app.db, clusterId, id, itemKinds[part].type);
    if (!item) throw new HttpError(404, ERROR_CODES.notFound, itemKinds[part].notFound);
    return item;
  }

  type ItemRequest = FastifyRequest & {
    params: { adapterId: string; clusterId: string };
    body: { label: string };
  };

  /** Adds a publisher or subscriber (its `settings` from the body) to the path's cluster. */
  async function addItem(
    request: ItemRequest,
    part: keyof typeof itemKinds,
    settings: () => Record<string, unknown>,
  ): Promise<KafkaServiceRow> {
    const { written } = await configure(request, { part, change: 'added' }, async (adapter) => {
      const cluster = await requireCluster(app, adapter.id, request.params.clusterId);
      const now = app.clock();
      return insertKafkaService(app.db, {
        id: newSortableId(now.getTime()),
        adapterId: adapter.id,
        clusterId: cluster.id,
        type: itemKinds[part].type,
        label: request.body.label,
        settings: settings(),
        createdAt: now,
        updatedAt: now,
      });
    });
    return written;
  }

  /** Replaces the path's publisher or subscriber `id` (its `settings` from the body). */
  async function updateItem(
    request: ItemRequest,
    part: keyof typeof itemKinds,
    id: string,
    settings: () => Record<string, unknown>,
  ): Promise<KafkaServiceRow> {
    const { written } = await configure(request, { part, change: 'changed' }, async (adapter) => {
      await requireCluster(app, adapter.id, request.params.clusterId);
      const stored = await requireItem(part, request.params.clusterId, id);
      return updateKafkaService(app.db, stored.id, {
        label: request.body.label,
        settings: settings(),
        updatedAt: app.clock(),
      });
    });
    return written;
  }

  /** Deletes the path's publisher or subscriber `id`. */
  async function removeItem(
    request: FastifyRequest & { params: { adapterId: string; clusterId: string } },
    part: keyof typeof itemKinds,
    id: string,
  ): Promise<void> {
    await configure(request, { part, change: 'removed' }, async (adapter) => {
      await requireCluster(app, adapter.id, request.params.clusterId);
      const item = await requireItem(part, request.params.clusterId, id);
      await deleteKafkaService(app.db, item.id);
      return item;
    });
  }

  registerRoute(app, routes.createKafkaPublisher, async (request, res) => {
    const item = await addItem(request, 'publisher', () => publisherSettings(request.body));
    res.code(201);
    return { id: item.id };
  });

  registerRoute(app, routes.createKafkaSubscriber, async (request, res) => {
    const item = await addItem(request, 'subscriber', () => subscriberSettings(request.body));
    res.code(201);
    return { id: item.id };
  });

  registerRoute(app, routes.updateKafkaPublisher, async (request) => {
    const item = await updateItem(request, 'publisher', request.params.publisherId, () =>
      publisherSettings(request.body),
    );
    const reply = toKafkaService(item);
    if (reply.type !== 'PUBLISHING_SERVICE') throw new Error('a publisher row of another type');
    return reply;
  });

  registerRoute(app, routes.updateKafkaSubscriber, async (request) => {
    const item = await updateItem(request, 'subscriber', request.params.subscriberId, () =>
      subscriberSettings(request.body),
    );
    const reply = toKafkaService(item);
    if (reply.type !== 'SUBSCRIPTION_SERVICE') throw new Error('a subscriber row of another type');
    return reply;
  });

  registerRoute(app, routes.deleteKafkaPublisher, async (request, res) => {
    await removeItem(request, 'publisher', request.params.publisherId);
    return res.code(204).send();
  });

  registerRoute(app, routes.deleteKafkaSubscriber, async (request, res) => {
    await removeItem(request, 'subscriber', request.params.subscriberId);
    return res.code(204).send();
  });

  registerRoute(app, routes.testKafkaConnection, async (request) =>
    testConnection(app, serviceOf(request), request.body),
  );

  /**
   * The adapter of an upgrade path: only Kafka gateway adapters; a service's REST adapter changes version through
   * POST /rest/upsert-service (docs/decisions/052).
   */
  async function upgradeTarget(request: {
    params: { serviceId: string; type: string; adapterId: string };
  }): Promise<KafkaAdapterRow> {
    if (request.params.type !== 'kafka-gateway') {
      throw new HttpError(
        404,
        ERROR_CODES.notFound,
        KAFKA_NOT_FOUND_MESSAGES.adapterType(request.params.type),
      );
    }
    return requireAdapter(app, request.params.serviceId, request.params.adapterId);
  }

  registerRoute(app, routes.getAdapterScheduledUpgrade, async (request) => {
    const adapter = await upgradeTarget(request);
    if (adapter.scheduledVersion === null || adapter.scheduledTimestamp === null) {
      throw new HttpError(404, ERROR_CODES.notFound, SERVICE_MESSAGES.noScheduledUpdateForAdapter);
    }
    return {
      adapterId: adapter.id,
      newVersion: adapter.scheduledVersion,
      scheduledTimestamp: adapter.scheduledTimestamp,
    };
  });

  registerRoute(app, routes.scheduleAdapterUpgrade, async (request) => {
    const row = serviceOf(request);
    const current = await upgradeTarget(request);
    const { newVersion, scheduledTimestamp } = request.body;
    const problem = scheduledAdapterVersionProblem(
      adapterVersions,
      row.heraldVersion,
      current.version,
      newVersion,
    );
    if (problem) throw badField('newVersion', problem);
    const now = app.clock();
    // A time in the past (or now) means immediately, as for a service.
    const at = Math.max(scheduledTimestamp, now.getTime());
    const adapter = await updateAdapter(
      app.db,
      current.id,
      { scheduledVersion: newVersion, scheduledTimestamp: at },
      now,
    );
    await audit(request, row, 'service.adapter_upgrade_scheduled', adapter, {
      version: newVersion,
      at: new Date(at).toISOString(),
    });
    scheduler.arm();
    return { adapterId: adapter.id, newVersion, scheduledTimestamp: at };
  });

  registerRoute(app, routes.cancelAdapterScheduledUpgrade, async (request, res) => {
    const row = serviceOf(request);
    const current = await upgradeTarget(request);
    if (current.scheduledVersion === null) {
      throw new HttpError(404, ERROR_CODES.notFound, SERVICE_MESSAGES.noScheduledUpdateForAdapter);
    }
    const adapter = await updateAdapter(
      app.db,
      current.id,
      { scheduledVersion: null, scheduledTimestamp: null },
      app.clock(),
    );
    await audit(request, row, 'service.adapter_upgrade_cancelled', adapter, {
      version: current.scheduledVersion,
    });
    scheduler.arm();
    return res.code(204).send();
  });

  registerRoute(app, routes.upgradeAdapter, async (request) => {
    const row = serviceOf(request);
    const current = await upgradeTarget(request);
    const verdict = adapterUpgradeVerdict(
      adapterVersions,
      row.heraldVersion,
      current.version,
      request.body.newVersion,
    );
    if (verdict.kind === 'refused') throw badField('newVersion', verdict.message);
    if (verdict.kind === 'latest')
      return { upgradeType: 'latest' as const, version: verdict.version };
    // An upgrade now replaces any scheduled one.
    const adapter = await updateAdapter(
      app.db,
      current.id,
      { version: verdict.version, scheduledVersion: null, scheduledTimestamp: null },
      app.clock(),
    );
    await audit(request, row, 'service.adapter_upgraded', adapter, { version: verdict.version });
    app.provisioner.reconcile(row.id);
    scheduler.arm();
    return { upgradeType: 'version' as const, version: verdict.version };
  });
}
