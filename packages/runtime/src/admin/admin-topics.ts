import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { ERROR_CODES } from '@herald/contract/api/errors';
import { checkTopicPath, isSysTopic } from '@herald/contract/topics/topic-path';
import { parseTopicSelector, type TopicSelector } from '@herald/contract/topics/topic-selector';
import { compileLinearPattern } from '../policy/linear-patterns';
import {
  timeSeriesEventsQuerySchema,
  topicCountQuerySchema,
  topicPageQuerySchema,
  topicTreeQuerySchema,
  topicTypeSchema,
} from '@herald/contract/topics/topic.schema';
import {
  checkTopicProperties,
  withTypeDefaults,
  DEFAULT_TIME_SERIES_RETAINED_RANGE,
} from '@herald/contract/topics/topic-properties';
import {
  decodeTopicValue,
  encodeTopicValue,
  typeForValue,
} from '@herald/contract/topics/topic-values';
import { eventsBeyondRange, parseTimeSeriesRange } from '@herald/contract/topics/time-series-range';
import {
  HttpError,
  badRequest,
  notFound,
  parseBody,
  parseQuery,
  readJson,
  send,
} from './admin-http';
import { topicEntry, type DurableState, type TopicState } from '../state/durable-state';
import type { SessionRights } from '@herald/contract/security/mqtt-rights';
import { requirePath } from './admin-access';

/**
 * The topic routes of the admin API (see the README's table). Every write is validated by the contract's rules
 * (topic-properties.ts, topic-values.ts) and durable before its answer. Each route checks the caller's rights like
 * MQTT does (docs/decisions/021): listing needs SELECT_TOPIC on the selector's prefix and shows only topics the
 * caller may READ; reading one topic READ_TOPIC; writing UPDATE_TOPIC, plus MODIFY_TOPIC to create a topic or change
 * its type or properties; removing MODIFY_TOPIC on the selector's prefix.
 */
export interface TopicAdminContext {
  state: DurableState;
  topicsCapacity: number;
  /** Delivers a value to subscribers; `retain` false for DONT_RETAIN_VALUE (null clears the retained value). */
  publishValue: (path: string, value: Buffer | null, retain: boolean) => Promise<void>;
  /** Removes topics (durable) and their retained values. */
  removeTopics: (paths: string[]) => Promise<void>;
  /** Clears the retained value of topics that keep none (DONT_RETAIN_VALUE set on an existing topic). */
  forgetValues: (paths: string[]) => Promise<void>;
}

const putBodySchema = z.strictObject({
  type: topicTypeSchema.optional(),
  properties: z.record(z.string(), z.string().max(4096)).optional(),
  value: z.unknown().optional(),
});

/**
 * A topic as the admin API answers. `qos`: of the last MQTT publish since the runtime started (null: none, e.g. set
 * through this API); `retained`: whether the service holds its value for new subscribers (every publish is retained
 * unless DONT_RETAIN_VALUE, README "MQTT").
 */
export function topicView(path: string, topic: TopicState, qos: 0 | 1 | 2 | null = null) {
  return {
    path,
    type: topic.type,
    properties: topic.properties,
    value: decodeTopicValue(topic.type, topic.properties, topic.value),
    updatedAt: new Date(topic.updatedAt).toISOString(),
    qos,
    retained: topic.value !== null && topic.properties.DONT_RETAIN_VALUE !== 'true',
  };
}

function parseSelector(expression: string | undefined): TopicSelector | null {
  if (expression === undefined || expression === '') return null;
  const parsed = parseTopicSelector(expression, { compilePattern: compileLinearPattern });
  if (!parsed.ok) throw badRequest(`query.selector: ${parsed.message}`);
  return parsed.selector;
}

function sameProperties(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => b[key] === a[key]);
}

export function createTopicRoutes(context: TopicAdminContext) {
  const { state } = context;

  function selectPaths(selector: TopicSelector | null, after: string | null): Iterable<string> {
    return selector === null ? state.tree.paths('', after) : state.tree.select(selector, after);
  }

  /** `GET /admin/topics`: a page in tree order, searching only below the selector's prefix. */
  function listTopics(rights: SessionRights, url: URL, response: ServerResponse) {
    const query = parseQuery(topicPageQuerySchema, url);
    const limit = query.limit ?? 100;
    const selector = parseSelector(query.selector);
    requirePath(rights, selector?.prefix ?? '', 'SELECT_TOPIC');
    const topics: ReturnType<typeof topicView>[] = [];
    let hasMore = false;
    for (const path of selectPaths(selector, query.after ?? null)) {
      const topic = state.topics.get(path);
      if (topic === undefined || !rights.has(path, 'READ_TOPIC')) continue;
      if (topics.length === limit) {
        hasMore = true;
        break;
      }
      topics.push(topicView(path, topic, state.tree.lastQos(path)));
    }
    send(response, 200, { topics, hasMore });
  }

  function getTopic(rights: SessionRights, path: string, response: ServerResponse) {
    requirePath(rights, path, 'READ_TOPIC');
    const topic = state.topics.get(path);
    if (topic === undefined) throw notFound(`topic "${path}" does not exist`);
    send(response, 200, topicView(path, topic, state.tree.lastQos(path)));
  }

  async function putTopic(
    rights: SessionRights,
    path: string,
    request: IncomingMessage,
    response: ServerResponse,
  ) {
    const check = checkTopicPath(path);
    if (!check.ok) throw badRequest(`path: ${check.message}`);
    if (isSysTopic(path)) throw badRequest('path: $SYS/ topics are reserved');
    requirePath(rights, path, 'UPDATE_TOPIC');
    const body = parseBody(putBodySchema, await readJson(request));
    const existing = state.topics.get(path);
    const hasValue = body.value !== undefined;
    const type = body.type ?? existing?.type ?? (hasValue ? typeForValue(body.value) : 'JSON');
    if (existing !== undefined && existing.type !== type) {
      throw badRequest(
        `body.type: topic "${path}" is ${existing.type}; remove it to change its type`,
      );
    }
    if (existing === undefined) requirePath(rights, path, 'MODIFY_TOPIC');
    if (existing === undefined && state.topics.size >= context.topicsCapacity) {
      throw new HttpError(
        409,
        ERROR_CODES.conflict,
        `topics capacity of ${context.topicsCapacity} reached: topic "${path}" was not created`,
      );
    }
    // New properties replace the old ones; a time series keeps its event value type unless it is given.
    const eventType = existing?.properties.TIME_SERIES_EVENT_VALUE_TYPE;
    const properties =
      body.properties === undefined && existing !== undefined
        ? existing.properties
        : withTypeDefaults(type, {
            ...(eventType === undefined ? {} : { TIME_SERIES_EVENT_VALUE_TYPE: eventType }),
            ...body.properties,
          });
    // Changing a topic's properties is MODIFY_TOPIC's, like creating it (checked above).
    if (existing !== undefined && !sameProperties(existing.properties, properties)) {
      requirePath(rights, path, 'MODIFY_TOPIC');
    }
    const propertiesCheck = checkTopicProperties(type, properties);
    if (!propertiesCheck.ok) {
      throw badRequest(`body.properties.${propertiesCheck.property}: ${propertiesCheck.message}`);
    }
    if (
      existing?.type === 'TIME_SERIES' &&
      existing.properties.TIME_SERIES_EVENT_VALUE_TYPE !== properties.TIME_SERIES_EVENT_VALUE_TYPE
    ) {
      throw badRequest(
        'body.properties.TIME_SERIES_EVENT_VALUE_TYPE: the event value type of a time series cannot change; remove the topic to change it',
      );
    }
    let payload: Buffer | null = null;
    if (hasValue && body.value !== null) {
      const encoded = encodeTopicValue(type, properties, body.value);
      if (!encoded.ok) throw badRequest(`body.value: ${encoded.message}`);
      payload = Buffer.from(encoded.payload);
    }
    const isSeries = type === 'TIME_SERIES';
    if (isSeries && hasValue && (payload === null || payload.length === 0)) {
      throw badRequest('body.value: an event of a time series needs a value');
    }
    const isRetained = properties.DONT_RETAIN_VALUE !== 'true';
    const keptValue = isSeries || !isRetained ? null : payload;
    const topic: TopicState = {
      type,
      properties,
      value: hasValue ? keptValue : isRetained ? (existing?.value ?? null) : null,
      updatedAt: Date.now(),
    };
    // Durable before the 2xx (see state/durable-state.ts); a time series keeps its events (the record has none).
    // The topic and its event are committed in the same turn, then awaited together: a removal handled while the
    // disk write is pending comes after the whole write, never between the topic and its event.
    const writes = [state.commitAsync(topicEntry(path, topic))];
    if (isSeries && payload !== null) {
      writes.push(
        new Promise<void>((resolve, reject) => {
          state.appendEvent(path, payload, (error) => (error ? reject(error) : resolve()));
        }),
      );
    }
    await Promise.all(writes);
    const stored = state.topics.get(path);
    // Removed while the write was on its way to disk: the removal came after the write, so no value is published
    // (a retained one would outlive the topic).
    if (stored !== undefined) {
      if (!isRetained && existing?.value != null) await context.forgetValues([path]);
      if (hasValue) await context.publishValue(path, payload, isRetained);
    }
    send(
      response,
      existing === undefined ? 201 : 200,
      topicView(path, stored ?? topic, state.tree.lastQos(path)),
    );
  }

  async function deleteTopics(rights: SessionRights, url: URL, response: ServerResponse) {
    const selector = parseSelector(url.searchParams.get('selector') ?? undefined);
    requirePath(rights, selector?.prefix ?? '', 'MODIFY_TOPIC');
    const paths: string[] = [];
    if (selector === null) paths.push(...state.tree.paths(''));
    else state.tree.collect(selector, (path) => paths.push(path));
    if (paths.length > 0) await context.removeTopics(paths);
    send(response, 200, { removed: paths.length });
  }

  /** `GET /admin/topic-tree`: one level of the tree, in name order. */
  function topicTree(rights: SessionRights, url: URL, response: ServerResponse) {
    const query = parseQuery(topicTreeQuerySchema, url);
    const parent = query.parent ?? '';
    if (parent !== '') {
      const check = checkTopicPath(parent);
      if (!check.ok) throw badRequest(`query.parent: ${check.message}`);
    }
    requirePath(rights, parent, 'SELECT_TOPIC');
    const children = state.tree.children(parent, query.after ?? null, query.limit ?? 1000);
    send(response, 200, { parent, ...children });
  }

  function topicCount(rights: SessionRights, url: URL, response: ServerResponse) {
    const query = parseQuery(topicCountQuerySchema, url);
    const selector = parseSelector(query.selector);
    requirePath(rights, selector?.prefix ?? '', 'SELECT_TOPIC');
    send(response, 200, { count: selector === null ? 0 : state.tree.count(selector) });
  }

  /** `GET /admin/time-series`: retained events in sequence order after `after`. */
  function timeSeries(rights: SessionRights, url: URL, response: ServerResponse) {
    const query = parseQuery(timeSeriesEventsQuerySchema, url);
    requirePath(rights, query.path, 'READ_TOPIC');
    const topic = state.topics.get(query.path);
    if (topic === undefined) throw notFound(`topic "${query.path}" does not exist`);
    const events = topic.events;
    if (events === undefined) {
      throw badRequest(`query.path: topic "${query.path}" is ${topic.type}, not a time series`);
    }
    // Events that aged out of a `last` range since the latest append are not shown.
    const parsedRange = parseTimeSeriesRange(
      topic.properties.TIME_SERIES_RETAINED_RANGE ?? DEFAULT_TIME_SERIES_RETAINED_RANGE,
    );
    let start = parsedRange.ok
      ? eventsBeyondRange(
          events.length,
          (index) => events[index]?.timestamp ?? 0,
          parsedRange.range,
          Date.now(),
        )
      : 0;
    if (query.after !== undefined) {
      const after = query.after;
      let high = events.length;
      while (start < high) {
        const middle = (start + high) >>> 1;
        if ((events[middle]?.sequence ?? 0) <= after) start = middle + 1;
        else high = middle;
      }
    }
    const limit = query.limit ?? 100;
    const page = events.slice(start, start + limit).map((event) => ({
      sequence: event.sequence,
      timestamp: new Date(event.timestamp).toISOString(),
      value: decodeTopicValue(topic.type, topic.properties, event.value),
    }));
    send(response, 200, {
      path: query.path,
      events: page,
      hasMore: start + page.length < events.length,
    });
  }

  return { listTopics, getTopic, putTopic, deleteTopics, topicTree, topicCount, timeSeries };
}
