import net from 'node:net';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../../config';
import type { Database } from '../../../../db/database';
import { service } from '../../../../db/schema';

export class RowGoneError extends Error {
  override message = 'the service row is gone';
}

function canBind(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * The service's MQTT/TCP port on this host: the lowest port of SERVICE_PORT_BASE… not held by another row and
 * bindable now, stored in the row before the first start (a service keeps its port). One lease at a time.
 */
export function createPortLease(options: {
  db: Database;
  config: Config;
  logger: FastifyBaseLogger;
  clock: () => Date;
}): (serviceId: string) => Promise<number> {
  const { db, config, logger, clock } = options;
  let lock: Promise<unknown> = Promise.resolve();

  async function leaseOnce(serviceId: string): Promise<number> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const used = new Set(
        (
          await db
            .select({ mqttPort: service.mqttPort })
            .from(service)
            .where(isNotNull(service.mqttPort))
        ).map((row) => row.mqttPort),
      );
      let chosen: number | undefined;
      for (let offset = 0; offset < config.servicePortCount; offset += 1) {
        const port = config.servicePortBase + offset;
        if (used.has(port)) continue;
        if (await canBind(port, config.host)) {
          chosen = port;
          break;
        }
      }
      if (chosen === undefined) {
        throw new Error(
          `No free MQTT port left in ${config.servicePortBase}-${config.servicePortBase + config.servicePortCount - 1}`,
        );
      }
      try {
        const updated = await db
          .update(service)
          .set({ mqttPort: chosen, updatedAt: clock() })
          .where(and(eq(service.id, serviceId), isNull(service.mqttPort)))
          .returning({ mqttPort: service.mqttPort });
        if (updated[0]?.mqttPort) return updated[0].mqttPort;
        const [row] = await db
          .select({ mqttPort: service.mqttPort })
          .from(service)
          .where(eq(service.id, serviceId));
        if (!row) throw new RowGoneError();
        if (row.mqttPort !== null) return row.mqttPort;
      } catch (error) {
        if (error instanceof RowGoneError) throw error;
        // Another control plane on the same database took the port first (unique index): choose again.
        logger.warn({ err: error, serviceId }, 'Provisioner: port assignment conflict; retrying');
      }
    }
    throw new Error('Could not assign an MQTT port');
  }

  return (serviceId) => {
    const run = lock.then(() => leaseOnce(serviceId));
    lock = run.catch(() => undefined);
    return run;
  };
}
