import { describe, expect, it } from 'vitest';
import { LOG_LEVEL_RANK, SERVICE_LOG_NAMESPACE, logSourceMetadata } from './log-source';
import { LOG_KINDS, LOG_LEVELS } from './logs.schema';

describe('logSourceMetadata', () => {
  it.each([
    ['event', undefined, 'herald-control-plane', 'events'],
    ['service', undefined, 'herald', 'runtime'],
    ['kafka-adapter', 'orders', 'herald-kafka-adapter', 'kafka-adapter-orders'],
    ['rest-adapter', undefined, 'herald-rest-adapter', 'rest-adapter'],
  ] as const)(
    'names the %s log of service demo (adapter %s): app %s, container %s',
    (kind, adapterId, app, container) => {
      expect(logSourceMetadata(kind, 'demo', adapterId)).toEqual({
        namespace: 'herald-services',
        pod: 'demo-0',
        app,
        container,
      });
    },
  );

  it('covers every log kind, all in the services namespace and the service pod', () => {
    for (const kind of LOG_KINDS) {
      const metadata = logSourceMetadata(kind, 'billing-eu', 'a1');
      expect(metadata.namespace).toBe(SERVICE_LOG_NAMESPACE);
      expect(metadata.pod).toBe('billing-eu-0');
      expect(metadata.app).not.toBe('');
      expect(metadata.container).not.toBe('');
    }
  });

  it('gives each Kafka adapter its own container', () => {
    expect(logSourceMetadata('kafka-adapter', 'demo', 'a').container).not.toBe(
      logSourceMetadata('kafka-adapter', 'demo', 'b').container,
    );
  });

  it('ignores an adapter id for the kinds that have none', () => {
    expect(logSourceMetadata('service', 'demo', 'x')).toEqual(logSourceMetadata('service', 'demo'));
    expect(logSourceMetadata('rest-adapter', 'demo', 'x')).toEqual(
      logSourceMetadata('rest-adapter', 'demo'),
    );
  });
});

describe('LOG_LEVEL_RANK', () => {
  it('ranks the levels in the order LOG_LEVELS lists them, least severe first', () => {
    expect(LOG_LEVELS.map((level) => LOG_LEVEL_RANK[level])).toEqual([0, 1, 2, 3]);
  });
});
