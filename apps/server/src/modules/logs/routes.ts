import { ERROR_CODES } from '@herald/contract/api/errors';
import { routes } from '@herald/contract/api/routes';
import { logSourceMetadata } from '@herald/contract/logs/log-source';
import { LOGS_PAGE_SIZE } from '@herald/contract/logs/logs.schema';
import type { Logs, ParsedLogsQuery } from '@herald/contract/logs/logs.schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { InvalidLogCursorError } from '../../adapters/log-store/log-store';
import type { LogStream } from '../../adapters/log-store/log-store';
import { HttpError } from '../../lib/http-error';
import { registerRoute, serviceOf } from '../../plugins/route-registry';

/**
 * /v3/service/{serviceId}/logs… (spec section 7 "Logs"): pages of one stream of the service's logs from the log
 * store, newest first. The route registry has already checked that the caller is a member of the service's
 * workspace (else 404).
 */
export async function logRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, routes.getEventLogs, (request) =>
    logsPage(app, request, { kind: 'event' }, request.query),
  );
  registerRoute(app, routes.getServiceLogs, (request) =>
    logsPage(app, request, { kind: 'service' }, request.query),
  );
  registerRoute(app, routes.getKafkaAdapterLogs, (request) =>
    logsPage(
      app,
      request,
      { kind: 'kafka-adapter', adapterId: request.params.adapterId },
      request.query,
    ),
  );
  registerRoute(app, routes.getRestAdapterLogs, (request) =>
    logsPage(app, request, { kind: 'rest-adapter' }, request.query),
  );
  registerRoute(app, routes.getLogSources, (request) =>
    app.logStore.sources(serviceOf(request).id),
  );
}

async function logsPage(
  app: FastifyInstance,
  request: FastifyRequest,
  stream: LogStream,
  query: ParsedLogsQuery,
): Promise<Logs> {
  const service = serviceOf(request);
  try {
    const page = await app.logStore.page({
      serviceId: service.id,
      stream,
      ...(query.since !== undefined && { since: query.since }),
      ...(query.until !== undefined && { until: query.until }),
      ...(query.level !== undefined && { level: query.level }),
      ...(query.search !== undefined && { search: query.search }),
      limit: query.limit ?? LOGS_PAGE_SIZE.default,
      ...(query.cursor !== undefined && { cursor: query.cursor }),
      ...(query.after !== undefined && { after: query.after }),
    });
    return {
      logDetails: page.entries,
      metadata: {
        ...logSourceMetadata(
          stream.kind,
          service.serviceName,
          stream.kind === 'kafka-adapter' ? stream.adapterId : undefined,
        ),
        hasMoreLogs: page.hasMore,
        cursor: page.cursor,
      },
    };
  } catch (error) {
    if (error instanceof InvalidLogCursorError) {
      const path = `query.${error.parameter}`;
      throw new HttpError(
        400,
        ERROR_CODES.validation,
        `Invalid request: ${path}: ${error.message}`,
        {
          issues: [{ path, message: error.message }],
        },
      );
    }
    throw error;
  }
}
