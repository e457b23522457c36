import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { levels } from 'pino';
import type { Level } from 'pino';

/** A request slower than this is logged at warn whatever the log level: it is worth an operator's look. */
export const SLOW_REQUEST_MS = 1000;

/**
 * The level of a finished request's log record: failures (5xx) at error, slow requests at warn, the rest at debug.
 * Logging every request at info cost throughput and filled disks (issue 9); client errors (4xx) are the caller's
 * business and stay at debug too.
 */
export function requestLogLevel(statusCode: number, responseTimeMs: number): Level {
  if (statusCode >= 500) return 'error';
  if (responseTimeMs > SLOW_REQUEST_MS) return 'warn';
  return 'debug';
}

function logCompletedRequest(request: FastifyRequest, reply: FastifyReply): void {
  const responseTime = reply.elapsedTime;
  const level = requestLogLevel(reply.statusCode, responseTime);
  // Cheap when the level is off: nothing is serialized.
  const threshold = levels.values[request.log.level];
  if (threshold === undefined || (levels.values[level] ?? 0) < threshold) return;
  // request.log carries the requestId; the `req` serializer (lib/logger.ts) redacts token-bearing query values.
  request.log[level](
    { req: request, statusCode: reply.statusCode, responseTime: Math.round(responseTime) },
    'request completed',
  );
}

/**
 * One log record per request, when it finishes (Fastify's own per-request logging is off: disableRequestLogging
 * in app.ts). See docs/decisions/011.
 */
async function requestLogging(app: FastifyInstance): Promise<void> {
  app.addHook('onResponse', async (request, reply) => logCompletedRequest(request, reply));
}

export const requestLoggingPlugin = fp(requestLogging, { name: 'herald-request-logging' });
