import { createFlags } from './adapters/flags/create-flags';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createDatabase } from './db/create-database';
import type { DatabaseHandle } from './db/database';
import { createLogger, drainStdout } from './lib/logger';
import { StartupError } from './lib/startup-error';
import { outboxStartupNotice } from './modules/dev-mail/outbox-access';
import { resolveOutboxToken } from './modules/dev-mail/outbox-token';
import { DEV_MAIL_PATH } from './modules/dev-mail/routes';
import { makeTreePrivate, usePrivateUmask } from '@herald/runtime/private-files';

/** In-flight requests get this long to finish after SIGTERM/SIGINT before the process exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 10_000;
/** Connections still open this long after the stop began (a stalled client, a stream) are cut. */
const CONNECTION_DRAIN_MS = 5_000;

// Standard error may be a pipe whose reader died with our parent: a write error there is not a crash (issue 9).
process.stderr.on('error', () => undefined);

async function main(): Promise<void> {
  // Before any file is written: DATA_DIR and everything under it are this user's only (issue 25), and so is what
  // an earlier version left there. Runtimes inherit the umask.
  usePrivateUmask();
  const config = loadConfig(process.env);
  const logger = createLogger(config);
  let tightened = makeTreePrivate(config.dataDir);
  // Flags first: a bad flags file should stop the server before the (slower) database start.
  const flags = await createFlags(config);
  let database: DatabaseHandle | undefined;
  try {
    database = await createDatabase(config, logger);
    // Once more with the database open: PGlite writes its relation cache files (pg_internal.init) 0644 at each
    // start, whatever the umask; everything it writes later follows the umask.
    tightened += makeTreePrivate(config.dataDir);
    if (tightened > 0) {
      logger.info(
        { dataDir: config.dataDir, entries: tightened },
        'Made the data directory private',
      );
    }
    const app = await buildApp({ config, db: database, flags, logger });
    const openDatabase = database;

    let isShuttingDown = false;
    const shutDown = async (signal: NodeJS.Signals): Promise<void> => {
      if (isShuttingDown) return;
      isShuttingDown = true;
      logger.info({ signal }, 'Shutting down: no new connections, finishing in-flight requests');
      // The last resort: nothing on the way out may block the event loop (the log never does, see
      // createStdoutDestination), so this fires whatever state the output or the connections are in.
      const timer = setTimeout(() => {
        logger.error(`Shutdown took longer than ${SHUTDOWN_TIMEOUT_MS} ms; exiting anyway`);
        process.exit(1);
      }, SHUTDOWN_TIMEOUT_MS);
      timer.unref();
      const drainTimer = setTimeout(() => app.server.closeAllConnections(), CONNECTION_DRAIN_MS);
      drainTimer.unref();
      try {
        await app.close();
        await flags.close();
        await openDatabase.close();
        logger.info('Stopped');
        await drainStdout(500);
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
    if (app.hasRoute({ method: 'GET', url: DEV_MAIL_PATH })) {
      // The link carries the operator token: a terminal gets it, a log collector only the token file's path.
      const isTerminal = process.stdout.isTTY === true;
      const notice = outboxStartupNotice(
        config,
        DEV_MAIL_PATH,
        resolveOutboxToken(config),
        isTerminal,
      );
      if (isTerminal) process.stdout.write(`${notice}\n`);
      else logger.info(notice);
    }
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
