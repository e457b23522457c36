import { createFlags } from './adapters/flags/create-flags';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createDatabase } from './db/create-database';
import type { DatabaseHandle } from './db/database';
import { createLogger } from './lib/logger';
import { StartupError } from './lib/startup-error';

/** In-flight requests get this long to finish after SIGTERM/SIGINT before the process exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const logger = createLogger(config);
  // Flags first: a bad flags file should stop the server before the (slower) database start.
  const flags = await createFlags(config);
  let database: DatabaseHandle | undefined;
  try {
    database = await createDatabase(config, logger);
    const app = await buildApp({ config, db: database, flags, logger });
    const openDatabase = database;

    let isShuttingDown = false;
    const shutDown = async (signal: NodeJS.Signals): Promise<void> => {
      if (isShuttingDown) return;
      isShuttingDown = true;
      logger.info({ signal }, 'Shutting down: no new connections, finishing in-flight requests');
      const timer = setTimeout(() => {
        logger.error(`Shutdown took longer than ${SHUTDOWN_TIMEOUT_MS} ms; exiting anyway`);
        process.exit(1);
      }, SHUTDOWN_TIMEOUT_MS);
      timer.unref();
      try {
        await app.close();
        await flags.close();
        await openDatabase.close();
        logger.info('Stopped');
        process.exit(0);
      } catch (error) {
        logger.error({ err: error }, 'Shutdown failed');
        process.exit(1);
      }
    };
    process.once('SIGTERM', (signal) => void shutDown(signal));
    process.once('SIGINT', (signal) => void shutDown(signal));

    const address = await app
      .listen({ host: config.host, port: config.port })
      .catch((error: NodeJS.ErrnoException) => {
        if (
          error.code === 'EADDRINUSE' ||
          error.code === 'EADDRNOTAVAIL' ||
          error.code === 'EACCES'
        ) {
          throw new StartupError(
            `Cannot listen on ${config.host}:${config.port} (${error.code}): set PORT or HOST.`,
          );
        }
        throw error;
      });
    logger.info(
      {
        address,
        publicUrl: config.publicUrl,
        database: database.driver,
        instanceId: database.instanceId,
      },
      `Herald Cloud is listening on ${address} (users reach it at ${config.publicUrl})`,
    );
  } catch (error) {
    await database?.close().catch(() => undefined);
    await flags.close().catch(() => undefined);
    throw error;
  }
}

main().catch((error: unknown) => {
  if (error instanceof StartupError) {
    // The message says what to fix; a stack trace would only hide it.
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Herald Cloud failed to start: ${(error as Error)?.stack ?? String(error)}\n`,
    );
  }
  process.exit(1);
});
