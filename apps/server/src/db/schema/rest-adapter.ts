import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { service } from './service';

/**
 * The REST adapter of a service (issue 28, docs/decisions/052): at most one per service (`service_id` unique), its
 * process polls the service's REST APIs (`rest_api`) and their endpoints (`rest_endpoint`); all of them go with the
 * service (on delete cascade). `status` is the section 4 status of its process as the reconcile loop writes it. No
 * scheduled upgrade: its version changes through POST /rest/upsert-service (docs/decisions/052).
 */
export const restAdapter = pgTable('rest_adapter', {
  id: text('id').primaryKey(),
  serviceId: text('service_id')
    .notNull()
    .unique()
    .references(() => service.id, { onDelete: 'cascade' }),
  version: text('version').notNull(),
  active: boolean('active').notNull().default(true),
  /** Bumped by every change of its APIs and endpoints: its process restarts with them. */
  restartGeneration: integer('restart_generation').notNull().default(0),
  status: text('status').notNull().default('CHECKING'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A name/value pair as entered (request headers, query parameters), in order. */
export interface StoredKeyValuePair {
  name: string;
  value: string;
}

/**
 * A REST API of a service (spec section 3). The authentication's secret (basic password or bearer token) is
 * write-only and stored sealed (`secret_encrypted`, app.secretBox, as the Kafka cluster passwords); the type and the
 * username are in clear.
 */
export const restApi = pgTable(
  'rest_api',
  {
    id: text('id').primaryKey(),
    serviceId: text('service_id')
      .notNull()
      .references(() => service.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    headers: jsonb('headers').$type<StoredKeyValuePair[]>().notNull(),
    baseUrl: text('base_url').notNull(),
    baseTopicPath: text('base_topic_path').notNull().default(''),
    authenticationType: text('authentication_type', { enum: ['none', 'basic', 'bearer'] })
      .notNull()
      .default('none'),
    authenticationUsername: text('authentication_username'),
    secretEncrypted: text('secret_encrypted'),
    queryParameters: jsonb('query_parameters').$type<StoredKeyValuePair[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('rest_api_service_id_idx').on(table.serviceId)],
);

/** An endpoint of a REST API: polled every `poll_interval_ms`, published under the API's base topic path. */
export const restEndpoint = pgTable(
  'rest_endpoint',
  {
    id: text('id').primaryKey(),
    apiId: text('api_id')
      .notNull()
      .references(() => restApi.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    /** Null: derived from the path (contract rest-endpoint-target.ts). */
    topicPath: text('topic_path'),
    pollIntervalMs: integer('poll_interval_ms').notNull(),
    /** Null: the whole response (contract value-pointer.ts). */
    valuePointer: text('value_pointer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('rest_endpoint_api_id_idx').on(table.apiId)],
);
