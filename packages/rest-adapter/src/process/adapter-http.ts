import type { Server } from 'node:http';
import type { CallerAuth } from '@herald/adapter-kit/caller-auth';
import {
  LoopbackRequestError,
  readJsonBody,
  startLoopbackHttp,
} from '@herald/adapter-kit/loopback-http';
import { ERROR_CODES } from '@herald/contract/api/errors';
import {
  REST_ADAPTER_PROCESS_PATHS as PATHS,
  restPollNowRequestSchema,
  restPreviewRequestSchema,
} from '@herald/contract/rest-adapters/rest-adapter-process';
import type { Logger } from '@herald/runtime/log';
import type { Scheduler } from '../poll/scheduler';
import type { RestMetrics } from './rest-metrics';

/**
 * The REST adapter's loopback endpoints (REST_ADAPTER_PROCESS_PATHS, docs/decisions/051) on adapter-kit's skeleton:
 * /health for anyone; /identity, /state, POST /poll and POST /preview for the adapter's own credential; /metrics
 * also for the metrics token. Bodies are checked with the contract's schemas (a 400 names the field); an unknown
 * endpoint for /poll is a 404.
 */
export function startRestAdapterHttp(
  context: {
    workloadId: string;
    adapterId: string;
    auth: CallerAuth;
    scheduler: Scheduler;
    metrics: RestMetrics;
    log: Logger;
  },
  port: number,
): Promise<Server> {
  const { scheduler } = context;
  return startLoopbackHttp(
    {
      label: 'REST adapter',
      name: 'rest-adapter',
      auth: context.auth,
      log: context.log,
      routes: [
        {
          method: 'GET',
          path: PATHS.health,
          who: 'anyone',
          handle: () => ({ status: 200, json: { status: 'ok' } }),
        },
        {
          method: 'GET',
          path: PATHS.identity,
          who: 'adapter',
          handle: () => ({
            status: 200,
            json: { workloadId: context.workloadId, pid: process.pid },
          }),
        },
        {
          method: 'GET',
          path: PATHS.state,
          who: 'adapter',
          handle: () => ({ status: 200, json: { endpoints: scheduler.states() } }),
        },
        {
          method: 'GET',
          path: PATHS.metrics,
          who: 'metrics',
          handle: () => ({
            status: 200,
            contentType: 'text/plain; version=0.0.4; charset=utf-8',
            text: context.metrics.render(
              context.adapterId,
              scheduler.states(),
              process.memoryUsage.rss(),
            ),
          }),
        },
        {
          method: 'POST',
          path: PATHS.poll,
          who: 'adapter',
          async handle(request) {
            const { apiId, endpointId } = await readJsonBody(request, restPollNowRequestSchema);
            const result = await scheduler.pollNow(apiId, endpointId);
            if (result === null) {
              throw new LoopbackRequestError(
                404,
                ERROR_CODES.notFound,
                `the adapter polls no endpoint "${endpointId}" of API "${apiId}"`,
              );
            }
            return { status: 200, json: result };
          },
        },
        {
          method: 'POST',
          path: PATHS.preview,
          who: 'adapter',
          async handle(request) {
            const body = await readJsonBody(request, restPreviewRequestSchema);
            try {
              new URL(body.api.baseUrl);
            } catch {
              throw new LoopbackRequestError(
                400,
                ERROR_CODES.validation,
                "the API's base URL is not a URL",
                [{ path: 'api.baseUrl', message: 'Enter an http:// or https:// URL' }],
              );
            }
            return { status: 200, json: await scheduler.preview(body) };
          },
        },
      ],
    },
    port,
  );
}
