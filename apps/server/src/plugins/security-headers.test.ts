import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/create-test-app';
import { createTestDatabase } from '../testing/test-database';
import type { TestDatabase } from '../testing/test-database';

/** Forms may post to the dashboard itself and to the service hosts (the console's single sign-on). */
const cspWithFormAction = (serviceHosts: string) =>
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;font-src 'self' data:;" +
  `connect-src 'self' ws: wss:;object-src 'none';base-uri 'self';form-action 'self' ${serviceHosts};frame-ancestors 'none'`;
const EXPECTED_CSP = cspWithFormAction('http://*.localhost:3000');

describe('security headers', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let httpsApp: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp({ db: database });
    httpsApp = await createTestApp({
      db: database,
      env: { PUBLIC_URL: 'https://herald.example.com' },
    });
  });

  afterAll(async () => {
    await app?.close();
    await httpsApp?.close();
    await database?.close();
  });

  it.each([
    ['the SPA', '/', 'text/html'],
    ['a client-side route', '/services/42', 'text/html'],
    ['a hashed asset', '/assets/index-C0ffee42.js', '*/*'],
    ['the API', '/v3/health', 'application/json'],
    ['an API error', '/v3/nothing-here', 'application/json'],
    ['the API docs', '/v3/docs', 'text/html'],
  ])('are sent on %s', async (_, url, accept) => {
    const response = await app.inject({ method: 'GET', url, headers: { accept } });

    expect(response.headers['content-security-policy']).toBe(EXPECTED_CSP);
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('mark API answers no-store, and leave SPA caching to the SPA rules', async () => {
    const api = await app.inject({ method: 'GET', url: '/v3/health' });
    const notFound = await app.inject({ method: 'GET', url: '/v3/nothing-here' });
    const page = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });

    expect(api.headers['cache-control']).toBe('no-store');
    expect(notFound.headers['cache-control']).toBe('no-store');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('add HSTS and upgrade-insecure-requests only when PUBLIC_URL is https', async () => {
    const response = await httpsApp.inject({ method: 'GET', url: '/v3/health' });

    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(response.headers['content-security-policy']).toBe(
      `${cspWithFormAction('https://*.localhost')};upgrade-insecure-requests`,
    );
  });
});
