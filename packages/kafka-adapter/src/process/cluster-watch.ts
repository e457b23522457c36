import type { Logger } from '@herald/runtime/log';
import { messageOf } from '../converters/conversion-error';
import { testKafkaConnection } from '../kafka/test-connection';
import type { ClusterSettings } from '../kafka/client-options';
import type { ClusterState } from './adapter-state';

/**
 * Each cluster's connection as people read it (the adapter screens' "connected"): asked of the cluster every
 * `reconnectInterval` ms (at least every 5 s) and told by the subscribers' consumers as they join or lose it. Only a
 * change is logged, in words: "Cluster "x" is reachable again." / "Cluster "x" is not reachable: …".
 */
export interface ClusterWatch {
  link(id: string): { connected(): void; failed(error: string): void };
  states(): ClusterState[];
  stop(): void;
}

const MIN_PROBE_INTERVAL_MS = 5_000;

export function watchClusters(
  clusters: readonly (ClusterSettings & { id: string; label: string })[],
  options: { reconnectIntervalMs: number; log: Logger },
): ClusterWatch {
  const states = new Map<string, ClusterState>(
    clusters.map((cluster) => [cluster.id, { id: cluster.id, connected: false }]),
  );
  const labelOf = (id: string) => clusters.find((cluster) => cluster.id === id)?.label ?? id;
  const set = (id: string, connected: boolean, error?: string) => {
    const before = states.get(id);
    if (before === undefined) return;
    states.set(id, { id, connected, ...(error === undefined ? {} : { error }) });
    // A change is logged, not each failed attempt (the probe's and the consumers' words for one outage differ).
    const isFirstProbe = !before.connected && before.error === undefined;
    if (before.connected === connected && !isFirstProbe) return;
    if (connected) options.log.info(`Cluster "${labelOf(id)}" is reachable.`, { cluster: id });
    else {
      options.log.warn(
        `Cluster "${labelOf(id)}" is not reachable: ${error}; trying again every ${options.reconnectIntervalMs} ms`,
        { cluster: id },
      );
    }
  };
  let stopped = false;
  const probe = async () => {
    for (const cluster of clusters) {
      if (stopped) return;
      try {
        await testKafkaConnection(cluster);
        set(cluster.id, true);
      } catch (error) {
        // The cause in the client's words: the connection test's section 8 sentence is for the test's caller.
        set(cluster.id, false, messageOf((error as Error).cause ?? error));
      }
    }
  };
  void probe();
  const timer = setInterval(
    () => void probe(),
    Math.max(MIN_PROBE_INTERVAL_MS, options.reconnectIntervalMs),
  );
  timer.unref();
  return {
    link: (id) => ({ connected: () => set(id, true), failed: (error) => set(id, false, error) }),
    states: () => [...states.values()],
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
