import type { Server } from 'node:http';
import type { CallerAuth } from '@herald/adapter-kit/caller-auth';
import { startLoopbackHttp } from '@herald/adapter-kit/loopback-http';
import type { Logger } from '@herald/runtime/log';
import type { AdapterState } from './adapter-state';
import { renderAdapterMetrics } from './adapter-metrics';

/**
 * The adapter's loopback HTTP endpoints (docs/decisions/048): GET /health (readiness of the process, not of Kafka),
 * GET /identity (the re-attach proof createAdapterKind asks for), GET /state and GET /metrics, on the shared
 * skeleton (adapter-kit's loopback-http: who may call, the error envelope).
 */
export interface AdapterHttpContext {
  workloadId: string;
  adapterId: string;
  auth: CallerAuth;
  state(): AdapterState;
  log: Logger;
}

export function startAdapterHttp(context: AdapterHttpContext, port: number): Promise<Server> {
  return startLoopbackHttp(
    {
      label: 'Kafka adapter',
      name: 'kafka-adapter',
      auth: context.auth,
      log: context.log,
      routes: [
        {
          method: 'GET',
          path: '/health',
          who: 'anyone',
          handle: () => ({ status: 200, json: { status: 'ok' } }),
        },
        {
          method: 'GET',
          path: '/identity',
          who: 'adapter',
          handle: () => ({
            status: 200,
            json: { workloadId: context.workloadId, pid: process.pid },
          }),
        },
        {
          method: 'GET',
          path: '/state',
          who: 'adapter',
          handle: () => ({ status: 200, json: context.state() }),
        },
        {
          method: 'GET',
          path: '/metrics',
          who: 'metrics',
          handle: () => ({
            status: 200,
            contentType: 'text/plain; version=0.0.4; charset=utf-8',
            text: renderAdapterMetrics(
              context.adapterId,
              context.state(),
              process.memoryUsage.rss(),
            ),
          }),
        },
      ],
    },
    port,
  );
}
