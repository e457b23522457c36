import { ERROR_CODES } from '@herald/contract/api/errors';
import { checkTopicPath } from '@herald/contract/topics/topic-path';
import { parseTopicSelector } from '@herald/contract/topics/topic-selector';
import {
  removedTopicsSchema,
  timeSeriesEventsSchema,
  topicCountSchema,
  topicPageSchema,
  topicSchema,
} from '@herald/contract/topics/topic.schema';
import type {
  PutTopicRequest,
  TimeSeriesEvents,
  Topic,
  TopicPage,
} from '@herald/contract/topics/topic.schema';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callRuntimeStream } from '../../adapters/provisioner/runtime-client';
import { runtimeTopicUrl, withQuery } from '../../adapters/provisioner/runtime-paths';
import { HttpError } from '../../lib/http-error';
import { sendJsonStream } from '../../plugins/compress-json';
import { serviceOf } from '../../plugins/route-registry';
import { auditServiceAction } from '../service/service-audit';
import { forwardToRuntime, runtimeAccessOf, runtimeFailure } from './runtime-access';

/**
 * The topic routes' orchestration: check the input with the contract's rules (so a bad selector or path is a 400
 * naming the field, whatever state the service is in), then forward to the runtime with the member's token and
 * check the answer's shape with the contract's schema (an answer we cannot read is the runtime's failure: 503).
 */

function badField(field: string, message: string): HttpError {
  return new HttpError(400, ERROR_CODES.validation, `Invalid request: ${field}: ${message}`, {
    issues: [{ path: field, message }],
  });
}

/** A selector checked by the contract's parser (DATA-PLANE "Topic selectors"); empty means none. */
export function checkSelector(expression: string | undefined): string | undefined {
  if (expression === undefined || expression === '') return undefined;
  const parsed = parseTopicSelector(expression);
  if (!parsed.ok) throw badField('query.selector', parsed.message);
  return expression;
}

/** A selector that must be there: removing "everything" by an empty selector is never what was meant. */
function requiredSelector(expression: string): string {
  const selector = checkSelector(expression);
  if (selector === undefined) throw badField('query.selector', 'A topic selector is required');
  return selector;
}

/** A topic path checked by the contract's rules (no empty segment, no wildcard...). */
export function checkPath(path: string, field = 'query.path'): string {
  const check = checkTopicPath(path);
  if (!check.ok) throw badField(field, check.message);
  return path;
}

/** One call to the service's runtime as the member, its answer checked against `schema`. */
function forward<S extends z.ZodType>(
  app: FastifyInstance,
  request: FastifyRequest,
  schema: S,
  method: 'GET' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<z.output<S>> {
  return forwardToRuntime(app, request, schema, method, path, {
    ...(body !== undefined && { body }),
  });
}

export function listTopics(
  app: FastifyInstance,
  request: FastifyRequest,
  query: { selector?: string | undefined; after?: string | undefined; limit?: number | undefined },
): Promise<TopicPage> {
  const selector = checkSelector(query.selector);
  const url = withQuery('/admin/topics', { selector, after: query.after, limit: query.limit });
  return forward(app, request, topicPageSchema, 'GET', url);
}

export function countTopics(
  app: FastifyInstance,
  request: FastifyRequest,
  selector: string,
): Promise<{ count: number }> {
  const url = withQuery('/admin/topic-count', { selector: requiredSelector(selector) });
  return forward(app, request, topicCountSchema, 'GET', url);
}

/**
 * One level of the tree, passed through as the runtime sends it: a level may hold 10,000 children (~780 kB), and
 * parsing, checking and re-serialising it cost the control plane more than the runtime takes to build it (bench
 * topic-routes.ts, docs/decisions/019). The runtime builds it from the contract's shape; the other routes' answers
 * are small and checked.
 */
export async function sendTopicTree(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  query: { parent?: string | undefined; after?: string | undefined; limit?: number | undefined },
): Promise<FastifyReply> {
  const parent = query.parent ? checkPath(query.parent, 'query.parent') : undefined;
  const url = withQuery('/admin/topic-tree', { parent, after: query.after, limit: query.limit });
  const { endpoint, token } = await runtimeAccessOf(app, request);
  let body: ReadableStream<Uint8Array>;
  try {
    body = await callRuntimeStream(endpoint, url, token);
  } catch (error) {
    throw runtimeFailure(error, request);
  }
  return sendJsonStream(request, reply, Readable.fromWeb(body as NodeReadableStream<Uint8Array>));
}

export function getTopic(
  app: FastifyInstance,
  request: FastifyRequest,
  path: string,
): Promise<Topic> {
  return forward(app, request, topicSchema, 'GET', runtimeTopicUrl(checkPath(path)));
}

/** Not audited: values change far too often for the trail to stay readable (docs/decisions/019). */
export function putTopic(
  app: FastifyInstance,
  request: FastifyRequest,
  path: string,
  body: PutTopicRequest,
): Promise<Topic> {
  return forward(app, request, topicSchema, 'PUT', runtimeTopicUrl(checkPath(path)), body);
}

/** Removal by selector is destructive: the trail records the selector and how many topics went. */
export async function removeTopics(
  app: FastifyInstance,
  request: FastifyRequest,
  selector: string,
): Promise<{ removed: number }> {
  const url = withQuery('/admin/topics', { selector: requiredSelector(selector) });
  const result = await forward(app, request, removedTopicsSchema, 'DELETE', url);
  await auditServiceAction(app, request, serviceOf(request), 'service.topics_removed', {
    selector,
    removed: result.removed,
  });
  return result;
}

export function timeSeriesEvents(
  app: FastifyInstance,
  request: FastifyRequest,
  query: { path: string; after?: number | undefined; limit?: number | undefined },
): Promise<TimeSeriesEvents> {
  const url = withQuery('/admin/time-series', {
    path: checkPath(query.path),
    after: query.after,
    limit: query.limit,
  });
  return forward(app, request, timeSeriesEventsSchema, 'GET', url);
}
