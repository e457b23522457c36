import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { buildPath } from '@herald/contract/api/define-route';
import { routes } from '@herald/contract/api/routes';
import { KAFKA_MESSAGES } from '@herald/contract/messages';
import { startKafkaMock } from '@herald/kafka-mock/start-kafka-mock';
import type { KafkaMock } from '@herald/kafka-mock/start-kafka-mock';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kafkaCluster } from '../../db/schema';
import { insertTestService, stubProvisioner } from '../../testing/test-services';
import { useTestApp } from '../../testing/use-test-app';
import { callAs, createTestTeam } from '../../testing/test-workspaces';
import { eq } from 'drizzle-orm';
import { insertTestKafkaAdapter } from './testing/kafka-test-data';

/** A loopback port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('POST .../gateway-kafka-adapters/test-connection', () => {
  let app: FastifyInstance;
  let mock: KafkaMock;
  let team: Awaited<ReturnType<typeof createTestTeam>>;
  let serviceId: string;
  useTestApp((ready) => {
    ({ app } = ready);
    stubProvisioner(app);
  });
  beforeAll(async () => {
    mock = await startKafkaMock({ topics: ['orders'] });
    team = await createTestTeam(app, 'Kafka connection');
    serviceId = (await insertTestService(app, team.workspaceId)).row.id;
  }, 120_000);
  afterAll(async () => {
    await mock?.stop();
  });

  const test = (body: unknown) =>
    callAs(app, team.user, 'POST', buildPath(routes.testKafkaConnection.path, { serviceId }), body);
  const plaintext = { securityProtocol: 'plaintext' };

  it('answers true when the cluster answers', async () => {
    const response = await test({ kafkaBrokerAddresses: mock.brokers, authentication: plaintext });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toBe(true);
  });

  it('answers 400 with the failed-connection words for a closed port, in under 2 s', async () => {
    const port = await closedPort();
    const started = performance.now();
    const response = await test({
      kafkaBrokerAddresses: [`127.0.0.1:${port}`],
      authentication: plaintext,
    });
    const elapsed = performance.now() - started;
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect(response.json().message).toContain(KAFKA_MESSAGES.failedToTestConnection);
    expect(elapsed).toBeLessThan(2000);
  });

  it('tests a stored cluster with its stored settings, and names an unknown owner', async () => {
    const { adapterId, clusterId } = await insertTestKafkaAdapter(app, serviceId);
    await app.db
      .update(kafkaCluster)
      .set({ brokerAddresses: mock.brokers as string[] })
      .where(eq(kafkaCluster.id, clusterId));
    let response = await test({
      kafkaBrokerAddresses: mock.brokers,
      authentication: plaintext,
      clusterId,
      kafkaAdapterId: adapterId,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toBe(true);

    response = await test({
      kafkaBrokerAddresses: mock.brokers,
      authentication: plaintext,
      clusterId,
      kafkaAdapterId: 'no-such-adapter',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: KAFKA_MESSAGES.clusterOwnerNotFound });

    // The two ids travel together.
    response = await test({
      kafkaBrokerAddresses: mock.brokers,
      authentication: plaintext,
      clusterId,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual(
      expect.objectContaining({ path: 'body.kafkaAdapterId' }),
    );
  });

  it('reports GSSAPI as not supported, in words, as a failed test', async () => {
    const response = await test({
      kafkaBrokerAddresses: mock.brokers,
      authentication: {
        securityProtocol: 'sasl_plaintext',
        saslMechanism: 'GSSAPI',
        kerberosServiceName: 'kafka',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(KAFKA_MESSAGES.failedToTestConnection);
    expect(response.json().message).toContain('GSSAPI');
  });
});
