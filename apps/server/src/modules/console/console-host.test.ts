import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { serviceHostname } from '@herald/contract/services/service-display';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertTestService,
  type ServiceRow,
} from '../../adapters/provisioner/testing/test-services';
import { useTestApp } from '../../testing/use-test-app';

/** The built console as the service host serves it: page, assets (precompressed), and nothing else. */
const root = mkdtempSync(path.join(os.tmpdir(), 'herald-console-dist-'));
const webDist = path.join(root, 'dist');
const consoleDist = path.join(root, 'dist-console');
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;
mkdirSync(webDist, { recursive: true });
mkdirSync(path.join(consoleDist, 'assets'), { recursive: true });
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Dashboard</title>');
writeFileSync(
  path.join(consoleDist, 'index.html'),
  '<!doctype html><title>Console</title><script type="module" src="/_console/assets/index-abc.js"></script>',
);
writeFileSync(path.join(consoleDist, 'assets', 'index-abc.js'), SCRIPT);
writeFileSync(path.join(consoleDist, 'assets', 'index-abc.js.br'), brotliCompressSync(SCRIPT));

let app: FastifyInstance;
let row: ServiceRow;
useTestApp((ready) => ({ app } = ready), { env: { WEB_DIST_DIR: webDist } });
beforeAll(async () => {
  row = await insertTestService(app.db, { desiredState: 'suspended', status: 'SUSPENDED' });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'GET',
    url,
    headers: { host: `${serviceHostname(row)}.localhost:3000`, ...headers },
  });

describe('the console on a service host', () => {
  it('serves the built console at / under the strict CSP', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Console</title>');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves its assets precompressed and immutable', async () => {
    const response = await get('/_console/assets/index-abc.js', { 'accept-encoding': 'gzip, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('text/javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await get('/_console/assets/index-abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it.each([
    '/_console/assets/../index.html',
    '/_console/assets/%2e%2e%2fdist%2findex.html',
    '/_console/assets/missing.js',
    '/_console/index.html',
    '/index.html',
    '/v3/health',
  ])('answers anything else (%s) with the one-line 404', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe('This host serves MQTT over WebSocket at /mqtt.\n');
  });
});
