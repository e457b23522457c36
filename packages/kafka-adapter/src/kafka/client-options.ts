import type { KafkaConfig, SASLOptions } from 'kafkajs';
import type { KafkaCluster } from '@herald/contract/kafka/kafka-adapter.schema';

/** A cluster's settings the adapter cannot use, said in words (the connection test and the adapter's log show it). */
export class KafkaSettingsError extends Error {
  override name = 'KafkaSettingsError';
}

/** The cluster as the client needs it: the API's shape, with the stored password in clear (never the placeholder). */
export type ClusterSettings = Pick<KafkaCluster, 'kafkaBrokerAddresses' | 'authentication'> & {
  configuration?: Record<string, string>;
};

/** Kafka's own configuration keys the adapter reads from the cluster's configuration map. */
const KEYS = {
  saslMechanism: 'sasl.mechanism',
  connectTimeout: 'socket.connection.setup.timeout.ms',
  requestTimeout: 'request.timeout.ms',
  sslCa: 'ssl.ca.pem',
  sslVerify: 'enable.ssl.certificate.verification',
} as const;

const DEFAULT_CONNECTION_TIMEOUT_MS = 3000;

function positiveInteger(configuration: Record<string, string>, key: string): number | undefined {
  const text = configuration[key];
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) {
    throw new KafkaSettingsError(`${key} must be a whole number of milliseconds, not "${text}"`);
  }
  return value;
}

/**
 * SASL from the spec's two mechanisms (PLAIN, GSSAPI) and Kafka's own `sasl.mechanism` key in the configuration map,
 * which may name SCRAM-SHA-256 or SCRAM-SHA-512 with the same user name and password. GSSAPI is accepted by the form
 * (section 3) but this client has no Kerberos: it is refused here, in words, at connect.
 */
function saslOf(settings: ClusterSettings): SASLOptions | undefined {
  const { authentication } = settings;
  if (!authentication.securityProtocol.startsWith('sasl_')) return undefined;
  const named = (settings.configuration?.[KEYS.saslMechanism] ?? authentication.saslMechanism ?? '')
    .trim()
    .toUpperCase();
  if (named === 'GSSAPI') {
    throw new KafkaSettingsError(
      'SASL mechanism GSSAPI (Kerberos) is not supported by the Kafka adapter: use PLAIN, SCRAM-SHA-256 or SCRAM-SHA-512',
    );
  }
  const username = authentication.userName ?? '';
  const password = authentication.password ?? '';
  switch (named) {
    case 'PLAIN':
      return { mechanism: 'plain', username, password };
    case 'SCRAM-SHA-256':
      return { mechanism: 'scram-sha-256', username, password };
    case 'SCRAM-SHA-512':
      return { mechanism: 'scram-sha-512', username, password };
    default:
      throw new KafkaSettingsError(
        `SASL mechanism "${named || '(none)'}" is not supported: use PLAIN, SCRAM-SHA-256 or SCRAM-SHA-512`,
      );
  }
}

function sslOf(settings: ClusterSettings): KafkaConfig['ssl'] {
  const protocol = settings.authentication.securityProtocol;
  if (protocol !== 'ssl' && protocol !== 'sasl_ssl') return undefined;
  const configuration = settings.configuration ?? {};
  const ca = configuration[KEYS.sslCa];
  const verify = configuration[KEYS.sslVerify]?.trim().toLowerCase() !== 'false';
  return { ...(ca ? { ca: [ca] } : {}), rejectUnauthorized: verify };
}

/**
 * kafkajs settings for a cluster (docs/decisions/046: the one place that knows the client's option names). The
 * client's own logger is silenced: the adapter logs what happens in its own words, and kafkajs would print secrets'
 * neighbours (broker addresses, SASL mechanism) on every retry.
 */
export function kafkaClientConfig(
  settings: ClusterSettings,
  options: { clientId: string; retries?: number; connectionTimeoutMs?: number },
): KafkaConfig {
  const configuration = settings.configuration ?? {};
  const sasl = saslOf(settings);
  const ssl = sslOf(settings);
  return {
    clientId: options.clientId,
    brokers: [...settings.kafkaBrokerAddresses],
    ...(ssl === undefined ? {} : { ssl }),
    ...(sasl === undefined ? {} : { sasl }),
    connectionTimeout:
      options.connectionTimeoutMs ??
      positiveInteger(configuration, KEYS.connectTimeout) ??
      DEFAULT_CONNECTION_TIMEOUT_MS,
    requestTimeout: positiveInteger(configuration, KEYS.requestTimeout),
    retry: { retries: options.retries ?? 5 },
    logLevel: 0,
  };
}
