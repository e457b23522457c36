import { z } from 'zod';
import { createdIdSchema, noContentSchema } from '../../common/fields';
import {
  adapterScheduledUpgradeSchema,
  createKafkaAdapterRequestSchema,
  kafkaAdapterRecordSchema,
  kafkaClusterInputSchema,
  kafkaClusterSchema,
  kafkaPublisherInputSchema,
  kafkaPublisherSchema,
  kafkaSubscriberInputSchema,
  kafkaSubscriberSchema,
  scheduleAdapterUpgradeRequestSchema,
  testKafkaConnectionRequestSchema,
  upgradeAdapterRequestSchema,
  upgradeAdapterResponseSchema,
} from '../../kafka/kafka-adapter.schema';
import { kafkaAdapterStateSchema } from '../../kafka/kafka-adapter-state';
import { defineRoute } from '../define-route';
import {
  adapterUpgradeParamsSchema,
  kafkaAdapterParamsSchema,
  kafkaClusterParamsSchema,
  kafkaPublisherParamsSchema,
  kafkaSubscriberParamsSchema,
  serviceParamsSchema,
} from './params';

const tags = ['kafka-gateway'] as const;
const adapters = '/v3/service/{serviceId}/gateway-kafka-adapters';
const adapter = `${adapters}/{adapterId}`;
const cluster = `${adapter}/clusters/{clusterId}`;
/**
 * Adapter upgrades. Section 7 says the order of type and id in the source path is unclear; we
 * decided on type before id (`/adapters/{type}/{adapterId}/...`), reading as "the kafka-gateway
 * adapter X", and it serves REST adapters with the same paths.
 */
const adapterUpgrade = '/v3/service/{serviceId}/adapters/{type}/{adapterId}';

/** Reply of enable and disable: the adapter's activation after the call. */
export const kafkaAdapterActivationSchema = z.object({ id: z.string(), active: z.boolean() });

/** Spec section 7 "Kafka gateway" (base /v3/service/{serviceId}). */
export const kafkaGatewayRoutes = {
  createKafkaAdapter: defineRoute({
    method: 'POST',
    path: adapters,
    summary: 'Create a Kafka gateway adapter (activated)',
    tags,
    access: 'service',
    params: serviceParamsSchema,
    body: createKafkaAdapterRequestSchema,
    responses: { 201: createdIdSchema },
  }),
  listKafkaAdapters: defineRoute({
    method: 'GET',
    path: adapters,
    summary: "The service's Kafka gateway adapters with clusters, publishers and subscribers",
    tags,
    access: 'service',
    params: serviceParamsSchema,
    responses: { 200: z.array(kafkaAdapterRecordSchema) },
  }),
  enableKafkaAdapter: defineRoute({
    method: 'POST',
    path: `${adapter}/enable`,
    summary: 'Activate an adapter',
    tags,
    access: 'service',
    params: kafkaAdapterParamsSchema,
    responses: { 200: kafkaAdapterActivationSchema },
  }),
  disableKafkaAdapter: defineRoute({
    method: 'POST',
    path: `${adapter}/disable`,
    summary: 'Deactivate an adapter',
    tags,
    access: 'service',
    params: kafkaAdapterParamsSchema,
    responses: { 200: kafkaAdapterActivationSchema },
  }),
  deleteKafkaAdapter: defineRoute({
    method: 'DELETE',
    path: adapter,
    summary: 'Delete an adapter with its clusters, publishers and subscribers',
    tags,
    access: 'service',
    params: kafkaAdapterParamsSchema,
    responses: { 204: noContentSchema },
  }),
  getKafkaAdapterState: defineRoute({
    method: 'GET',
    path: `${adapter}/state`,
    summary:
      "An adapter's live state: clusters connected, lag and rate per subscriber with its last records, publisher counts",
    tags,
    access: 'service',
    params: kafkaAdapterParamsSchema,
    responses: { 200: kafkaAdapterStateSchema },
  }),
  createKafkaCluster: defineRoute({
    method: 'POST',
    path: `${adapter}/clusters`,
    summary: 'Add a Kafka cluster to an adapter',
    tags,
    access: 'service',
    params: kafkaAdapterParamsSchema,
    body: kafkaClusterInputSchema,
    responses: { 201: createdIdSchema },
  }),
  updateKafkaCluster: defineRoute({
    method: 'PUT',
    path: cluster,
    summary: "Replace a cluster's settings; an omitted password keeps the stored one",
    tags,
    access: 'service',
    params: kafkaClusterParamsSchema,
    body: kafkaClusterInputSchema,
    responses: { 200: kafkaClusterSchema },
  }),
  deleteKafkaCluster: defineRoute({
    method: 'DELETE',
    path: cluster,
    summary: 'Delete a cluster with its publishers and subscribers',
    tags,
    access: 'service',
    params: kafkaClusterParamsSchema,
    responses: { 204: noContentSchema },
  }),
  createKafkaPublisher: defineRoute({
    method: 'POST',
    path: `${cluster}/publishers`,
    summary: 'Add a publisher (our topics to Kafka) to a cluster',
    tags,
    access: 'service',
    params: kafkaClusterParamsSchema,
    body: kafkaPublisherInputSchema,
    responses: { 201: createdIdSchema },
  }),
  updateKafkaPublisher: defineRoute({
    method: 'PUT',
    path: `${cluster}/publishers/{publisherId}`,
    summary: 'Replace a publisher',
    tags,
    access: 'service',
    params: kafkaPublisherParamsSchema,
    body: kafkaPublisherInputSchema,
    responses: { 200: kafkaPublisherSchema },
  }),
  deleteKafkaPublisher: defineRoute({
    method: 'DELETE',
    path: `${cluster}/publishers/{publisherId}`,
    summary: 'Delete a publisher',
    tags,
    access: 'service',
    params: kafkaPublisherParamsSchema,
    responses: { 204: noContentSchema },
  }),
  createKafkaSubscriber: defineRoute({
    method: 'POST',
    path: `${cluster}/subscribers`,
    summary: 'Add a subscriber (Kafka topics to our topics) to a cluster',
    tags,
    access: 'service',
    params: kafkaClusterParamsSchema,
    body: kafkaSubscriberInputSchema,
    responses: { 201: createdIdSchema },
  }),
  updateKafkaSubscriber: defineRoute({
    method: 'PUT',
    path: `${cluster}/subscribers/{subscriberId}`,
    summary: 'Replace a subscriber',
    tags,
    access: 'service',
    params: kafkaSubscriberParamsSchema,
    body: kafkaSubscriberInputSchema,
    responses: { 200: kafkaSubscriberSchema },
  }),
  deleteKafkaSubscriber: defineRoute({
    method: 'DELETE',
    path: `${cluster}/subscribers/{subscriberId}`,
    summary: 'Delete a subscriber',
    tags,
    access: 'service',
    params: kafkaSubscriberParamsSchema,
    responses: { 204: noContentSchema },
  }),
  testKafkaConnection: defineRoute({
    method: 'POST',
    path: `${adapters}/test-connection`,
    summary:
      'Test reaching a Kafka cluster; failure is an error whose message contains KAFKA_MESSAGES.failedToTestConnection',
    tags,
    access: 'service',
    params: serviceParamsSchema,
    body: testKafkaConnectionRequestSchema,
    responses: { 200: z.literal(true) },
  }),
  getAdapterScheduledUpgrade: defineRoute({
    method: 'GET',
    path: `${adapterUpgrade}/scheduled-update`,
    summary:
      "An adapter's scheduled upgrade; 404 with SERVICE_MESSAGES.noScheduledUpdateForAdapter when none",
    tags,
    access: 'service',
    params: adapterUpgradeParamsSchema,
    responses: { 200: adapterScheduledUpgradeSchema },
  }),
  scheduleAdapterUpgrade: defineRoute({
    method: 'POST',
    path: `${adapterUpgrade}/scheduled-update`,
    summary: 'Schedule an adapter upgrade',
    tags,
    access: 'service',
    // Section 6 names upgrade-service for service upgrades; we apply it to adapter upgrades too.
    permission: 'upgrade-service',
    params: adapterUpgradeParamsSchema,
    body: scheduleAdapterUpgradeRequestSchema,
    responses: { 200: adapterScheduledUpgradeSchema },
  }),
  cancelAdapterScheduledUpgrade: defineRoute({
    method: 'DELETE',
    path: `${adapterUpgrade}/scheduled-update`,
    summary: "Cancel an adapter's scheduled upgrade",
    tags,
    access: 'service',
    permission: 'upgrade-service',
    params: adapterUpgradeParamsSchema,
    responses: { 204: noContentSchema },
  }),
  upgradeAdapter: defineRoute({
    method: 'POST',
    path: `${adapterUpgrade}/upgrade`,
    summary: 'Upgrade an adapter now',
    tags,
    access: 'service',
    permission: 'upgrade-service',
    params: adapterUpgradeParamsSchema,
    body: upgradeAdapterRequestSchema,
    responses: { 200: upgradeAdapterResponseSchema },
  }),
} as const;
