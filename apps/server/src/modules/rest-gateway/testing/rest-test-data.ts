import type { FastifyInstance } from 'fastify';
import { newSortableId } from '../../../lib/sortable-id';
import { ensureRestAdapter, insertRestApi } from '../rest-adapter.repository';

export interface TestRestApi {
  adapterId: string;
  apiId: string;
  endpointId: string;
}

/**
 * A service's REST adapter (inactive, so no process is asked for) with one API (no authentication) and one endpoint,
 * written directly (the calls that create them are tested on their own): for tests of the calls that read or change
 * them.
 */
export async function insertTestRestApi(
  app: FastifyInstance,
  serviceId: string,
): Promise<TestRestApi> {
  const { adapter } = await ensureRestAdapter(app.db, {
    id: newSortableId(),
    serviceId,
    version: '1.0',
    active: false,
  });
  const apiId = newSortableId();
  const { endpoints } = await insertRestApi(
    app.db,
    {
      id: apiId,
      serviceId,
      label: 'Prices',
      headers: [],
      baseUrl: 'https://prices.example.com/v1',
      baseTopicPath: 'prices',
      queryParameters: [],
    },
    [{ id: newSortableId(), apiId, path: '/eur', pollIntervalMs: 60_000 }],
  );
  return { adapterId: adapter.id, apiId, endpointId: endpoints[0]!.id };
}
