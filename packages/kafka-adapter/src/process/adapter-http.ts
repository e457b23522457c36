import { createServer, type Server } from 'node:http';
import { ERROR_CODES } from '@herald/contract/api/errors';
import type { Logger } from '@herald/runtime/log';
import type { CallerAuth } from './caller-auth';
import type { AdapterState } from './adapter-state';
import { renderAdapterMetrics } from './adapter-metrics';

/**
 * The adapter's loopback HTTP endpoints (docs/decisions/048): GET /health (readiness of the process, not of Kafka),
 * GET /identity (the re-attach proof createAdapterKind asks for), GET /state and GET /metrics. Errors use the
 * control plane's envelope `{ code, message, requestId }`.
 */
export interface AdapterHttpContext {
  workloadId: string;
  adapterId: string;
  auth: CallerAuth;
  state(): AdapterState;
  log: Logger;
}

let requestCount = 0;

export async function startAdapterHttp(context: AdapterHttpContext, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const requestId = `kafka-adapter-${process.pid}-${(requestCount += 1)}`;
    const send = (status: number, body: unknown) => {
      response.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
      });
      response.end(JSON.stringify(body));
    };
    const fail = (status: number, code: string, message: string) =>
      send(status, { code, message, requestId });
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const route = async () => {
      if (request.method !== 'GET')
        return fail(404, ERROR_CODES.notFound, `no route ${request.method} ${url.pathname}`);
      switch (url.pathname) {
        case '/health':
          return send(200, { status: 'ok' });
        case '/identity':
        case '/state': {
          if (!(await context.auth.isAdapter(request))) {
            return fail(
              401,
              ERROR_CODES.unauthorized,
              'a Bearer token of this Kafka adapter is required',
            );
          }
          return url.pathname === '/identity'
            ? send(200, { workloadId: context.workloadId, pid: process.pid })
            : send(200, context.state());
        }
        case '/metrics': {
          if (!(await context.auth.mayReadMetrics(request))) {
            return fail(
              401,
              ERROR_CODES.unauthorized,
              'a Bearer token of this Kafka adapter or its metrics token is required',
            );
          }
          response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' });
          response.end(
            renderAdapterMetrics(context.adapterId, context.state(), process.memoryUsage.rss()),
          );
          return;
        }
        default:
          return fail(404, ERROR_CODES.notFound, `no route GET ${url.pathname}`);
      }
    };
    route().catch((error: unknown) => {
      context.log.error('adapter HTTP request failed', {
        path: url.pathname,
        error: String(error),
      });
      if (!response.headersSent) fail(500, ERROR_CODES.internal, 'the request failed');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}
