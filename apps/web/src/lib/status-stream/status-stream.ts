import { buildPath } from '@herald/contract/api/define-route';
import {
  SERVICE_STATUS_EVENT,
  parseServiceStatusEvent,
} from '@herald/contract/services/service-status-stream';
import type { ServiceStatusEvent } from '@herald/contract/services/service-status-stream';
import type { Service, ServiceStatusResponse } from '@herald/contract/services/service.schema';
import type { WorkspaceServiceStatus } from '@herald/contract/workspaces/workspace.schema';
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { loadApi } from '../api/load-api';
import { serviceKeys } from '../queries/service-queries';
import { setStatusStreamOpen } from './status-stream-state';

/** After a refused or failed stream (429, 401, a server restart) a new one is tried after this, doubling. */
const REOPEN_FIRST_MS = 5_000;
const REOPEN_MAX_MS = 60_000;

interface Stream {
  users: number;
  source: EventSource | null;
  isOpen: boolean;
  reopenTimer: ReturnType<typeof setTimeout> | null;
  reopenDelay: number;
}

/** One stream per workspace per tab, shared by every component that wants it (docs/decisions/016). */
const streams = new Map<string, Stream>();

/** Puts one status change into every cached query that shows it, so cards and the overview follow at once. */
export function applyStatusEvent(
  queryClient: QueryClient,
  workspaceId: string,
  event: ServiceStatusEvent,
): void {
  const { serviceId, status, mqttPort } = event;
  // A fetch in flight may have been answered before this change: it must not overwrite it.
  void queryClient.cancelQueries({ queryKey: serviceKeys.status(serviceId), exact: true });
  void queryClient.cancelQueries({
    queryKey: serviceKeys.statusesOfWorkspace(workspaceId),
    exact: true,
  });
  queryClient.setQueryData<ServiceStatusResponse>(serviceKeys.status(serviceId), (old) => ({
    serviceId,
    status,
    suspensionReason: old?.suspensionReason ?? null,
  }));
  const withStatus = (service: Service): Service =>
    service.serviceId === serviceId
      ? { ...service, status, endpoints: { ...service.endpoints, mqttPort } }
      : service;
  queryClient.setQueryData<Service>(serviceKeys.detail(serviceId), (old) => old && withStatus(old));
  queryClient.setQueryData<Service[]>(serviceKeys.ofWorkspace(workspaceId), (old) =>
    old?.map(withStatus),
  );
  const statuses = queryClient.getQueryData<WorkspaceServiceStatus[]>(
    serviceKeys.statusesOfWorkspace(workspaceId),
  );
  if (statuses?.some((item) => item.serviceId === serviceId)) {
    queryClient.setQueryData<WorkspaceServiceStatus[]>(
      serviceKeys.statusesOfWorkspace(workspaceId),
      statuses.map((item) => (item.serviceId === serviceId ? { ...item, status } : item)),
    );
  } else {
    // A service this tab has not seen (created elsewhere): fetch the list again.
    void queryClient.invalidateQueries({ queryKey: serviceKeys.ofWorkspace(workspaceId) });
  }
}

/**
 * The status queries fetch once whenever the stream opens or drops: what changed while it was down is caught up,
 * and their poll intervals are worked out again (on while the stream is down, off while it is open).
 */
function resync(queryClient: QueryClient, workspaceId: string): void {
  void queryClient.invalidateQueries({ queryKey: serviceKeys.statusesOfWorkspace(workspaceId) });
  void queryClient.invalidateQueries({
    predicate: (query) =>
      query.queryKey[0] === serviceKeys.all[0] &&
      query.queryKey[1] === 'detail' &&
      query.queryKey[3] === 'status',
  });
}

function connect(queryClient: QueryClient, workspaceId: string, stream: Stream): void {
  // The route table loads lazily (it carries every schema, bundle budget); the path comes from it.
  void loadApi().then(({ routes }) => {
    if (stream.users === 0 || stream.source !== null) return;
    const path = buildPath(routes.streamWorkspaceServiceStatuses.path, { workspaceId });
    listen(queryClient, workspaceId, stream, new EventSource(path));
  });
}

function listen(
  queryClient: QueryClient,
  workspaceId: string,
  stream: Stream,
  source: EventSource,
): void {
  stream.source = source;
  source.addEventListener('open', () => {
    stream.isOpen = true;
    setStatusStreamOpen(workspaceId, true);
    stream.reopenDelay = REOPEN_FIRST_MS;
    resync(queryClient, workspaceId);
  });
  source.addEventListener(SERVICE_STATUS_EVENT, (message) => {
    const event = parseServiceStatusEvent((message as MessageEvent<string>).data);
    if (event) applyStatusEvent(queryClient, workspaceId, event);
  });
  source.addEventListener('error', () => {
    const wasOpen = stream.isOpen;
    stream.isOpen = false;
    setStatusStreamOpen(workspaceId, false);
    // Quietly: a brief drop only brings the poll back until the browser reconnects.
    if (wasOpen) resync(queryClient, workspaceId);
    if (source.readyState !== EventSource.CLOSED || stream.users === 0) return;
    // The browser gives up on an answer other than 200 (429, 401, 503 while a server restarts): try again later.
    source.close();
    stream.source = null;
    stream.reopenTimer = setTimeout(() => {
      stream.reopenTimer = null;
      if (stream.users > 0) connect(queryClient, workspaceId, stream);
    }, stream.reopenDelay);
    stream.reopenDelay = Math.min(stream.reopenDelay * 2, REOPEN_MAX_MS);
  });
}

/**
 * Keeps this tab subscribed to the workspace's live service statuses while the calling component is mounted.
 * Without EventSource (old browsers, tests) nothing happens and the 10 s poll does the work.
 */
export function useServiceStatusStream(workspaceId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    let stream = streams.get(workspaceId);
    if (!stream) {
      stream = {
        users: 0,
        source: null,
        isOpen: false,
        reopenTimer: null,
        reopenDelay: REOPEN_FIRST_MS,
      };
      streams.set(workspaceId, stream);
    }
    const current = stream;
    current.users += 1;
    if (current.users === 1) connect(queryClient, workspaceId, current);
    return () => {
      current.users -= 1;
      if (current.users > 0) return;
      current.source?.close();
      if (current.reopenTimer) clearTimeout(current.reopenTimer);
      streams.delete(workspaceId);
      setStatusStreamOpen(workspaceId, false);
      if (current.isOpen) resync(queryClient, workspaceId);
    };
  }, [queryClient, workspaceId]);
}
