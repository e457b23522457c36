import { Kafka } from 'kafkajs';
import { KAFKA_MESSAGES } from '@herald/contract/messages';
import { kafkaClientConfig, type ClusterSettings } from './client-options';

/** The connection test's own budget: the issue wants an answer in under 2 s for a closed port. */
const TEST_CONNECTION_TIMEOUT_MS = 1500;

/** A failed connection test: its message starts with section 8's words, then says why in the client's words. */
export class KafkaConnectionTestError extends Error {
  override name = 'KafkaConnectionTestError';
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Connects to the cluster as an admin client with no retries and asks for its brokers (a Metadata request, which
 * every Kafka and the test peer serve). Resolves when the cluster answered; otherwise throws KafkaConnectionTestError
 * whose message contains KAFKA_MESSAGES.failedToTestConnection and the cause (refused, timed out, SASL refused,
 * GSSAPI not supported, …).
 */
export async function testKafkaConnection(
  settings: ClusterSettings,
  timeoutMs = TEST_CONNECTION_TIMEOUT_MS,
): Promise<void> {
  let admin: ReturnType<Kafka['admin']> | undefined;
  try {
    const config = kafkaClientConfig(settings, {
      clientId: 'herald-connection-test',
      retries: 0,
      connectionTimeoutMs: Math.min(1000, timeoutMs),
    });
    admin = new Kafka(config).admin({ retry: { retries: 0 } });
    const connected = admin;
    await withTimeout(
      (async () => {
        await connected.connect();
        await connected.describeCluster();
      })(),
      timeoutMs,
    );
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new KafkaConnectionTestError(`${KAFKA_MESSAGES.failedToTestConnection}: ${cause}`, {
      cause: error,
    });
  } finally {
    await admin?.disconnect().catch(() => undefined);
  }
}
