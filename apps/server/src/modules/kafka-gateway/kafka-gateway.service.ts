import { ERROR_CODES } from '@herald/contract/api/errors';
import {
  KAFKA_NOT_FOUND_MESSAGES,
  kafkaAdapterCreationRefusal,
} from '@herald/contract/kafka/kafka-adapter-rules';
import type { TestKafkaConnectionRequest } from '@herald/contract/kafka/kafka-adapter.schema';
import { adapterTrialCapRefusal } from '@herald/contract/kafka/kafka-adapter-trial-cap';
import { FREE_TRIAL_BILLING_PLAN } from '@herald/contract/constants';
import { mergeClusterSecrets } from '@herald/contract/kafka/kafka-secrets';
import { KAFKA_MESSAGES } from '@herald/contract/messages';
import { isMarketplaceWorkspace } from '@herald/contract/marketplace/marketplace-status';
import { testKafkaConnection } from '@herald/kafka-adapter/kafka/test-connection';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { trialIncrease } from '../free-trial/trial-usage';
import { hasValidPaymentMethod } from '../payments/payments.repository';
import type { ServiceRow } from '../service/service.repository';
import { findWorkspace } from '../workspace/workspace.repository';
import { countAdapters, findAdapter, findCluster } from './kafka-adapter.repository';
import type { KafkaAdapterRow, KafkaClusterRow } from './kafka-adapter.repository';
import { clusterInClear } from './kafka-adapter.mapper';

/** Section 8's creation rules for the service (400 free tier, 400 a second adapter on a trial, 402 no card). */
export async function assertMayCreateAdapter(app: FastifyInstance, row: ServiceRow): Promise<void> {
  const ws = await findWorkspace(app.db, row.workspaceId);
  const canPay =
    ws !== undefined &&
    (ws.paymentMethodExempted ||
      ws.manuallyBilled ||
      isMarketplaceWorkspace({ provider: ws.billingProvider ?? null }) ||
      (await hasValidPaymentMethod(app.db, ws.id, app.clock())));
  const refusal = kafkaAdapterCreationRefusal({
    billingPlan: row.billingPlan,
    adapterCount: await countAdapters(app.db, row.id),
    canPay,
  });
  if (refusal) {
    throw new HttpError(
      refusal.status,
      refusal.status === 402 ? ERROR_CODES.paymentRequired : ERROR_CODES.badRequest,
      refusal.message,
    );
  }
}

/**
 * Section 9's adapter cap: a free trial service whose adapters used FREE_TRIAL_ADAPTER_MESSAGE_LIMIT messages may
 * neither enable nor create one (400, KAFKA_MESSAGES.freeTrialAdapterLimitReached) until it runs on a paid plan.
 */
export async function assertAdapterMayRun(app: FastifyInstance, row: ServiceRow): Promise<void> {
  // Only a trial has the cap: other services cost no metrics query.
  if (row.billingPlan !== FREE_TRIAL_BILLING_PLAN) return;
  const adapterMessagesUsed = await trialIncrease(
    app,
    row,
    'adapter_billed_messages_total',
    app.clock(),
  );
  const refusal = adapterTrialCapRefusal({ billingPlan: row.billingPlan, adapterMessagesUsed });
  if (refusal) throw new HttpError(400, ERROR_CODES.badRequest, refusal);
}

export async function requireAdapter(
  app: FastifyInstance,
  serviceId: string,
  adapterId: string,
): Promise<KafkaAdapterRow> {
  const adapter = await findAdapter(app.db, serviceId, adapterId);
  if (!adapter) throw new HttpError(404, ERROR_CODES.notFound, KAFKA_NOT_FOUND_MESSAGES.adapter);
  return adapter;
}

export async function requireCluster(
  app: FastifyInstance,
  adapterId: string,
  clusterId: string,
): Promise<KafkaClusterRow> {
  const cluster = await findCluster(app.db, adapterId, clusterId);
  if (!cluster) throw new HttpError(404, ERROR_CODES.notFound, KAFKA_NOT_FOUND_MESSAGES.cluster);
  return cluster;
}

/**
 * POST .../test-connection. With clusterId and kafkaAdapterId, the stored cluster's password (when none is sent) and
 * configuration are used; an unknown owner is section 8's clusterOwnerNotFound (404). A cluster that cannot be
 * reached answers 400 with a message containing KAFKA_MESSAGES.failedToTestConnection (the client's `false`): the
 * settings the caller gave do not reach a cluster, which is a fault of the request rather than of this server, so
 * it is neither logged as a server error nor retried as a 5xx would be.
 */
export async function testConnection(
  app: FastifyInstance,
  row: ServiceRow,
  body: TestKafkaConnectionRequest,
): Promise<true> {
  let settings = {
    kafkaBrokerAddresses: body.kafkaBrokerAddresses,
    authentication: body.authentication,
    configuration: {} as Record<string, string>,
  };
  if (body.clusterId !== undefined && body.kafkaAdapterId !== undefined) {
    const adapter = await findAdapter(app.db, row.id, body.kafkaAdapterId);
    const cluster = adapter && (await findCluster(app.db, adapter.id, body.clusterId));
    if (!cluster) {
      throw new HttpError(404, ERROR_CODES.notFound, KAFKA_MESSAGES.clusterOwnerNotFound);
    }
    const stored = clusterInClear(cluster, app.secretBox);
    const merged = mergeClusterSecrets(stored, {
      authentication: body.authentication,
      configuration: stored.configuration,
    });
    settings = { ...settings, ...merged };
  }
  try {
    await testKafkaConnection(settings);
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!message.includes(KAFKA_MESSAGES.failedToTestConnection)) throw error;
    throw new HttpError(400, ERROR_CODES.badRequest, message);
  }
}
