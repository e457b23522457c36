import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { serviceHostname } from '@herald/contract/services/service-display';
import { CLIENT_ADDRESS_HEADER } from '@herald/contract/services/service-token';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { service } from '../db/schema';
import { handleConsoleRequest } from '../modules/console/console-host';
import { serviceEndpoints as endpointsOf } from '../modules/service/service.mapper';
import { serviceHostPage } from './service-host-page';

/**
 * The services' public endpoints through the server's own port (ARCHITECTURE "Data flow"): a request whose Host is
 * `{serviceName}.{region}.{SERVICE_DOMAIN}` belongs to that service. WebSocket upgrades are proxied at the TCP level
 * to the runtime's loopback HTTP port (the runtime's ws server does the handshake: MQTT over WebSocket at /mqtt);
 * a browser at the host's `/` gets a page on how to connect (the Console entry), other plain HTTP a short text.
 */

const NOT_MQTT_TEXT = 'This host serves MQTT over WebSocket at /mqtt.\n';

/** The host name without its port, lower-cased; IPv6 literals kept whole. */
export function hostWithoutPort(host: string | undefined): string {
  if (!host) return '';
  const value = host.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  const colon = value.lastIndexOf(':');
  return colon === -1 ? value : value.slice(0, colon);
}

interface HostEntry {
  serviceId: string;
  status: string;
}

function rejectUpgrade(socket: Duplex, status: 404 | 503, reason: string): void {
  const body = `${reason}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${status === 404 ? 'Not Found' : 'Service Unavailable'}\r\n` +
      `Connection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * The request line and headers as received (rawHeaders keeps case and order), less any client-sent
 * X-Herald-Client-Address, plus that header with the address this server saw: the runtime throttles password
 * logins per address, and every proxied connection would otherwise come from loopback.
 */
export function rawRequestHead(
  request: Pick<IncomingMessage, 'method' | 'url' | 'httpVersion' | 'rawHeaders'>,
  clientAddress: string | undefined,
): string {
  const lines = [`${request.method} ${request.url} HTTP/${request.httpVersion}`];
  for (let index = 0; index < request.rawHeaders.length; index += 2) {
    const name = request.rawHeaders[index] ?? '';
    if (name.toLowerCase() === CLIENT_ADDRESS_HEADER) continue;
    lines.push(`${name}: ${request.rawHeaders[index + 1]}`);
  }
  if (clientAddress !== undefined) lines.push(`${CLIENT_ADDRESS_HEADER}: ${clientAddress}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

const serviceEndpointsPlugin: FastifyPluginAsync = async (app: FastifyInstance) => {
  const suffix = `.${app.config.serviceDomain}`;
  /** host → service; refreshed on a miss or when the cached service is not running (it may be gone). */
  const cache = new Map<string, HostEntry>();

  const isServiceHost = (host: string) => host.endsWith(suffix) && host.length > suffix.length;

  /** The service a host names (`{serviceName}.{region}`), unless it is being deleted. */
  async function findByHost(host: string) {
    const name = host.slice(0, -suffix.length);
    const dot = name.indexOf('.');
    if (dot <= 0) return null;
    const [row] = await app.db
      .select({
        id: service.id,
        workspaceId: service.workspaceId,
        useConsoleSso: service.useConsoleSso,
        label: service.label,
        serviceName: service.serviceName,
        region: service.region,
        mqttPort: service.mqttPort,
        status: service.status,
      })
      .from(service)
      .where(and(eq(service.serviceName, name.slice(0, dot)), ne(service.desiredState, 'deleted')))
      .limit(1);
    return row && serviceHostname(row) === name ? row : null;
  }

  async function lookup(host: string, fresh: boolean): Promise<HostEntry | null> {
    const cached = cache.get(host);
    if (cached && !fresh) return cached;
    const row = await findByHost(host);
    if (!row) {
      cache.delete(host);
      return null;
    }
    const entry = { serviceId: row.id, status: row.status };
    cache.set(host, entry);
    return entry;
  }

  async function handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const host = hostWithoutPort(request.headers.host);
    if (!isServiceHost(host)) {
      // Nothing else on this server speaks WebSocket: an upgrade nobody handles would hang.
      if (app.server.listenerCount('upgrade') === 1) socket.destroy();
      return;
    }
    let entry = await lookup(host, false);
    let endpoint = entry ? app.provisioner.endpointOf(entry.serviceId) : null;
    if (!endpoint) {
      entry = await lookup(host, true);
      endpoint = entry ? app.provisioner.endpointOf(entry.serviceId) : null;
    }
    if (!entry) return rejectUpgrade(socket, 404, 'No such service.');
    if (!endpoint) return rejectUpgrade(socket, 503, 'The service is not running.');

    const upstream = net.connect(endpoint.httpPort, '127.0.0.1');
    upstream.setNoDelay(true);
    const drop = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.once('error', (error) => {
      app.log.debug({ err: error, serviceId: entry.serviceId }, 'Service WebSocket proxy error');
      drop();
    });
    socket.once('error', drop);
    socket.once('close', () => upstream.destroy());
    upstream.once('close', () => socket.destroy());
    upstream.once('connect', () => {
      upstream.write(rawRequestHead(request, request.socket.remoteAddress));
      if (head.length > 0) upstream.write(head);
      socket.pipe(upstream);
      upstream.pipe(socket);
    });
  }

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    handleUpgrade(request, socket, head).catch((error: unknown) => {
      app.log.error({ err: error }, 'Service WebSocket routing failed');
      socket.destroy();
    });
  };
  app.server.on('upgrade', onUpgrade);
  app.addHook('onClose', async () => {
    app.server.off('upgrade', onUpgrade);
  });

  // Before every route (API, SPA): a service host is not the dashboard. Its `/` is the service's console (the
  // Console entry) with its assets and single sign-on (modules/console/console-host.ts); anything else is
  // explained in one line.
  app.addHook('onRequest', async (request, reply) => {
    const host = hostWithoutPort(request.headers.host);
    if (!isServiceHost(host)) return;
    const row = await findByHost(host);
    const answered =
      row === null
        ? null
        : await handleConsoleRequest(app, request, reply, row, () =>
            serviceHostPage({
              serviceName: row.label ?? row.serviceName,
              dashboardUrl: `${app.config.publicUrl}/service/${row.id}`,
              endpoints: endpointsOf(row, app.config),
            }),
          );
    if (answered === null) {
      return reply.code(404).type('text/plain; charset=utf-8').send(NOT_MQTT_TEXT);
    }
    return answered;
  });
};

export const serviceEndpoints = fp(serviceEndpointsPlugin, { name: 'service-endpoints' });
