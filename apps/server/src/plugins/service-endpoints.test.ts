import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { insertTestService } from '../adapters/provisioner/testing/test-services';
import { useTestApp } from '../testing/use-test-app';
import { hostWithoutPort, rawRequestHead } from './service-endpoints';

describe('hostWithoutPort', () => {
  it.each([
    ['svc.eu-west-1.local.localhost:3000', 'svc.eu-west-1.local.localhost'],
    ['LOCALHOST', 'localhost'],
    ['[::1]:3000', '[::1]'],
    [undefined, ''],
  ])('%s → %s', (host, expected) => {
    expect(hostWithoutPort(host)).toBe(expected);
  });
});

describe('rawRequestHead', () => {
  it("replaces a client's own X-Herald-Client-Address with the address the server saw", () => {
    const head = rawRequestHead(
      {
        method: 'GET',
        url: '/mqtt',
        httpVersion: '1.1',
        rawHeaders: [
          'Host',
          'a.b.localhost',
          'X-Herald-Client-Address',
          '1.2.3.4',
          'Upgrade',
          'websocket',
        ],
      },
      '203.0.113.9',
    );
    expect(head).toBe(
      'GET /mqtt HTTP/1.1\r\nHost: a.b.localhost\r\nUpgrade: websocket\r\n' +
        'x-herald-client-address: 203.0.113.9\r\n\r\n',
    );
  });
});

describe('service hosts on the server port', () => {
  let app: FastifyInstance;
  useTestApp((ready) => ({ app } = ready));

  it('answers plain HTTP to a service host with a short text, before any API or SPA route', async () => {
    const row = await insertTestService(app.db, { desiredState: 'suspended' });
    for (const url of ['/v3/health', '/mqtt', '/index.html']) {
      const response = await app.inject({
        url,
        headers: { host: `${row.serviceName}.${row.region}.localhost:3000` },
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.body).toContain('MQTT over WebSocket at /mqtt');
    }
  });

  it("shows a service's page at its host's root, where the Console entry opens", async () => {
    const row = await insertTestService(app.db, { desiredState: 'suspended' });
    const response = await app.inject({
      url: '/?from=dashboard',
      headers: { host: `${row.serviceName}.${row.region}.localhost:3000` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.body).toContain(`<h1>${row.serviceName}</h1>`);
    expect(response.body).toContain(
      `ws://${row.serviceName}.${row.region}.localhost:${app.config.port}/mqtt`,
    );
    expect(response.body).toContain(`href="${app.config.publicUrl}/service/${row.id}"`);
    expect(response.body).not.toMatch(/client_secret|Bearer/);
  });

  it('answers 404 at the root of a host that names no service, or a deleted one', async () => {
    const gone = await insertTestService(app.db, { desiredState: 'deleted' });
    for (const host of [
      `${gone.serviceName}.${gone.region}.localhost`,
      'nobody.eu-west-1.local.localhost',
      `${gone.serviceName}.elsewhere.localhost`,
    ]) {
      const response = await app.inject({ url: '/', headers: { host } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
    }
  });

  it('leaves the dashboard host alone', async () => {
    const response = await app.inject({ url: '/v3/health', headers: { host: 'localhost:3000' } });
    expect(response.statusCode).toBe(200);
    const spa = await app.inject({ url: '/', headers: { host: 'localhost' } });
    expect(spa.statusCode).toBe(200);
    expect(spa.headers['content-type']).toMatch(/^text\/html/);
  });
});
