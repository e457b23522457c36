import type { Aedes } from 'aedes';
import {
  SYS_SERVER_TOPIC,
  SYS_SESSIONS_LIMIT,
  SYS_SESSIONS_TOPIC,
  type SysServer,
  type SysSessions,
} from '@herald/contract/console/console.schema';

/**
 * The retained `$SYS/herald/server` and `$SYS/herald/sessions` (JSON) that the service console reads
 * (docs/decisions/020). They are published by the broker itself, so they are not topics of the registry: they do
 * not count against the capacity, are not in the topic tree or the log, and only sessions with the global
 * permission VIEW_SERVER may subscribe to `$SYS/` (contract security/mqtt-rights.ts). Each session is listed with the
 * session properties it proposed and the service trusts. A change of the sessions publishes at most once per
 * `minIntervalMs` (a burst of 1,000 connects is one publish, not 1,000); uptime refreshes every `refreshMs`.
 */
export interface SysTopicSource {
  serviceId: string;
  serviceName: string;
  version: string;
  startedAt: number;
  topicsCapacity: number;
  topicCount(): number;
  sessions(): SysSessions['sessions'];
}

export interface SysTopics {
  /** A session came or went: publish soon (throttled). */
  changed(): void;
  stop(): void;
}

export function startSysTopics(
  broker: Pick<Aedes, 'publish'>,
  source: SysTopicSource,
  options: { minIntervalMs?: number; refreshMs?: number; now?: () => number } = {},
): SysTopics {
  const minIntervalMs = options.minIntervalMs ?? 500;
  const now = options.now ?? Date.now;
  let lastPublish = 0;
  let pending: NodeJS.Timeout | null = null;
  let stopped = false;

  const publish = (topic: string, body: unknown) =>
    broker.publish(
      {
        cmd: 'publish',
        topic,
        payload: Buffer.from(JSON.stringify(body)),
        qos: 0,
        retain: true,
        dup: false,
      },
      () => undefined,
    );

  const publishNow = () => {
    if (stopped) return;
    pending = null;
    lastPublish = now();
    const all = source.sessions();
    const sessions: SysSessions = {
      total: all.length,
      sessions: [...all]
        .sort((a, b) => a.connectedAt.localeCompare(b.connectedAt))
        .slice(0, SYS_SESSIONS_LIMIT),
    };
    const server: SysServer = {
      serviceId: source.serviceId,
      serviceName: source.serviceName,
      version: source.version,
      startedAt: new Date(source.startedAt).toISOString(),
      uptimeSeconds: Math.floor((lastPublish - source.startedAt) / 1000),
      sessions: all.length,
      topics: source.topicCount(),
      topicsCapacity: source.topicsCapacity,
      updatedAt: new Date(lastPublish).toISOString(),
    };
    publish(SYS_SERVER_TOPIC, server);
    publish(SYS_SESSIONS_TOPIC, sessions);
  };

  const changed = () => {
    if (stopped || pending !== null) return;
    const wait = Math.max(0, lastPublish + minIntervalMs - now());
    pending = setTimeout(publishNow, wait);
    pending.unref();
  };

  publishNow();
  const refresh = setInterval(changed, options.refreshMs ?? 5_000);
  refresh.unref();

  return {
    changed,
    stop() {
      stopped = true;
      clearInterval(refresh);
      if (pending !== null) clearTimeout(pending);
    },
  };
}
