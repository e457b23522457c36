import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  createServer as createTcpServer,
  type AddressInfo,
  type Server as TcpServer,
} from 'node:net';
import { Aedes, type Client, type PublishPacket } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';
import { createAdminHandler } from './admin/admin-api';
import { createTokenVerifier } from './auth/token-verifier';
import { createBrokerHooks } from './broker/broker-hooks';
import { skipUnheardClientNotices } from './aedes-patches/client-notices';
import { releaseConnectPacket, slimClient } from './aedes-patches/client-slimming';
import { createKeepAliveWheel } from './aedes-patches/keep-alive-wheel';
import { installFastPacketWrites } from './aedes-patches/packet-fast-write';
import { disablePacketNumberCache } from './aedes-patches/packet-number-cache';
import { createIterativeMqemitter } from './aedes-patches/iterative-mqemitter';
import type { RuntimeConfig } from './process/config';
import { createLogger, type Logger } from './observability/log';
import { createFoldingWarner } from './observability/log-folding';
import { createLoginThrottle } from './policy/login-throttle';
import { PacketSizeGuard, maxRemainingLength } from './policy/packet-size-guard';
import { createCounters } from './observability/metrics';
import {
  decideSubscription,
  isRevokedDashboardSession,
  ownsTopic,
  rebuildRights,
  type SessionIdentity,
} from './policy/session-policy';
import { topicOwner } from '@herald/contract/topics/topic-properties';
import { DurableState } from './state/durable-state';
import { filterMatches } from './policy/mqtt-filter';
import { startRemovalTimer } from './state/topic-removal-timer';
import { startSysTopics } from './broker/sys-topics';
import { coalesceWrites } from './aedes-patches/write-coalescing';

export interface RunningRuntime {
  mqttPort: number;
  httpPort: number;
  /** Closes listeners and broker and writes the state; idempotent. */
  close(): Promise<void>;
}

export interface RuntimeOptions {
  logger?: Logger;
  /** Log size that triggers compaction (tests use a small one). */
  compactAfterBytes?: number;
  /** How often topics' REMOVAL conditions are checked (default 1 s; tests use a shorter one). */
  removalIntervalMs?: number;
}

interface SessionEntry {
  client: Client;
  identity: SessionIdentity;
  transport: 'TCP' | 'WEBSOCKET';
  connectedAt: string;
}

const WEBSOCKET_PATH = '/mqtt';

/** A connection with its packet-size scanner (policy/packet-size-guard.ts). */
type GuardedStream = Duplex & { packetSizeGuard?: PacketSizeGuard };

/** Starts one messaging service: state, broker, MQTT over TCP, and one HTTP server (admin, metrics, WebSocket). */
export async function startRuntime(
  config: RuntimeConfig,
  options: RuntimeOptions = {},
): Promise<RunningRuntime> {
  const logger = options.logger ?? createLogger();
  const startedAt = Date.now();
  disablePacketNumberCache();
  installFastPacketWrites();
  const state = await DurableState.open({
    dir: config.dataDir,
    initialCredentialVersion: config.credentialVersion,
    persistTopics: config.topicPersistence !== false,
    ...(options.compactAfterBytes === undefined
      ? {}
      : { compactAfterBytes: options.compactAfterBytes }),
  });
  logger.info('state loaded', {
    topics: state.topics.size,
    principals: state.principals.size,
    recoveredLogRecords: state.recoveredRecords,
    skippedLogLines: state.skippedRecords,
  });

  const counters = createCounters(startedAt);
  const identities = new WeakMap<Client, SessionIdentity>();
  const sessions = new Map<string, SessionEntry>();
  /** The connected sessions as the admin API and `$SYS/herald/sessions` show them. */
  const sessionList = () =>
    [...sessions.values()].map((session) => ({
      clientId: session.client.id,
      principal: session.identity.principal,
      transport: session.transport,
      connectedAt: session.connectedAt,
      properties: { ...session.identity.properties },
    }));
  /** Each connected client's subscription filters (REMOVAL's "subscriptions < n" counts them). */
  const subscriptions = new Map<string, Set<string>>();
  const verifyToken = createTokenVerifier(config.jwks, {
    serviceId: config.serviceId,
    workspaceId: config.workspaceId,
    credentialVersion: () => state.credentialVersion,
    dashboardRevokedAt: (customerId) => state.dashboardRevocations.get(customerId),
  });

  // A burst of queued messages must not recurse through mqemitter's queue (issue 14: stack overflow).
  const mq = createIterativeMqemitter();
  const broker = await Aedes.createBroker({
    mq,
    ...createBrokerHooks({
      state,
      logger,
      counters,
      identities,
      verifyToken,
      topicsCapacity: config.topicsCapacity,
      maxMessageBytes: config.maxMessageBytes,
      loginThrottle: createLoginThrottle(),
      liveSession: (clientId) => sessions.get(clientId)?.identity,
    }),
  });

  skipUnheardClientNotices(broker, mq);

  // aedes' retained store (in memory); its typings do not expose it. Our log is the durable copy.
  const retainedStore = (
    broker as unknown as { persistence: { storeRetained(packet: PublishPacket): Promise<void> } }
  ).persistence;

  // The current values are the retained messages (DATA-PLANE "Topics").
  for (const [path, topic] of state.topics) {
    if (topic.value === null) continue;
    await retainedStore.storeRetained({
      cmd: 'publish',
      topic: path,
      payload: topic.value,
      qos: 0,
      retain: true,
      dup: false,
    });
  }

  // The console's server information and sessions (docs/decisions/020).
  const sysTopics = startSysTopics(broker, {
    serviceId: config.serviceId,
    serviceName: config.serviceName,
    version: config.version,
    startedAt,
    topicsCapacity: config.topicsCapacity,
    topicCount: () => state.topics.size,
    sessions: sessionList,
  });

  // Per-session memory (issue 14): one shared keep-alive watch, and no CONNECT packet kept after login.
  const keepAlive = createKeepAliveWheel(broker);
  broker.on('clientReady', (client) => {
    keepAlive.adopt(client);
    releaseConnectPacket(client);
    const identity = identities.get(client);
    if (identity === undefined) return;
    // A revocation pushed between this token's check and now missed the session: it goes here.
    const revokedAt =
      identity.dashboard === null
        ? undefined
        : state.dashboardRevocations.get(identity.dashboard.customerId);
    if (
      identity.dashboard !== null &&
      revokedAt !== undefined &&
      isRevokedDashboardSession(identity, identity.dashboard.customerId, revokedAt)
    ) {
      client.close();
      return;
    }
    const transport = client.req === undefined ? 'TCP' : 'WEBSOCKET';
    sessions.set(client.id, { client, identity, transport, connectedAt: new Date().toISOString() });
    sysTopics.changed();
    logger.info('mqtt client connected', {
      clientId: client.id,
      principal: identity.principal,
      transport,
    });
  });
  broker.on('subscribe', (granted, client) => {
    const filters = subscriptions.get(client.id) ?? new Set<string>();
    for (const subscription of granted) filters.add(subscription.topic);
    subscriptions.set(client.id, filters);
  });
  broker.on('unsubscribe', (filters, client) => {
    for (const filter of filters) subscriptions.get(client.id)?.delete(filter);
  });
  broker.on('clientDisconnect', (client) => {
    if (sessions.get(client.id)?.client === client) {
      sessions.delete(client.id);
      subscriptions.delete(client.id);
    }
    sysTopics.changed();
    logger.info('mqtt client disconnected', { clientId: client.id });
  });
  // A connection that drops with deliveries queued fails each of them with the same error: one line and a count.
  const warnOf = createFoldingWarner(logger);
  broker.on('clientError', (client, error) => {
    warnOf(client, 'mqtt client error', { clientId: client.id, error: error.message });
  });
  broker.on('connectionError', (client, error) => {
    warnOf(client, 'mqtt connection error', { clientId: client.id, error: error.message });
  });

  const publishValue = (path: string, value: Buffer | null, retain: boolean) =>
    new Promise<void>((resolve) => {
      broker.publish(
        {
          cmd: 'publish',
          topic: path,
          payload: value ?? Buffer.alloc(0),
          qos: 0,
          retain,
          dup: false,
        },
        () => resolve(),
      );
    });
  const forgetValues = async (paths: string[]) => {
    for (const path of paths) {
      await retainedStore.storeRetained({
        cmd: 'publish',
        topic: path,
        payload: Buffer.alloc(0),
        qos: 0,
        retain: true,
        dup: false,
      });
    }
  };
  /** Removes topics durably (by selector or by their REMOVAL property) and their retained values. */
  const removeTopics = async (paths: string[]) => {
    await state.commitAsync({ op: 'removeTopics', paths });
    await forgetValues(paths);
  };
  const removalTimer = startRemovalTimer({
    state,
    logger,
    intervalMs: options.removalIntervalMs ?? 1000,
    subscriptionsOf: (path) => {
      let count = 0;
      for (const filters of subscriptions.values()) {
        for (const filter of filters) {
          if (filterMatches(filter, path)) {
            count += 1;
            break;
          }
        }
      }
      return count;
    },
    removeTopics,
  });

  /** Why a live session may no longer stay after a change of the security or authentication store; null: it stays. */
  const reasonToGo = (session: SessionEntry): string | null => {
    const { identity, client } = session;
    if (identity.kind === 'password') {
      const principal = state.principals.get(identity.principal);
      if (principal === undefined) return 'principal removed';
      if (principal.passwordHash !== identity.credentialStamp) return 'password changed';
    }
    if (identity.kind === 'anonymous' && state.security.anonymousAction !== 'ALLOW') {
      return 'anonymous sessions are no longer allowed';
    }
    rebuildRights(identity, state);
    const filters = Object.keys(
      (client as unknown as { subscriptions?: Record<string, unknown> }).subscriptions ?? {},
    );
    for (const filter of filters) {
      const isOwner = () => {
        const topic = state.topics.get(filter);
        return topic !== undefined && ownsTopic(identity, topicOwner(topic.properties));
      };
      const decision = decideSubscription(identity, filter, isOwner);
      if (!decision.allowed)
        return `subscription "${filter}" no longer allowed: ${decision.reason}`;
    }
    return null;
  };
  /**
   * After any change of roles, default roles, isolated paths, principals or the anonymous policy: every live
   * session's rights are rebuilt and a session that may no longer stay is disconnected (docs/decisions/021).
   * Delivery checks READ per message anyway; this cuts subscriptions that lost SELECT. Returns how many went.
   */
  const reevaluateSessions = (): number => {
    let count = 0;
    for (const session of [...sessions.values()]) {
      const reason = reasonToGo(session);
      if (reason === null) continue;
      count += 1;
      logger.warn('mqtt session disconnected by a security change', {
        clientId: session.client.id,
        principal: session.identity.principal,
        reason,
      });
      session.client.close();
    }
    return count;
  };

  const handleHttp = createAdminHandler({
    serviceId: config.serviceId,
    serviceName: config.serviceName,
    version: config.version,
    topicsCapacity: config.topicsCapacity,
    startedAt,
    state,
    logger,
    counters,
    verifyToken,
    ...(config.metricsToken === undefined ? {} : { metricsToken: config.metricsToken }),
    sessions: sessionList,
    publishValue,
    forgetValues,
    removeTopics,
    reevaluateSessions,
    disconnect: (shouldGo) => {
      let count = 0;
      for (const session of sessions.values()) {
        if (shouldGo(session.identity)) {
          count += 1;
          session.client.close();
        }
      }
      return count;
    },
  });

  const packetLimit = maxRemainingLength(config.maxMessageBytes);
  /**
   * Watches a connection's inbound bytes as aedes reads them (a 'data' listener added after aedes' 'readable' one
   * does not change the stream's mode) and drops the connection at the header of a packet over the limit.
   */
  /** One listener a transport for every connection; each connection holds only its guard's numbers. */
  const packetSizeListener = (transport: 'TCP' | 'WEBSOCKET') =>
    function refuseOversizedPacket(this: GuardedStream, chunk: Buffer) {
      const verdict = this.packetSizeGuard?.check(chunk);
      if (verdict === undefined || verdict.ok || this.destroyed) return;
      logger.warn('mqtt packet too large', {
        transport,
        announcedBytes: verdict.announcedBytes,
        limitBytes: verdict.limitBytes,
      });
      this.destroy();
    };
  const packetSizeListeners = {
    TCP: packetSizeListener('TCP'),
    WEBSOCKET: packetSizeListener('WEBSOCKET'),
  };
  const guardPacketSizes = (stream: GuardedStream, transport: 'TCP' | 'WEBSOCKET') => {
    stream.packetSizeGuard = new PacketSizeGuard(packetLimit);
    stream.on('data', packetSizeListeners[transport]);
  };

  const tcpServer: TcpServer = createTcpServer((socket) => {
    coalesceWrites(socket);
    slimClient(broker.handle(socket), socket);
    guardPacketSizes(socket, 'TCP');
  });
  const httpServer: HttpServer = createHttpServer(handleHttp);
  const webSocketServer = new WebSocketServer({
    noServer: true,
    handleProtocols: (protocols) => (protocols.has('mqtt') ? 'mqtt' : false),
    // A WebSocket message larger than any allowed packet (plus its fixed header) closes with 1009.
    maxPayload: packetLimit + 5,
  });
  httpServer.on('upgrade', (request, socket, head) => {
    const pathname = new URL(request.url ?? '/', 'http://runtime').pathname;
    if (pathname !== WEBSOCKET_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    webSocketServer.handleUpgrade(request, socket, head, (webSocket) => {
      const stream = createWebSocketStream(webSocket);
      stream.on('error', () => stream.destroy());
      slimClient(broker.handle(stream, request), stream);
      guardPacketSizes(stream, 'WEBSOCKET');
    });
  });

  await listen(tcpServer, config.mqttPort, config.host);
  await listen(httpServer, config.httpPort, config.host);
  const mqttPort = (tcpServer.address() as AddressInfo).port;
  const httpPort = (httpServer.address() as AddressInfo).port;

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      removalTimer.stop();
      sysTopics.stop();
      keepAlive.stop();
      tcpServer.close();
      httpServer.close();
      for (const client of webSocketServer.clients) client.terminate();
      webSocketServer.close();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await state.close();
      logger.info('runtime stopped', { topics: state.topics.size });
    })();
    return closing;
  };

  return { mqttPort, httpPort, close };
}

function listen(server: TcpServer | HttpServer, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
