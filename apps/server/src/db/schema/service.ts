import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { workspace } from './workspace';

/**
 * A messaging service (spec section 3 "Service"). `status` is the truthful section 4 status the provisioner writes;
 * `desired_state` is what the owner asked for, so background work resumes after a control-plane crash
 * (ARCHITECTURE "Background work is resumable"): running, suspended, or deleted (data removal still pending while the
 * row exists). `mqtt_port` is the service's own MQTT/TCP port, stable across restarts.
 */
export const service = pgTable(
  'service',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    serviceName: text('service_name').notNull(),
    label: text('label'),
    region: text('region').notNull(),
    billingPlan: text('billing_plan').notNull(),
    provisioningPlan: text('provisioning_plan'),
    heraldVersion: text('herald_version').notNull(),
    noOfNodes: integer('no_of_nodes').notNull().default(1),
    status: text('status').notNull().default('CHECKING'),
    desiredState: text('desired_state', { enum: ['running', 'suspended', 'deleted'] })
      .notNull()
      .default('running'),
    /** Bumped by restart and reset-topic-tree requests; the provisioner acts until its handled value catches up. */
    restartGeneration: integer('restart_generation').notNull().default(0),
    resetGeneration: integer('reset_generation').notNull().default(0),
    suspensionReason: text('suspension_reason'),
    sensitiveData: boolean('sensitive_data').notNull().default(false),
    freeTrial: boolean('free_trial').notNull().default(false),
    interestedAlerts: jsonb('interested_alerts')
      .$type<{ topicsCapacity: boolean; remoteServer: boolean }>()
      .notNull()
      .default({ topicsCapacity: true, remoteServer: true }),
    hintColor: text('hint_color'),
    useConsoleSso: boolean('use_console_sso').notNull().default(false),
    /** A scheduled version update: both set or both null. Unix milliseconds. */
    scheduledVersion: text('scheduled_version'),
    scheduledTimestamp: bigint('scheduled_timestamp', { mode: 'number' }),
    mqttPort: integer('mqtt_port'),
    /** Service API credentials: the secret is encrypted (AES-256-GCM, key derived from AUTH_SECRET) to be revealable. */
    clientId: text('client_id').notNull(),
    clientSecretEncrypted: text('client_secret_encrypted').notNull(),
    /** Rotating the secret raises this; runtimes refuse tokens with an older `cv` claim. */
    credentialVersion: integer('credential_version').notNull().default(1),
    createdBy: text('created_by'),
    /** Free trial (docs/decisions/025): its start and end, billed messages so far (read each minute), suspension. */
    trialStartedAt: timestamp('trial_started_at', { withTimezone: true }),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    trialMessagesUsed: bigint('trial_messages_used', { mode: 'number' }).notNull().default(0),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    removalDueAt: timestamp('removal_due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('service_service_name_idx').on(table.serviceName),
    uniqueIndex('service_client_id_idx').on(table.clientId),
    uniqueIndex('service_mqtt_port_idx')
      .on(table.mqttPort)
      .where(sql`${table.mqttPort} is not null`),
    index('service_workspace_id_idx').on(table.workspaceId),
    index('service_trial_idx')
      .on(table.trialEndsAt)
      .where(sql`${table.billingPlan} = 'freeTrial'`),
  ],
);

/** ES256 signing keys of the tokens runtimes verify (JWKS). The newest signs; all are published. */
export const signingKey = pgTable('signing_key', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
