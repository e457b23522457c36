import { randomUUID } from 'node:crypto';
import Fastify, { LogController } from 'fastify';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino from 'pino';
import type { Logger } from 'pino';
import { createFlags } from './adapters/flags/create-flags';
import type { Flags } from './adapters/flags/create-flags';
import type { Config } from './config';
import { createDatabase } from './db/create-database';
import type { DatabaseHandle } from './db/database';
import { flagRoutes } from './modules/flags/routes';
import { healthRoutes } from './modules/health/routes';
import { databasePlugin } from './plugins/db';
import { registerErrorHandler, sendNotFound } from './plugins/error-handler';
import { registerApiDocs, registerOpenApi } from './plugins/openapi';
import { securityHeadersPlugin } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** Feature flags (OpenFeature); the SPA reads them over OFREP. */
    flags: Flags;
  }
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  flags: Flags;
}

/** The whole application as one plugin (after fastify/demo): tests and server.ts build it the same way. */
const heraldAppPlugin: FastifyPluginAsync<AppOptions> = async (
  app,
  { config, database, flags },
) => {
  app.decorate('config', config);
  app.decorate('flags', flags);
  app.decorate('registeredRoutes', []);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The request id is ours alone (clients could otherwise forge log correlation); it is returned so a user can
  // quote it to support (docs/decisions/003).
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  await app.register(securityHeadersPlugin, { config });
  await app.register(databasePlugin, { database });
  await registerOpenApi(app);

  await app.register(healthRoutes, { instanceId: database.instanceId });
  await app.register(flagRoutes);

  await registerApiDocs(app);
  const spaFallback = await registerSpa(app, config);
  app.setNotFoundHandler(
    (request, reply) => spaFallback(request, reply) ?? sendNotFound(request, reply),
  );
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
}

/** Builds the ready app. Fastify's own options (ids, timeouts, limits) are decided here, once. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const logger = options.logger ?? pino({ level: config.logLevel });
  const flags = options.flags ?? (await createFlags(config));
  let database: DatabaseHandle | undefined;
  try {
    database = options.db ?? (await createDatabase(config, logger));
    const app = Fastify({
      loggerInstance: logger as FastifyBaseLogger,
      genReqId: () => randomUUID(),
      requestIdHeader: false,
      logController: new LogController({ requestIdLogLabel: 'requestId' }),
      // Behind a reverse proxy an operator opts in; trusting X-Forwarded-* by default would let anyone spoof IPs.
      trustProxy: false,
      bodyLimit: 1024 * 1024,
      // Bounds slow clients (slowloris) without cutting off legitimate requests, which are all small JSON.
      requestTimeout: 60_000,
      routerOptions: { ignoreTrailingSlash: true },
    });
    await app.register(heraldApp, { config, database, flags });
    for (const plugin of options.plugins ?? []) await app.register(plugin);
    const ownedDatabase = options.db ? undefined : database;
    const ownedFlags = options.flags ? undefined : flags;
    app.addHook('onClose', async () => {
      await ownedFlags?.close();
      await ownedDatabase?.close();
    });
    await app.ready();
    return app;
  } catch (error) {
    if (!options.flags) await flags.close();
    if (!options.db) await database?.close();
    throw error;
  }
}
