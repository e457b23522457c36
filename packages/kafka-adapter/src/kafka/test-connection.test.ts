import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKafkaMock, type KafkaMock } from '@herald/kafka-mock/start-kafka-mock';
import { KAFKA_MESSAGES } from '@herald/contract/messages';
import { testKafkaConnection } from './test-connection';
import { kafkaClientConfig } from './client-options';

/** A loopback port nothing listens on: bound, read, closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const plaintext = { securityProtocol: 'plaintext' } as const;

describe('testKafkaConnection', () => {
  let mock: KafkaMock;
  beforeAll(async () => {
    mock = await startKafkaMock({ topics: ['orders'] });
  }, 120_000);
  afterAll(async () => {
    await mock?.stop();
  });

  it('resolves against a cluster that answers', async () => {
    await expect(
      testKafkaConnection({ kafkaBrokerAddresses: [...mock.brokers], authentication: plaintext }),
    ).resolves.toBeUndefined();
  });

  it('fails with section 8 words and the cause for a closed port', async () => {
    const port = await closedPort();
    const failure = testKafkaConnection({
      kafkaBrokerAddresses: [`127.0.0.1:${port}`],
      authentication: plaintext,
    });
    await expect(failure).rejects.toThrow(KAFKA_MESSAGES.failedToTestConnection);
    await expect(failure).rejects.toThrow(/ECONNREFUSED|refused|connect/i);
  });

  it('refuses GSSAPI in words, before any connection', async () => {
    const failure = testKafkaConnection({
      kafkaBrokerAddresses: [...mock.brokers],
      authentication: {
        securityProtocol: 'sasl_plaintext',
        saslMechanism: 'GSSAPI',
        kerberosServiceName: 'kafka',
      },
    });
    await expect(failure).rejects.toThrow(KAFKA_MESSAGES.failedToTestConnection);
    await expect(failure).rejects.toThrow(/GSSAPI \(Kerberos\) is not supported/);
  });
});

describe('kafkaClientConfig', () => {
  const brokers = ['kafka-1:9092'];

  it('maps SASL PLAIN, and SCRAM named by sasl.mechanism, with TLS for sasl_ssl', () => {
    const plain = kafkaClientConfig(
      {
        kafkaBrokerAddresses: brokers,
        authentication: {
          securityProtocol: 'sasl_plaintext',
          saslMechanism: 'PLAIN',
          userName: 'u',
          password: 'p',
        },
      },
      { clientId: 'c' },
    );
    expect(plain.sasl).toEqual({ mechanism: 'plain', username: 'u', password: 'p' });
    expect(plain.ssl).toBeUndefined();
    const scram = kafkaClientConfig(
      {
        kafkaBrokerAddresses: brokers,
        configuration: { 'sasl.mechanism': 'SCRAM-SHA-512' },
        authentication: {
          securityProtocol: 'sasl_ssl',
          saslMechanism: 'PLAIN',
          userName: 'u',
          password: 'p',
        },
      },
      { clientId: 'c' },
    );
    expect(scram.sasl).toEqual({ mechanism: 'scram-sha-512', username: 'u', password: 'p' });
    expect(scram.ssl).toEqual({ rejectUnauthorized: true });
  });

  it('names a timeout that is not a number of milliseconds', () => {
    expect(() =>
      kafkaClientConfig(
        {
          kafkaBrokerAddresses: brokers,
          configuration: { 'request.timeout.ms': 'soon' },
          authentication: plaintext,
        },
        { clientId: 'c' },
      ),
    ).toThrow('request.timeout.ms must be a whole number of milliseconds, not "soon"');
  });
});
