import { buildPath } from '@herald/contract/api/define-route';
import { routes } from '@herald/contract/api/routes';
import { HIDDEN_PASSWORD_PLACEHOLDER } from '@herald/contract/constants';
import type { KafkaAdapterRecord } from '@herald/contract/kafka/kafka-adapter.schema';
import { KAFKA_NOT_FOUND_MESSAGES } from '@herald/contract/kafka/kafka-adapter-rules';
import { KAFKA_MESSAGES } from '@herald/contract/messages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { kafkaAdapter, kafkaCluster, kafkaService, service } from '../../db/schema';
import { makePaidExemptService } from '../../testing/test-payments';
import { insertTestService, stubProvisioner } from '../../testing/test-services';
import { useTestApp } from '../../testing/use-test-app';
import { callAs, createTestMember, createTestTeam } from '../../testing/test-workspaces';
import type { TestMember } from '../../testing/test-workspaces';

const NEW_ADAPTER = { label: 'orders', reconnectInterval: 1000, haEnabled: false };
const CLUSTER = {
  label: 'main',
  kafkaBrokerAddresses: ['kafka-1:9092', 'kafka-2:9092'],
  configuration: {
    'client.id': 'herald',
    'schema.registry.url': 'http://registry:8081',
    'basic.auth.user.info': 'reg-user:reg-secret',
  },
  authentication: {
    securityProtocol: 'sasl_plaintext',
    saslMechanism: 'PLAIN',
    userName: 'alice',
    password: 'kafka-secret',
  },
};

describe('Kafka gateway calls', () => {
  let app: FastifyInstance;
  let reconciled: string[];
  let team: Awaited<ReturnType<typeof createTestTeam>>;
  useTestApp((ready) => {
    ({ app } = ready);
    ({ reconciled } = stubProvisioner(app));
  });
  beforeAll(async () => {
    team = await createTestTeam(app, 'Kafka');
  });

  /** A service of the team on `plan` (paid services in an exempted workspace unless `exempt` is false). */
  async function serviceOn(plan: 'free' | 'small' | 'freeTrial', exempt = true): Promise<string> {
    const { row } = await insertTestService(app, team.workspaceId, { heraldVersion: '6.10' });
    if (plan === 'small' && exempt) await makePaidExemptService(app, team.workspaceId, row.id);
    if (plan !== 'free') {
      await app.db
        .update(service)
        .set({ billingPlan: plan, provisioningPlan: plan === 'freeTrial' ? 'small' : plan })
        .where(eq(service.id, row.id));
    }
    return row.id;
  }

  const call = (
    who: TestMember,
    route: { method: string; path: string },
    params: Record<string, string>,
    body?: unknown,
  ) => callAs(app, who, route.method as 'GET', buildPath(route.path, params), body);

  async function createAdapter(serviceId: string, body: unknown = NEW_ADAPTER): Promise<string> {
    const response = await call(team.user, routes.createKafkaAdapter, { serviceId }, body);
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: string }).id;
  }

  async function list(serviceId: string): Promise<KafkaAdapterRecord[]> {
    const response = await call(team.user, routes.listKafkaAdapters, { serviceId });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as KafkaAdapterRecord[];
  }

  it('creates an adapter, active, at the newest version its service admits, and lists it', async () => {
    const serviceId = await serviceOn('small');
    const id = await createAdapter(serviceId, { ...NEW_ADAPTER, haEnabled: true });
    expect(reconciled).toContain(serviceId);
    expect(await list(serviceId)).toEqual([
      {
        id,
        version: '1.0',
        label: 'orders',
        reconnectInterval: 1000,
        active: true,
        haEnabled: true,
        kafkaClusterConfigs: [],
        kafkaServices: [],
        status: 'CHECKING',
      },
    ]);
    const audit = await call(team.owner, routes.listAuditLog, { workspaceId: team.workspaceId });
    expect(audit.json().entries).toContainEqual(
      expect.objectContaining({
        action: 'service.kafka_adapter_created',
        details: expect.objectContaining({ adapterId: id, label: 'orders' }),
      }),
    );
  });

  it('applies section 8: free tier 400, no payment method 402, one adapter on a free trial', async () => {
    const free = await serviceOn('free');
    let response = await call(
      team.user,
      routes.createKafkaAdapter,
      { serviceId: free },
      NEW_ADAPTER,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: KAFKA_MESSAGES.freeTierNotPermitted });

    const other = await createTestTeam(app, 'No card');
    const { row } = await insertTestService(app, other.workspaceId, {
      heraldVersion: '6.10',
      billingPlan: 'small',
      provisioningPlan: 'small',
    });
    response = await call(
      other.owner,
      routes.createKafkaAdapter,
      { serviceId: row.id },
      NEW_ADAPTER,
    );
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message: KAFKA_MESSAGES.noPaymentMethod,
    });

    const trial = await serviceOn('freeTrial', false);
    await createAdapter(trial);
    response = await call(team.user, routes.createKafkaAdapter, { serviceId: trial }, NEW_ADAPTER);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: KAFKA_MESSAGES.freeTrialSingleAdapter });
    expect(await list(trial)).toHaveLength(1);
  });

  it('names the field of a bad body, and answers 404 to another workspace and to an unknown adapter', async () => {
    const serviceId = await serviceOn('small');
    let response = await call(
      team.user,
      routes.createKafkaAdapter,
      { serviceId },
      { ...NEW_ADAPTER, reconnectInterval: 5 },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual(
      expect.objectContaining({ path: 'body.reconnectInterval' }),
    );
    const adapterId = await createAdapter(serviceId);
    response = await call(
      team.user,
      routes.createKafkaCluster,
      { serviceId, adapterId },
      { ...CLUSTER, kafkaBrokerAddresses: ['no-port'] },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual(
      expect.objectContaining({ path: 'body.kafkaBrokerAddresses.0' }),
    );

    const stranger = await createTestMember(app);
    response = await call(stranger, routes.listKafkaAdapters, { serviceId });
    expect(response.statusCode).toBe(404);
    response = await call(stranger, routes.deleteKafkaAdapter, { serviceId, adapterId });
    expect(response.statusCode).toBe(404);
    expect(await list(serviceId)).toHaveLength(1);

    // An adapter of another service is not found through this one.
    const elsewhere = await serviceOn('small');
    response = await call(team.user, routes.enableKafkaAdapter, {
      serviceId: elsewhere,
      adapterId,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: KAFKA_NOT_FOUND_MESSAGES.adapter });
  });

  it('never returns a stored secret, keeps it when omitted or sent empty, and replaces it when sent', async () => {
    const serviceId = await serviceOn('small');
    const adapterId = await createAdapter(serviceId);
    const created = await call(
      team.user,
      routes.createKafkaCluster,
      { serviceId, adapterId },
      CLUSTER,
    );
    expect(created.statusCode, created.body).toBe(201);
    const clusterId = (created.json() as { id: string }).id;

    const [listed] = (await list(serviceId))[0]!.kafkaClusterConfigs;
    expect(listed).toEqual({
      id: clusterId,
      label: 'main',
      kafkaBrokerAddresses: ['kafka-1:9092', 'kafka-2:9092'],
      configuration: {
        'client.id': 'herald',
        'schema.registry.url': 'http://registry:8081',
        'basic.auth.user.info': `reg-user:${HIDDEN_PASSWORD_PLACEHOLDER}`,
      },
      authentication: {
        securityProtocol: 'sasl_plaintext',
        saslMechanism: 'PLAIN',
        userName: 'alice',
        password: HIDDEN_PASSWORD_PLACEHOLDER,
      },
    });
    // At rest: sealed, nowhere in clear.
    const [stored] = await app.db.select().from(kafkaCluster).where(eq(kafkaCluster.id, clusterId));
    expect(JSON.stringify(stored)).not.toMatch(/kafka-secret|reg-secret/);
    expect(app.secretBox.decrypt(stored!.passwordEncrypted!)).toBe('kafka-secret');

    // The form's update: no password, the registry password empty (section 5).
    const { password: _password, ...withoutPassword } = CLUSTER.authentication;
    const update = {
      ...CLUSTER,
      label: 'main (eu)',
      configuration: { ...CLUSTER.configuration, 'basic.auth.user.info': 'reg-user:' },
      authentication: withoutPassword,
    };
    const params = { serviceId, adapterId, clusterId };
    let response = await call(team.user, routes.updateKafkaCluster, params, update);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      label: 'main (eu)',
      authentication: { password: HIDDEN_PASSWORD_PLACEHOLDER },
      configuration: { 'basic.auth.user.info': `reg-user:${HIDDEN_PASSWORD_PLACEHOLDER}` },
    });
    let [row] = await app.db.select().from(kafkaCluster).where(eq(kafkaCluster.id, clusterId));
    expect(app.secretBox.decrypt(row!.passwordEncrypted!)).toBe('kafka-secret');
    expect(app.secretBox.decrypt(row!.schemaRegistryUserInfoEncrypted!)).toBe(
      'reg-user:reg-secret',
    );

    // The placeholder itself is refused where the contract says it is never sent.
    response = await call(team.user, routes.updateKafkaCluster, params, {
      ...CLUSTER,
      authentication: { ...CLUSTER.authentication, password: HIDDEN_PASSWORD_PLACEHOLDER },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual(
      expect.objectContaining({ path: 'body.authentication.password' }),
    );

    response = await call(team.user, routes.updateKafkaCluster, params, {
      ...CLUSTER,
      authentication: { ...CLUSTER.authentication, password: 'rotated' },
    });
    expect(response.statusCode).toBe(200);
    [row] = await app.db.select().from(kafkaCluster).where(eq(kafkaCluster.id, clusterId));
    expect(app.secretBox.decrypt(row!.passwordEncrypted!)).toBe('rotated');
  });

  it('adds, replaces and deletes publishers and subscribers, each change restarting the adapter', async () => {
    const serviceId = await serviceOn('small');
    const adapterId = await createAdapter(serviceId);
    const clusterId = (
      (
        await call(team.user, routes.createKafkaCluster, { serviceId, adapterId }, CLUSTER)
      ).json() as {
        id: string;
      }
    ).id;
    const params = { serviceId, adapterId, clusterId };
    const publisher = await call(team.user, routes.createKafkaPublisher, params, {
      label: 'out',
      framework: { heraldTopicSelector: '?sensors//' },
    });
    expect(publisher.statusCode, publisher.body).toBe(201);
    const publisherId = (publisher.json() as { id: string }).id;
    const subscriber = await call(team.user, routes.createKafkaSubscriber, params, {
      label: 'in',
      kafkaTopics: ['orders'],
      consumerGroupId: 'herald',
    });
    expect(subscriber.statusCode, subscriber.body).toBe(201);
    const subscriberId = (subscriber.json() as { id: string }).id;

    const [adapter] = await list(serviceId);
    expect(adapter!.kafkaServices).toEqual([
      {
        id: publisherId,
        type: 'PUBLISHING_SERVICE',
        clusterId,
        label: 'out',
        kafkaTopicPattern: '${topic}',
        keyValue: null,
        valueType: 'STRING',
        framework: { heraldTopicSelector: '?sensors//', updateTimeoutMs: 30_000 },
        payloadConverters: [],
      },
      {
        id: subscriberId,
        type: 'SUBSCRIPTION_SERVICE',
        clusterId,
        label: 'in',
        regexSubscription: false,
        kafkaTopics: ['orders'],
        consumerGroupId: 'herald',
        consumerCount: 1,
        keyType: 'STRING',
        valueType: 'STRING',
        heraldTopicPattern: 'kafka/${topic}/${partition}',
        createTopicHierarchy: false,
        pollTimeout: 500,
        framework: { publicationRetries: 3, retryIntervalMs: 1000 },
        topicProperties: {
          persistencePolicy: 'SERVER',
          timeSeries: false,
          timeSeriesRetainedRange: null,
          timeSeriesSubscriptionRange: null,
          publishesValueOnly: false,
          doNotRetainValue: false,
        },
        payloadConverters: [],
      },
    ]);
    const generation = async () =>
      (await app.db.select().from(kafkaAdapter).where(eq(kafkaAdapter.id, adapterId)))[0]!
        .restartGeneration;
    const before = await generation();

    let response = await call(
      team.user,
      routes.updateKafkaSubscriber,
      { ...params, subscriberId },
      {
        label: 'in',
        kafkaTopics: ['orders', 'returns'],
        consumerGroupId: 'herald',
        consumerCount: 2,
        payloadConverters: [{ name: '$CSV_to_JSON', parameters: { headers: ['id', 'qty'] } }],
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: subscriberId,
      kafkaTopics: ['orders', 'returns'],
      consumerCount: 2,
      payloadConverters: [{ name: '$CSV_to_JSON', parameters: { headers: ['id', 'qty'] } }],
    });
    expect(await generation()).toBe(before + 1);

    response = await call(
      team.user,
      routes.updateKafkaSubscriber,
      { ...params, subscriberId },
      { label: 'in', kafkaTopics: [], consumerGroupId: 'herald', consumerCount: 0 },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().issues.map((issue: { path: string }) => issue.path)).toEqual(
      expect.arrayContaining(['body.kafkaTopics', 'body.consumerCount']),
    );

    // A publisher's id on the subscriber path is not a subscriber.
    response = await call(team.user, routes.deleteKafkaSubscriber, {
      ...params,
      subscriberId: publisherId,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: KAFKA_NOT_FOUND_MESSAGES.subscriber });

    response = await call(
      team.user,
      routes.updateKafkaPublisher,
      { ...params, publisherId },
      {
        label: 'out',
        kafkaTopicPattern: 'herald.${topic}',
        keyValue: 'device',
        valueType: 'JSON',
        framework: { heraldTopicSelector: '?sensors//', updateTimeoutMs: 5000 },
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      kafkaTopicPattern: 'herald.${topic}',
      keyValue: 'device',
    });

    response = await call(team.user, routes.deleteKafkaPublisher, { ...params, publisherId });
    expect(response.statusCode).toBe(204);
    expect((await list(serviceId))[0]!.kafkaServices.map((item) => item.id)).toEqual([
      subscriberId,
    ]);

    // Deleting the cluster takes its subscriber with it.
    response = await call(team.user, routes.deleteKafkaCluster, params);
    expect(response.statusCode).toBe(204);
    expect((await list(serviceId))[0]).toMatchObject({
      kafkaClusterConfigs: [],
      kafkaServices: [],
    });
    response = await call(team.user, routes.deleteKafkaCluster, params);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: KAFKA_NOT_FOUND_MESSAGES.cluster });
  });

  it('enables and disables an adapter, and deletes it with everything under it', async () => {
    const serviceId = await serviceOn('small');
    const adapterId = await createAdapter(serviceId);
    await call(team.user, routes.createKafkaCluster, { serviceId, adapterId }, CLUSTER);
    reconciled.length = 0;
    let response = await call(team.user, routes.disableKafkaAdapter, { serviceId, adapterId });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: adapterId, active: false });
    expect(reconciled).toEqual([serviceId]);
    expect((await list(serviceId))[0]!.active).toBe(false);
    response = await call(team.user, routes.enableKafkaAdapter, { serviceId, adapterId });
    expect(response.json()).toEqual({ id: adapterId, active: true });

    // Not running (the stub provisioner starts nothing): the live state says so with the status.
    response = await call(team.user, routes.getKafkaAdapterState, { serviceId, adapterId });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      running: false,
      status: 'CHECKING',
      clusters: [],
      subscribers: [],
      publishers: [],
    });

    response = await call(team.user, routes.deleteKafkaAdapter, { serviceId, adapterId });
    expect(response.statusCode).toBe(204);
    expect(await list(serviceId)).toEqual([]);
    expect(
      await app.db.select().from(kafkaCluster).where(eq(kafkaCluster.adapterId, adapterId)),
    ).toEqual([]);
    response = await call(team.user, routes.deleteKafkaAdapter, { serviceId, adapterId });
    expect(response.statusCode).toBe(404);
  });

  it('deletes a service’s adapters with the service', async () => {
    const serviceId = await serviceOn('small');
    const adapterId = await createAdapter(serviceId);
    await call(team.user, routes.createKafkaCluster, { serviceId, adapterId }, CLUSTER);
    await app.db.delete(service).where(eq(service.id, serviceId));
    expect(await app.db.select().from(kafkaAdapter).where(eq(kafkaAdapter.id, adapterId))).toEqual(
      [],
    );
    expect(
      await app.db.select().from(kafkaService).where(eq(kafkaService.adapterId, adapterId)),
    ).toEqual([]);
  });

  it('lists the calls in /v3/openapi.json', async () => {
    const document = (await app.inject({ method: 'GET', url: '/v3/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId: string; tags: string[] }>>;
    };
    const kafkaOperations = Object.values(document.paths)
      .flatMap((operations) => Object.values(operations))
      .filter((operation) => operation.tags.includes('kafka-gateway'))
      .map((operation) => operation.operationId);
    expect(kafkaOperations).toHaveLength(20);
    expect(kafkaOperations).toContain('getKafkaAdapterState');
  });
});
