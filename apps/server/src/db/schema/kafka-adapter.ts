import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { service } from './service';

/**
 * Kafka gateway adapters (spec section 3, issue 27). An adapter belongs to a service (deleted with it); its clusters
 * and its publishers and subscribers (`kafka_service`, the spec's kafkaServices) belong to it. `status` is the
 * section 4 status of its process as the reconcile loop writes it (`member2_status`: the second member of a
 * high-availability pair). A scheduled upgrade lives on the row like a service's (both set or both null).
 */
export const kafkaAdapter = pgTable(
  'kafka_adapter',
  {
    id: text('id').primaryKey(),
    serviceId: text('service_id')
      .notNull()
      .references(() => service.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    version: text('version').notNull(),
    active: boolean('active').notNull().default(true),
    haEnabled: boolean('ha_enabled').notNull().default(false),
    /** Milliseconds between reconnection attempts. */
    reconnectInterval: integer('reconnect_interval').notNull(),
    /** Bumped by every change of its clusters, publishers and subscribers: its process restarts with them. */
    restartGeneration: integer('restart_generation').notNull().default(0),
    status: text('status').notNull().default('CHECKING'),
    member2Status: text('member2_status').notNull().default('CHECKING'),
    scheduledVersion: text('scheduled_version'),
    /** Unix milliseconds. */
    scheduledTimestamp: bigint('scheduled_timestamp', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('kafka_adapter_service_id_idx').on(table.serviceId)],
);

/** Cluster credentials as stored: the password is in `password_encrypted`, never here. */
export interface StoredKafkaAuthentication {
  securityProtocol: 'plaintext' | 'ssl' | 'sasl_plaintext' | 'sasl_ssl';
  saslMechanism?: 'PLAIN' | 'GSSAPI';
  userName?: string;
  kerberosServiceName?: string;
}

/**
 * A Kafka cluster of an adapter. Its secrets are write-only (section 5) and stored encrypted like the service API
 * client secret (AES-256-GCM under a key derived from AUTH_SECRET, app.secretBox): the SASL password and the schema
 * registry's `basic.auth.user.info`, which is kept out of `configuration`.
 */
export const kafkaCluster = pgTable(
  'kafka_cluster',
  {
    id: text('id').primaryKey(),
    adapterId: text('adapter_id')
      .notNull()
      .references(() => kafkaAdapter.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    brokerAddresses: jsonb('broker_addresses').$type<string[]>().notNull(),
    configuration: jsonb('configuration').$type<Record<string, string>>().notNull(),
    authentication: jsonb('authentication').$type<StoredKafkaAuthentication>().notNull(),
    passwordEncrypted: text('password_encrypted'),
    schemaRegistryUserInfoEncrypted: text('schema_registry_user_info_encrypted'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('kafka_cluster_adapter_id_idx').on(table.adapterId)],
);

/**
 * A publisher (PUBLISHING_SERVICE) or subscriber (SUBSCRIPTION_SERVICE) of a cluster: its label in a column, the
 * rest of its settings as the contract's schema has them in `settings`.
 */
export const kafkaService = pgTable(
  'kafka_service',
  {
    id: text('id').primaryKey(),
    adapterId: text('adapter_id')
      .notNull()
      .references(() => kafkaAdapter.id, { onDelete: 'cascade' }),
    clusterId: text('cluster_id')
      .notNull()
      .references(() => kafkaCluster.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['PUBLISHING_SERVICE', 'SUBSCRIPTION_SERVICE'] }).notNull(),
    label: text('label').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('kafka_service_adapter_id_idx').on(table.adapterId),
    index('kafka_service_cluster_id_idx').on(table.clusterId),
  ],
);
