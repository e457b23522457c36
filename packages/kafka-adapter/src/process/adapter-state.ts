import type { KafkaAdapterProcessState } from '@herald/contract/kafka/kafka-adapter-state';
import type { SubscriberSample } from '../subscriber/subscriber-stats';

/**
 * What GET /state answers (docs/decisions/048), which the control plane proxies to the adapter screens: each
 * cluster's connection, each subscriber's counters, lag and last records (the sample panel, issue 27 item 9), each
 * publisher's counters (or why it is not running).
 */
export interface ClusterState {
  id: string;
  connected: boolean;
  error?: string;
}

export interface SubscriberState {
  id: string;
  /** Records behind the partitions' ends, all partitions together. */
  lag: number;
  lagByPartition: Record<string, number>;
  ratePerSecond: number;
  consumed: number;
  published: number;
  failed: number;
  samples: SubscriberSample[];
  error?: string;
}

export interface PublisherState {
  id: string;
  produced: number;
  failed: number;
  buffered: number;
  ratePerSecond: number;
  error?: string;
}

export interface AdapterState {
  clusters: ClusterState[];
  subscribers: SubscriberState[];
  publishers: PublisherState[];
}

/** The control plane parses /state with the contract's schema: this stops compiling when the two drift apart. */
type Conforms<T extends KafkaAdapterProcessState> = T;
export type ContractAdapterState = Conforms<AdapterState>;
