import { describe, expect, it } from 'vitest';
import {
  LOG_LEVEL_RANK,
  SERVICE_LOG_NAMESPACE,
  logSourceMetadata,
  logSourceText,
} from './log-source';
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

describe('logSourceText', () => {
  it.each([
    ['event', undefined, 'What happened to the service, recorded by Herald Cloud'],
    ['service', undefined, "Written by the service's MQTT broker"],
    ['kafka-adapter', 'orders', "Written by the service's Kafka adapter orders"],
    ['kafka-adapter', undefined, "Written by the service's Kafka adapters"],
    ['rest-adapter', undefined, "Written by the service's REST adapter"],
  ] as const)(
    'says where the %s log (adapter %s) comes from for people: %s',
    (kind, adapterId, text) => {
      const metadata = logSourceMetadata(kind, 'weather-station', adapterId);
      expect(logSourceText(metadata)).toBe(text);
      expect(logSourceText(metadata)).not.toMatch(/pod|container|weather-station-0/i);
    },
  );

  it('says nothing before a log is loaded, and names an unknown writer as it is', () => {
    expect(logSourceText({ pod: '', container: '' })).toBeNull();
    expect(logSourceText({ pod: 'x-0', container: 'sidecar' })).toBe('Written by sidecar');
  });
});
