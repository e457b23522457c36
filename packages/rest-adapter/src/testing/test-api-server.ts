import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A real local HTTP API for the adapter's tests and bench: each path answered by a handler the test sets (changed
 * at will), every request recorded with its arrival time and headers. Listens on all loopback addresses, so
 * 127.0.0.1 and 127.0.0.2 are two hosts of one server.
 */
export type ApiHandler = (request: IncomingMessage, response: ServerResponse) => void;

export interface TestApiServer {
  port: number;
  /** `http://{host}:{port}`. */
  origin(host?: string): string;
  route(path: string, handler: ApiHandler): void;
  received: { path: string; at: number; headers: IncomingMessage['headers'] }[];
  receivedOn(path: string): { path: string; at: number; headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}

export async function startTestApiServer(): Promise<TestApiServer> {
  const routes = new Map<string, ApiHandler>();
  const received: TestApiServer['received'] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    received.push({ path, at: Date.now(), headers: request.headers });
    const handler = routes.get(path);
    if (handler) handler(request, response);
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('no such path');
  });
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    origin: (host = '127.0.0.1') => `http://${host}:${port}`,
    route: (path, handler) => routes.set(path, handler),
    received,
    receivedOn: (path) => received.filter((entry) => entry.path === path),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A handler answering a fixed body with its Content-Type. */
export const answer =
  (contentType: string, body: string | Buffer, headers: Record<string, string> = {}): ApiHandler =>
  (_request, response) =>
    response.writeHead(200, { 'content-type': contentType, ...headers }).end(body);
