import type { LogKind } from '@herald/contract/logs/logs.schema';

/** Which log a view shows: one service's log of one kind (and, for a Kafka adapter, which adapter). */
export type LogViewSource =
  | { serviceId: string; kind: 'event' | 'service' | 'rest-adapter' }
  | { serviceId: string; kind: 'kafka-adapter'; adapterId: string };

/** A stable string naming the source, for effect dependencies and keys. */
export function logSourceKey(source: LogViewSource): string {
  return source.kind === 'kafka-adapter'
    ? `${source.serviceId}/${source.kind}/${source.adapterId}`
    : `${source.serviceId}/${source.kind}`;
}

/** The kind's words in a file name or heading (`kafka-adapter-k1`). */
export function logSourceSlug(source: LogViewSource): LogKind | string {
  return source.kind === 'kafka-adapter' ? `kafka-adapter-${source.adapterId}` : source.kind;
}
