import { routes } from '@herald/contract/api/routes';
import type { AuditAction } from '@herald/contract/members/member.schema';
import { REST_ADAPTER_PROCESS_PATHS } from '@herald/contract/rest-adapters/rest-adapter-process';
import type { RestPreviewRequest } from '@herald/contract/rest-adapters/rest-adapter-process';
import {
  mergeRestAuthentication,
  restAdapterVersionChoice,
  restEndpointSettings,
} from '@herald/contract/rest-adapters/rest-adapter-rules';
import type { restApiInputSchema } from '@herald/contract/rest-adapters/rest-api.schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { newSortableId } from '../../lib/sortable-id';
import { registerRoute, serviceOf } from '../../plugins/route-registry';
import { catalogueOf } from '../service/catalogue';
import { auditServiceAction } from '../service/service-audit';
import type { ServiceRow } from '../service/service.repository';
import {
  bumpRestAdapterRestart,
  deleteRestApi,
  deleteRestEndpoint,
  ensureRestAdapter,
  findRestAdapterOfService,
  insertRestApi,
  insertRestEndpoint,
  listRestApiRows,
  loadRestApiTrees,
  updateRestAdapter,
  updateRestApi,
  updateRestEndpoint,
} from './rest-adapter.repository';
import type { RestApiRow, RestApiTree } from './rest-adapter.repository';
import {
  authenticationColumns,
  storedAuthentication,
  toProcessApi,
  toRestAdapterService,
  toRestApi,
  toRestEndpoint,
} from './rest-adapter.mapper';
import { askRunningRestAdapter, readRestAdapterState } from './rest-adapter-state';
import {
  assertRestAdapterMayRun,
  badField,
  requireRestApi,
  requireRestEndpoint,
} from './rest-gateway.service';

type ApiInput = z.output<typeof restApiInputSchema>;

/** /v3/service/{serviceId}/rest (spec section 7 "REST adapter", issue 28; docs/decisions/052). */
export async function restGatewayRoutes(app: FastifyInstance): Promise<void> {
  const { adapterVersions } = catalogueOf(app).metadata;

  const audit = (
    request: FastifyRequest,
    row: ServiceRow,
    action: AuditAction,
    details: Record<string, unknown>,
  ) => auditServiceAction(app, request, row, action, details);

  /**
   * After a change of the service's APIs or endpoints: its adapter's process restarts on them (restart generation),
   * the change is audited with what changed (never a secret, header or query value), and the service reconciled.
   */
  async function changed(
    request: FastifyRequest,
    row: ServiceRow,
    details: { part: 'api' | 'endpoint'; name: string; change: 'added' | 'changed' | 'removed' },
  ): Promise<void> {
    await bumpRestAdapterRestart(app.db, row.id, app.clock());
    await audit(request, row, 'service.rest_adapter_configured', details);
    app.provisioner.reconcile(row.id);
  }

  /** The API's columns from its input, the authentication merged with the stored secret (write-only). */
  function apiColumns(input: ApiInput, stored?: RestApiRow) {
    const merged = mergeRestAuthentication(
      input.authentication,
      stored && storedAuthentication(stored, app.secretBox),
    );
    if (!merged.ok) throw badField(merged.field, merged.message);
    return {
      label: input.label,
      headers: input.headers,
      baseUrl: input.baseUrl,
      baseTopicPath: input.baseTopicPath,
      queryParameters: input.queryParameters,
      ...authenticationColumns(merged.authentication, app.secretBox),
    };
  }

  const treeOf = async (api: RestApiRow): Promise<RestApiTree> =>
    (await loadRestApiTrees(app.db, [api]))[0]!;

  registerRoute(app, routes.listRestApis, async (request) => {
    const trees = await loadRestApiTrees(
      app.db,
      await listRestApiRows(app.db, serviceOf(request).id),
    );
    return trees.map(toRestApi);
  });

  registerRoute(app, routes.createRestApi, async (request, res) => {
    const row = serviceOf(request);
    const { endpoints = [], ...input } = request.body;
    const columns = apiColumns(input);
    const now = app.clock();
    // The first API creates the service's adapter (at the newest version it admits) when upsert-service did not.
    if (!(await findRestAdapterOfService(app.db, row.id))) {
      await assertRestAdapterMayRun(app, row);
      const choice = restAdapterVersionChoice(
        adapterVersions,
        row.heraldVersion,
        undefined,
        undefined,
      );
      if (!choice.ok) throw badField('version', choice.message);
      const { adapter, created } = await ensureRestAdapter(app.db, {
        id: newSortableId(now.getTime()),
        serviceId: row.id,
        version: choice.version,
        active: true,
        createdAt: now,
        updatedAt: now,
      });
      if (created) {
        await audit(request, row, 'service.rest_adapter_saved', {
          adapterId: adapter.id,
          created: true,
          version: adapter.version,
          active: adapter.active,
        });
      }
    }
    const apiId = newSortableId(now.getTime());
    const tree = await insertRestApi(
      app.db,
      { id: apiId, serviceId: row.id, ...columns, createdAt: now, updatedAt: now },
      endpoints.map((endpoint, index) => ({
        id: newSortableId(now.getTime() + index),
        apiId,
        ...restEndpointSettings(endpoint),
        createdAt: now,
        updatedAt: now,
      })),
    );
    await changed(request, row, { part: 'api', name: tree.api.label, change: 'added' });
    res.code(201);
    return toRestApi(tree);
  });

  registerRoute(app, routes.updateRestApi, async (request) => {
    const row = serviceOf(request);
    const stored = await requireRestApi(app, row.id, request.params.apiId);
    const api = await updateRestApi(app.db, stored.id, {
      ...apiColumns(request.body, stored),
      updatedAt: app.clock(),
    });
    await changed(request, row, { part: 'api', name: api.label, change: 'changed' });
    return toRestApi(await treeOf(api));
  });

  registerRoute(app, routes.deleteRestApi, async (request, res) => {
    const row = serviceOf(request);
    const api = await requireRestApi(app, row.id, request.params.apiId);
    // Its endpoints go with it (foreign key, on delete cascade).
    await deleteRestApi(app.db, api.id);
    await changed(request, row, { part: 'api', name: api.label, change: 'removed' });
    return res.code(204).send();
  });

  registerRoute(app, routes.createRestEndpoint, async (request, res) => {
    const row = serviceOf(request);
    const api = await requireRestApi(app, row.id, request.params.apiId);
    const now = app.clock();
    const endpoint = await insertRestEndpoint(app.db, {
      id: newSortableId(now.getTime()),
      apiId: api.id,
      ...restEndpointSettings(request.body),
      createdAt: now,
      updatedAt: now,
    });
    await changed(request, row, { part: 'endpoint', name: endpoint.path, change: 'added' });
    res.code(201);
    return toRestEndpoint(endpoint);
  });

  registerRoute(app, routes.updateRestEndpoint, async (request) => {
    const row = serviceOf(request);
    const api = await requireRestApi(app, row.id, request.params.apiId);
    const stored = await requireRestEndpoint(app, api.id, request.params.endpointId);
    const endpoint = await updateRestEndpoint(app.db, stored.id, {
      ...restEndpointSettings(request.body),
      updatedAt: app.clock(),
    });
    await changed(request, row, { part: 'endpoint', name: endpoint.path, change: 'changed' });
    return toRestEndpoint(endpoint);
  });

  registerRoute(app, routes.deleteRestEndpoint, async (request, res) => {
    const row = serviceOf(request);
    const api = await requireRestApi(app, row.id, request.params.apiId);
    const endpoint = await requireRestEndpoint(app, api.id, request.params.endpointId);
    await deleteRestEndpoint(app.db, endpoint.id);
    await changed(request, row, { part: 'endpoint', name: endpoint.path, change: 'removed' });
    return res.code(204).send();
  });

  registerRoute(app, routes.upsertRestAdapterService, async (request) => {
    const row = serviceOf(request);
    const current = await findRestAdapterOfService(app.db, row.id);
    const choice = restAdapterVersionChoice(
      adapterVersions,
      row.heraldVersion,
      request.body.version,
      current?.version,
    );
    if (!choice.ok) throw badField('version', choice.message);
    const now = app.clock();
    const values = {
      version: choice.version,
      active: request.body.active ?? current?.active ?? true,
    };
    if (values.active && current?.active !== true) await assertRestAdapterMayRun(app, row);
    const adapter = current
      ? await updateRestAdapter(app.db, current.id, values, now)
      : (
          await ensureRestAdapter(app.db, {
            id: newSortableId(now.getTime()),
            serviceId: row.id,
            ...values,
            createdAt: now,
            updatedAt: now,
          })
        ).adapter;
    await audit(request, row, 'service.rest_adapter_saved', {
      adapterId: adapter.id,
      created: current === undefined,
      version: adapter.version,
      active: adapter.active,
    });
    // A new version or activation is the loop's to apply (a version change restarts the process on it).
    app.provisioner.reconcile(row.id);
    return toRestAdapterService(adapter);
  });

  registerRoute(app, routes.getRestAdapterState, async (request) =>
    readRestAdapterState(app, serviceOf(request)),
  );

  registerRoute(app, routes.pollRestEndpoint, async (request) => {
    const row = serviceOf(request);
    const api = await requireRestApi(app, row.id, request.params.apiId);
    const endpoint = await requireRestEndpoint(app, api.id, request.params.endpointId);
    return askRunningRestAdapter(app, row, REST_ADAPTER_PROCESS_PATHS.poll, {
      apiId: api.id,
      endpointId: endpoint.id,
    });
  });

  registerRoute(app, routes.previewRestEndpoint, async (request) => {
    const row = serviceOf(request);
    const api = await requireRestApi(app, row.id, request.params.apiId);
    const body: RestPreviewRequest = {
      api: toProcessApi(api, app.secretBox),
      endpoint: {
        path: request.body.path,
        topicPath: request.body.topicPath ?? null,
        valuePointer:
          request.body.valuePointer === undefined || request.body.valuePointer === ''
            ? null
            : request.body.valuePointer,
      },
    };
    return askRunningRestAdapter(app, row, REST_ADAPTER_PROCESS_PATHS.preview, body);
  });
}
