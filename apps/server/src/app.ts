import { randomUUID } from 'node:crypto';
import Fastify, { LogController } from 'fastify';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { createFlags } from './adapters/flags/create-flags';
import type { Flags } from './adapters/flags/create-flags';
import { resolveAuthSecret } from './adapters/identity/auth-secret';
import { createBetterAuthIdentity } from './adapters/identity/better-auth-identity';
import { loadCommonPasswords } from './adapters/identity/common-passwords';
import { loadAuthConnections } from './adapters/identity/connections-file';
import type { IdentityPort } from './adapters/identity/identity-port';
import { createPasswordHasher } from './adapters/identity/password-hash';
import type { ScryptCost } from './adapters/identity/password-hash';
import { createMailSender } from './adapters/mail/create-mail-sender';
import { createPayments } from './adapters/payments/create-payments';
import { createDatabaseLogStore } from './adapters/log-store/database-log-store';
import { scheduleLogMaintenance } from './adapters/log-store/log-maintenance-schedule';
import type { LogStore } from './adapters/log-store/log-store';
import { resolveMetricsToken } from './adapters/metrics-store/prometheus-token';
import { schedulePrometheusTargets } from './adapters/metrics-store/prometheus-targets';
import { createMetricsStore } from './adapters/metrics-store/create-metrics-store';
import type { MetricsStore } from './adapters/metrics-store/metrics-store';
import { createMarketplace, isSimulator } from './adapters/marketplace/create-marketplace';
import type { MarketplacePort } from './adapters/marketplace/marketplace-port';
import type { MarketplaceSimulator } from './adapters/marketplace/simulator-marketplace';
import { createLocalProvisioner } from './adapters/provisioner/local-provisioner';
import { createLogCollector } from './adapters/provisioner/log-collector';
import { pushRevocationsWhenRunning } from './modules/members/member-rights-sync';
import type { Provisioner } from './adapters/provisioner/provisioner';
import type { AdapterKindRegistration } from './adapters/provisioner/workloads/kinds';
import { createMailer } from './adapters/mail/mailer';
import type { Mailer } from './adapters/mail/mailer';
import type { Config } from './config';
import { createDatabase } from './db/create-database';
import type { DatabaseHandle } from './db/database';
import { canonicalUrl } from './lib/canonical-url';
import { createLogger } from './lib/logger';
import { consentRoutes } from './modules/consent/routes';
import { resolveOutboxToken } from './modules/dev-mail/outbox-token';
import { devMailRoutes } from './modules/dev-mail/routes';
import { flagRoutes } from './modules/flags/routes';
import { healthRoutes } from './modules/health/routes';
import { identityRoutes } from './modules/identity/routes';
import { memberRoutes } from './modules/members/routes';
import { paymentRoutes } from './modules/payments/routes';
import { serviceRoutes } from './modules/service/routes';
import { serviceApiRoutes } from './modules/service-api/routes';
import { topicRoutes } from './modules/topics/routes';
import { consoleRoutes } from './modules/console/routes';
import { securityRoutes } from './modules/security/routes';
import { createMetricsScraper } from './modules/usage/metrics-scraper';
import { usageRoutes } from './modules/usage/routes';
import { logRoutes } from './modules/logs/routes';
import { invoicingRoutes } from './modules/invoicing/routes';
import { scheduleInvoicing } from './modules/invoicing/invoicing-schedule';
import { operatorChannel } from './operator/operator-channel';
import { resolveOperatorToken } from './operator/operator-token';
import { scheduleTrials } from './modules/free-trial/trial-scheduler';
import { marketplaceRoutes } from './modules/marketplace/routes';
import { kafkaGatewayRoutes } from './modules/kafka-gateway/routes';
import { restGatewayRoutes } from './modules/rest-gateway/routes';
import {
  scheduleMarketplaceWork,
  watchSimulatorStatus,
} from './modules/marketplace/marketplace-schedule';
import { recordProvisionerEvents, serviceEventsSettled } from './modules/logs/service-events';
import { createSecretBox } from './modules/service-api/client-secret';
import { createInviteTokens } from './modules/members/invite-token';
import type { InviteTokens } from './modules/members/invite-token';
import type { SecretBox } from './modules/service-api/client-secret';
import { createTokenSigner } from './modules/service-api/tokens';
import type { TokenSigner } from './modules/service-api/tokens';
import { userRoutes } from './modules/user/routes';
import { workspaceRoutes } from './modules/workspace/routes';
import { createStatusEvents } from './modules/workspace/status-events';
import type { StatusEvents } from './modules/workspace/status-events';
import { STATUS_STREAM_HEARTBEAT_MS } from '@herald/contract/services/service-status-stream';
import { authSessionPlugin } from './plugins/auth';
import { databasePlugin } from './plugins/db';
import { registerBodyDrain } from './plugins/body-drain';
import { handleClientError } from './plugins/client-error';
import { compressJsonPlugin } from './plugins/compress-json';
import { handleFrameworkError, registerErrorHandler, sendNotFound } from './plugins/error-handler';
import { registerInputHygiene } from './plugins/input-hygiene';
import { registerApiDocs, registerOpenApi } from './plugins/openapi';
import { originCheckPlugin } from './plugins/origin-check';
import { securityHeadersPlugin } from './plugins/security-headers';
import { serviceEndpoints } from './plugins/service-endpoints';
import { requestLoggingPlugin } from './plugins/request-logging';
import { registerSpa } from './plugins/spa';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** Feature flags (OpenFeature); the SPA reads them over OFREP. */
    flags: Flags;
    /** The mail port (outbox or SMTP). */
    mailer: Mailer;
    /** The time: token expiry and rate-limit windows read it, so tests can move it. */
    clock: () => Date;
    /** Runs the services' runtimes (local child processes by default). */
    provisioner: Provisioner;
    /** Signs service API and dashboard tokens; publishes the JWKS runtimes verify them with. */
    tokens: TokenSigner;
    /** Encrypts service API client secrets at rest. */
    secretBox: SecretBox;
    /** The secret of an invitation mail's sign-up link (modules/members/invite-token.ts). */
    inviteTokens: InviteTokens;
    /** Service status changes for the open status streams (docs/decisions/016). */
    statusEvents: StatusEvents;
    /** Event logs and the lines collected from runtimes and adapters (docs/decisions/022). */
    logStore: LogStore;
    /** Usage history: database samples fed by the scraper, or a Prometheus server (docs/decisions/022). */
    metricsStore: MetricsStore;
    /** The cloud marketplace: the local simulator or AWS Marketplace (docs/decisions/026). */
    marketplace: MarketplacePort | MarketplaceSimulator;
  }
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  flags: Flags;
  identity: IdentityPort;
  mailer: Mailer;
  clock: () => Date;
  /** The adapter kinds the provisioner runs (default: the registry's, workloads/kinds.ts); tests use a stand-in. */
  adapterKinds?: readonly AdapterKindRegistration[];
}

/** The whole application as one plugin (after fastify/demo): tests and server.ts build it the same way. */
const heraldAppPlugin: FastifyPluginAsync<AppOptions> = async (
  app,
  { config, database, flags, identity, mailer, clock, adapterKinds },
) => {
  app.decorate('config', config);
  app.decorate('flags', flags);
  app.decorate('mailer', mailer);
  app.decorate('clock', clock);
  const tokens = createTokenSigner(database.db, clock);
  app.decorate('tokens', tokens);
  app.decorate('secretBox', createSecretBox(resolveAuthSecret(config)));
  app.decorate('inviteTokens', createInviteTokens(resolveAuthSecret(config)));
  // The built-in checkout (default) or Stripe: docs/decisions/023.
  app.decorate('payments', createPayments({ config, db: database.db, clock }));
  const logStore = createDatabaseLogStore({ db: database.db, config, logger: app.log, clock });
  app.decorate('logStore', logStore);
  // Registered before the provisioner's onReady hook: partitions exist before collection starts.
  scheduleLogMaintenance(app, logStore, clock);
  // Only with PROMETHEUS_URL: the secret a Prometheus server reads the runtimes' /metrics with (and nothing else).
  const metricsToken = resolveMetricsToken(config);
  const provisioner = createLocalProvisioner({
    db: database.db,
    config,
    logger: app.log,
    tokens,
    clock,
    ...(metricsToken ? { metricsToken } : {}),
    ...(adapterKinds && { adapterKinds }),
  });
  app.decorate('provisioner', provisioner);
  const metricsStore = createMetricsStore({ db: database.db, config, clock, logger: app.log });
  app.decorate('metricsStore', metricsStore);
  // Free trials: reminders, suspension, conversion and removal, checked every minute (docs/decisions/025).
  scheduleTrials(app);
  const marketplace = createMarketplace({ config, db: database.db, clock });
  app.decorate('marketplace', marketplace);
  if (isSimulator(marketplace)) watchSimulatorStatus(app, marketplace);
  // Entitlement checks and hourly metering, resumable from the database (docs/decisions/026).
  scheduleMarketplaceWork(app);
  const metricsScraper = createMetricsScraper({
    db: database.db,
    provisioner,
    tokens,
    store: metricsStore,
    intervalSeconds: config.metricsScrapeSeconds,
    clock,
    logger: app.log,
  });
  // Before the provisioner's own preClose hook (registered below) stops the runtimes mid-scrape.
  app.addHook('preClose', async () => {
    await metricsScraper.close();
  });
  app.addHook('onClose', async () => {
    await metricsStore.close();
  });
  schedulePrometheusTargets(app, database.db, provisioner);
  // Every status the provisioner writes reaches the open status streams (docs/decisions/016).
  const statusEvents = createStatusEvents({
    db: database.db,
    logger: app.log,
    heartbeatMs: STATUS_STREAM_HEARTBEAT_MS,
  });
  app.decorate('statusEvents', statusEvents);
  provisioner.watchStatus((serviceId, status) => statusEvents.publishWritten(serviceId, status));
  // A runtime that is (re-)registered gets the recent revocations of members' access (docs/decisions/013).
  provisioner.watchStatus(pushRevocationsWhenRunning(app));
  // The service's event log: each status, unexpected exits and due updates (docs/decisions/022).
  recordProvisionerEvents(app, provisioner);
  // Each runtime's and adapter's log files into the log store, from where the last control plane stopped.
  const logCollector = createLogCollector({
    db: database.db,
    logStore,
    config,
    logger: app.log,
    clock,
  });
  app.addHook('onReady', async () => {
    logCollector.start();
  });
  app.addHook('preClose', async () => {
    await logCollector.stop();
    await serviceEventsSettled(logStore);
  });
  // Before the server stops accepting: an open stream would otherwise hold app.close() until it timed out.
  app.addHook('preClose', async () => {
    statusEvents.endAll();
  });
  app.decorate('registeredRoutes', []);
  app.decorateRequest('workspaceRoles', null);
  app.decorateRequest('service', null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The request id is ours alone (clients could otherwise forge log correlation); it is returned so a user can
  // quote it to support (docs/decisions/003).
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  // An answer to a request whose body is still coming waits for it: a reset would lose the answer (issue 25).
  registerBodyDrain(app);
  await app.register(requestLoggingPlugin);
  registerInputHygiene(app);
  await app.register(securityHeadersPlugin, { config });
  await app.register(compressJsonPlugin);
  await app.register(databasePlugin, { database });
  // Service hosts ({service}.{region}.SERVICE_DOMAIN) are answered before any API or SPA route.
  await app.register(serviceEndpoints);
  // Services start (or are re-attached) once the app is ready, without holding up readiness; a graceful stop
  // stops them (their desired state is kept, so the next start brings them back).
  app.addHook('onReady', async () => {
    await app.provisioner.start();
  });
  // After the runtimes were re-attached: the first scrape round runs at once (docs/decisions/022).
  app.addHook('onReady', async () => {
    metricsScraper.start();
  });
  // preClose, before the server waits for its connections: stopping the runtimes also ends the MQTT-over-WebSocket
  // sessions proxied to them, which would otherwise hold the stop until its timeout (docs/decisions/014).
  app.addHook('preClose', async () => {
    await app.provisioner.close();
  });
  // Before the session is resolved: a request from another site is refused without touching the database.
  await app.register(originCheckPlugin, { config });
  await app.register(authSessionPlugin, { config, identity });
  await registerOpenApi(app);

  await app.register(healthRoutes, { instanceId: database.instanceId });
  await app.register(flagRoutes);
  await app.register(identityRoutes);
  await app.register(userRoutes);
  await app.register(consentRoutes);
  await app.register(workspaceRoutes);
  await app.register(memberRoutes);
  await app.register(serviceRoutes);
  await app.register(serviceApiRoutes);
  await app.register(topicRoutes);
  await app.register(consoleRoutes);
  await app.register(securityRoutes);
  await app.register(kafkaGatewayRoutes);
  await app.register(restGatewayRoutes);
  await app.register(usageRoutes);
  await app.register(logRoutes);
  await app.register(invoicingRoutes);
  // Monthly invoices at start and hourly (docs/decisions/024).
  scheduleInvoicing(app);
  // `npm run operator`: loopback callers holding DATA_DIR/operator-token only (docs/decisions/024).
  await app.register(operatorChannel, { token: resolveOperatorToken(config) });
  await app.register(paymentRoutes);
  await app.register(marketplaceRoutes);
  // The operator's outbox viewer exists only when mail goes to it and DEV_MAIL_OUTBOX is on (docs/decisions/011).
  if (mailer.kind === 'outbox' && config.devMailOutbox) {
    await app.register(devMailRoutes, { token: resolveOutboxToken(config) });
  }

  await registerApiDocs(app);
  const spaFallback = await registerSpa(app, config);
  app.setNotFoundHandler(async (request, reply) => {
    const handled = spaFallback(request, reply);
    if (handled === undefined) return sendNotFound(request, reply);
    await handled;
    return reply;
  });
};

export const heraldApp = fp(heraldAppPlugin, { name: 'herald-app' });

export interface BuildAppOptions {
  config: Config;
  /** An open database; when omitted the app opens one from `config` and closes it on app.close(). */
  db?: DatabaseHandle;
  logger?: Logger;
  /** Loaded feature flags; when omitted the app loads FLAGS_FILE and closes them on app.close(). */
  flags?: Flags;
  /** Registered after the app, before it is ready: tests add throwaway routes this way. */
  plugins?: FastifyPluginAsync[];
  /** The clock of tokens and rate limits (default: the system clock); tests inject one. */
  clock?: () => Date;
  /** scrypt cost of new password hashes (default: production strength); tests inject a cheap one. */
  passwordHashCost?: ScryptCost;
  /** The adapter kinds the provisioner runs (default: the registry's); tests register one over a stand-in. */
  adapterKinds?: readonly AdapterKindRegistration[];
}

/** Builds the ready app. Fastify's own options (ids, timeouts, limits) are decided here, once. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const logger = options.logger ?? createLogger(config);
  const clock = options.clock ?? (() => new Date());
  const flags = options.flags ?? (await createFlags(config));
  let database: DatabaseHandle | undefined;
  let mailer: Mailer | undefined;
  try {
    // Operator mistakes in the connections file stop the start before anything opens.
    const connections = loadAuthConnections(config.authConnectionsFile);
    loadCommonPasswords();
    database = options.db ?? (await createDatabase(config, logger));
    const identity = createBetterAuthIdentity({
      db: database.db,
      publicUrl: config.publicUrl,
      secret: resolveAuthSecret(config),
      connections,
      hasher: createPasswordHasher(options.passwordHashCost),
      logger,
      now: clock,
    });
    await identity.ready();
    mailer = createMailer(createMailSender(config, database.db), logger);
    const app = Fastify({
      loggerInstance: logger as FastifyBaseLogger,
      genReqId: () => randomUUID(),
      requestIdHeader: false,
      // Fastify's per-request lines are off: one record per finished request instead, at debug unless it failed or
      // was slow (plugins/request-logging.ts).
      logController: new LogController({
        requestIdLogLabel: 'requestId',
        disableRequestLogging: true,
      }),
      // Behind a reverse proxy an operator opts in; trusting X-Forwarded-* by default would let anyone spoof IPs.
      // TRUST_PROXY names how many proxy hops may speak for the client (rate limits key on the address).
      // (proxy-addr: hop 0 is the socket peer; trusting hops 0..n-1 takes the address n hops back.)
      trustProxy:
        config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
      bodyLimit: 1024 * 1024,
      // Bounds slow clients (slowloris) without cutting off legitimate requests, which are all small JSON.
      requestTimeout: 60_000,
      routerOptions: { ignoreTrailingSlash: true },
      // Every path check sees the path the router routes: `/%763/...` is `/v3/...` before anything reads it.
      rewriteUrl: (request) => canonicalUrl(request.url ?? '/'),
      // A malformed URL is answered in the error envelope, not Fastify's default body (issue 9).
      frameworkErrors: handleFrameworkError,
      // And what Node's own parser refuses (431, 400, 408), before Fastify sees a request (issue 25).
      clientErrorHandler: handleClientError,
    });
    await app.register(heraldApp, {
      config,
      database,
      flags,
      identity,
      mailer,
      clock,
      ...(options.adapterKinds && { adapterKinds: options.adapterKinds }),
    });
    for (const plugin of options.plugins ?? []) await app.register(plugin);
    const ownedDatabase = options.db ? undefined : database;
    const ownedFlags = options.flags ? undefined : flags;
    const openMailer = mailer;
    app.addHook('onClose', async () => {
      await openMailer.close();
      await ownedFlags?.close();
      await ownedDatabase?.close();
    });
    await app.ready();
    return app;
  } catch (error) {
    await mailer?.close();
    if (!options.flags) await flags.close();
    if (!options.db) await database?.close();
    throw error;
  }
}
