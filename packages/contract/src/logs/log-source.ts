import type { LogKind } from './logs.schema';

/** The spec's log metadata without the paging fields (section 3: namespace, pod, app, container). */
export interface LogSourceMetadata {
  namespace: string;
  pod: string;
  app: string;
  container: string;
}

/** Every service's pods live in one namespace (as the Kubernetes provisioner will place them). */
export const SERVICE_LOG_NAMESPACE = 'herald-services';

/**
 * Where a log kind's lines come from, named the way a Kubernetes installation names them: the service's pod
 * `{serviceName}-0`, the app that wrote the lines and its container. Event logs are written by the control plane
 * about the service, so their pod is still the service's.
 */
export function logSourceMetadata(
  kind: LogKind,
  serviceName: string,
  adapterId?: string,
): LogSourceMetadata {
  const pod = `${serviceName}-0`;
  switch (kind) {
    case 'event':
      return {
        namespace: SERVICE_LOG_NAMESPACE,
        pod,
        app: 'herald-control-plane',
        container: 'events',
      };
    case 'service':
      return { namespace: SERVICE_LOG_NAMESPACE, pod, app: 'herald', container: 'runtime' };
    case 'kafka-adapter':
      return {
        namespace: SERVICE_LOG_NAMESPACE,
        pod,
        app: 'herald-kafka-adapter',
        container: `kafka-adapter-${adapterId ?? ''}`,
      };
    case 'rest-adapter':
      return {
        namespace: SERVICE_LOG_NAMESPACE,
        pod,
        app: 'herald-rest-adapter',
        container: 'rest-adapter',
      };
  }
}

/** Severity order of LOG_LEVELS: `level` filters keep entries at least this severe. */
export const LOG_LEVEL_RANK = { debug: 0, info: 1, warn: 2, error: 3 } as const;

/**
 * Where the lines shown come from, said for people (issue 25: "Pod weather-station-0 · Container runtime" means
 * nothing to most users), read from the log's metadata; null when the log names no source (nothing loaded yet).
 */
export function logSourceText(
  metadata: Pick<LogSourceMetadata, 'pod' | 'container'>,
): string | null {
  if (metadata.pod === '') return null;
  const { container } = metadata;
  if (container === 'runtime') return "Written by the service's MQTT broker";
  if (container === 'events') return 'What happened to the service, recorded by Herald Cloud';
  if (container === 'rest-adapter') return "Written by the service's REST adapter";
  if (container.startsWith('kafka-adapter-')) {
    const adapter = container.slice('kafka-adapter-'.length);
    return adapter === ''
      ? "Written by the service's Kafka adapters"
      : `Written by the service's Kafka adapter ${adapter}`;
  }
  return `Written by ${container}`;
}
