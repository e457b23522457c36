import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { z } from 'zod';
import { ERROR_CODES } from '@herald/contract/api/errors';
import type { Logger } from '@herald/runtime/log';
import type { CallerAuth } from './caller-auth';

/**
 * An adapter's loopback HTTP endpoints (docs/decisions/048, 051): a table of routes, each saying who may call it
 * (anyone: /health; the adapter's own credential; or also the metrics token: /metrics), answered in JSON or text;
 * refusals and bad bodies in the control plane's envelope `{ code, message, requestId, issues? }`; a handler that
 * throws is logged and answered 500 without its message.
 */
export type LoopbackAnswer =
  { status: number; json: unknown } | { status: number; text: string; contentType: string };

export interface LoopbackRoute {
  method: 'GET' | 'POST';
  path: string;
  who: 'anyone' | 'adapter' | 'metrics';
  handle(request: IncomingMessage): Promise<LoopbackAnswer> | LoopbackAnswer;
}

export interface LoopbackHttpOptions {
  /** In refusals: "a Bearer token of this {label} is required". */
  label: string;
  /** Prefix of the request ids. */
  name: string;
  auth: CallerAuth;
  routes: readonly LoopbackRoute[];
  log: Logger;
}

/** A request body refused: answered 4xx in the envelope, with the issues when a schema named them. */
export class LoopbackRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

const MAX_BODY_BYTES = 1024 * 1024;

/** The request's JSON body checked with a schema: 413 over 1 MiB, 400 not JSON, 400 with the issues named. */
export async function readJsonBody<T>(request: IncomingMessage, schema: z.ZodType<T>): Promise<T> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      throw new LoopbackRequestError(413, ERROR_CODES.payloadTooLarge, 'the body is over 1 MiB');
    }
    chunks.push(chunk);
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new LoopbackRequestError(400, ERROR_CODES.badRequest, 'the body is not JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({
      path: issue.path.join('.') || '(root)',
      message: issue.message,
    }));
    throw new LoopbackRequestError(
      400,
      ERROR_CODES.validation,
      `the body is not valid: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`,
      issues,
    );
  }
  return parsed.data;
}

let requestCount = 0;

export async function startLoopbackHttp(
  options: LoopbackHttpOptions,
  port: number,
): Promise<Server> {
  const server = createServer((request, response) => {
    const requestId = `${options.name}-${process.pid}-${(requestCount += 1)}`;
    const send = (answer: LoopbackAnswer) => {
      if ('json' in answer) {
        response.writeHead(answer.status, {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
        });
        response.end(JSON.stringify(answer.json));
      } else {
        response.writeHead(answer.status, { 'content-type': answer.contentType });
        response.end(answer.text);
      }
    };
    const fail = (
      status: number,
      code: string,
      message: string,
      issues?: { path: string; message: string }[],
    ) => send({ status, json: { code, message, requestId, ...(issues ? { issues } : {}) } });
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const route = async () => {
      const match = options.routes.find(
        (candidate) => candidate.path === url.pathname && candidate.method === request.method,
      );
      if (!match) {
        return fail(404, ERROR_CODES.notFound, `no route ${request.method} ${url.pathname}`);
      }
      if (match.who === 'adapter' && !(await options.auth.isAdapter(request))) {
        return fail(
          401,
          ERROR_CODES.unauthorized,
          `a Bearer token of this ${options.label} is required`,
        );
      }
      if (match.who === 'metrics' && !(await options.auth.mayReadMetrics(request))) {
        return fail(
          401,
          ERROR_CODES.unauthorized,
          `a Bearer token of this ${options.label} or its metrics token is required`,
        );
      }
      return send(await match.handle(request));
    };
    route().catch((error: unknown) => {
      if (error instanceof LoopbackRequestError) {
        return fail(error.status, error.code, error.message, error.issues);
      }
      options.log.error('adapter HTTP request failed', {
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
