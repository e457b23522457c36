import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllowedHosts } from '@herald/contract/rest-adapters/allowed-hosts';
import { httpGet, MAX_REDIRECTS } from './http-get';

/** A real local HTTP server whose answers the tests choose by path; it records what it received. */
let server: Server;
let port: number;
const received: { path: string; headers: IncomingHttpHeaders }[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    received.push({ path: request.url ?? '', headers: request.headers });
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/json')
      return response.writeHead(200, { 'content-type': 'application/json' }).end('{"a":1}');
    if (path === '/huge') {
      // No Content-Length: the client must cut while streaming.
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(64 * 1024, 1);
      let sent = 0;
      const more = () => {
        while (sent < 64 && response.write(chunk)) sent += 1;
        if (sent < 64) response.once('drain', more);
        else response.end();
      };
      return more();
    }
    if (path === '/declared-huge') {
      return response.writeHead(200, { 'content-length': String(5 * 1024 * 1024) }).end();
    }
    if (path === '/slow') return; // never answers
    if (path === '/to-localhost') {
      return response.writeHead(302, { location: `http://localhost:${port}/json` }).end();
    }
    if (path === '/loop') return response.writeHead(302, { location: '/loop' }).end();
    if (path === '/to-other-origin') {
      return response.writeHead(307, { location: `http://127.0.0.2:${port}/json` }).end();
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const allow = (text: string) => {
  const parsed = parseAllowedHosts(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.hosts;
};
const get = (path: string, allowed = `127.0.0.1:${port}`, headers: Record<string, string> = {}) =>
  httpGet({
    url: `http://127.0.0.1:${port}${path}`,
    headers,
    allowedHosts: allow(allowed),
    timeoutMs: 500,
    maxBytes: 1024 * 1024,
  });

describe('httpGet against a real local server', () => {
  it('reads a JSON answer from an allowed loopback host', async () => {
    const result = await get('/json');
    expect(result.ok && [result.status, result.body.toString()]).toEqual([200, '{"a":1}']);
  });

  it('refuses the loopback host when it is not allowed, before connecting', async () => {
    const before = received.length;
    const result = await get('/json?key=secret', '');
    expect(result).toEqual({
      ok: false,
      status: null,
      error: `GET http://127.0.0.1:${port}/json?key=*** failed: 127.0.0.1 is a loopback address (127.0.0.0/8): refused (an operator may allow it in REST_ADAPTER_ALLOWED_HOSTS)`,
    });
    expect(received.length).toBe(before);
  });

  it('refuses a redirect to a loopback name that is not allowed', async () => {
    const result = await get('/to-localhost');
    expect(!result.ok && result.error).toBe(
      `GET http://localhost:${port}/json failed: localhost (127.0.0.1) is a loopback address (127.0.0.0/8): refused (an operator may allow it in REST_ADAPTER_ALLOWED_HOSTS)`,
    );
  });

  it(`stops after ${MAX_REDIRECTS} redirects`, async () => {
    const result = await get('/loop');
    expect(!result.ok && result.error).toBe(
      `GET http://127.0.0.1:${port}/loop failed: more than ${MAX_REDIRECTS} redirects`,
    );
  });

  it('drops the Authorization header when a redirect leaves the origin', async () => {
    const result = await get('/to-other-origin', `127.0.0.1:${port},127.0.0.2:${port}`, {
      authorization: 'Bearer secret',
      'x-key': 'kept',
    });
    expect(result.ok).toBe(true);
    const last = received.at(-1)!;
    expect([last.path, last.headers.authorization, last.headers['x-key']]).toEqual([
      '/json',
      undefined,
      'kept',
    ]);
    expect(received.at(-2)!.headers.authorization).toBe('Bearer secret');
  });

  it('cuts a streamed body over the limit', async () => {
    const result = await get('/huge');
    expect(!result.ok && result.error).toBe(
      `GET http://127.0.0.1:${port}/huge failed: its body is over the limit of 1048576 bytes: cut`,
    );
  });

  it('refuses a declared body over the limit without reading it', async () => {
    const result = await get('/declared-huge');
    expect(!result.ok && result.error).toBe(
      `GET http://127.0.0.1:${port}/declared-huge failed: its body of 5242880 bytes is over the limit of 1048576 bytes`,
    );
  });

  it('gives up at the deadline', async () => {
    const result = await get('/slow');
    expect(result).toEqual({
      ok: false,
      status: null,
      error: `GET http://127.0.0.1:${port}/slow failed: no answer within 0.5 s (timeout)`,
    });
  });

  it('says a refused connection in words', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await httpGet({
      url: `http://127.0.0.1:${closedPort}/x`,
      headers: {},
      allowedHosts: allow('127.0.0.1'),
      timeoutMs: 2_000,
      maxBytes: 1024,
    });
    expect(!result.ok && result.error).toBe(
      `GET http://127.0.0.1:${closedPort}/x failed: connection refused (ECONNREFUSED)`,
    );
  });
});
