import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/create-test-app';
import { createTestDatabase } from '../testing/test-database';
import type { TestDatabase } from '../testing/test-database';

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const IMMUTABLE = 'public, max-age=31536000, immutable';
const ASSET = '/assets/index-5eed1e55.js';

/** A build as the web app's precompress plugin leaves it: each text file with a .br and a .gz beside it. */
function writePrecompressedBuild(dir: string): { indexHtml: string; asset: string } {
  const indexHtml = `<!doctype html><html lang="en"><head><title>Herald Cloud</title></head><body>${'<p>shell</p>'.repeat(200)}<script type="module" src="${ASSET}"></script></body></html>`;
  const asset = `export const greeting = ${JSON.stringify('hello '.repeat(2000))};\n`;
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  for (const [file, body] of [
    ['index.html', indexHtml],
    // The sign-up page painted from the HTML (apps/web/vite-static-shells.ts).
    ['signup.html', indexHtml.replace('<body>', '<body><h1>Create your account</h1>')],
    [ASSET.slice(1), asset],
  ] as const) {
    fs.writeFileSync(path.join(dir, file), body);
    fs.writeFileSync(path.join(dir, `${file}.br`), zlib.brotliCompressSync(body));
    fs.writeFileSync(path.join(dir, `${file}.gz`), zlib.gzipSync(body));
  }
  // A small public file with no compressed variant (the plugin skips files under 1 KiB).
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { indexHtml, asset };
}

describe('SPA hosting of a precompressed build', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let distDir: string;
  let files: { indexHtml: string; asset: string };

  beforeAll(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-web-dist-'));
    files = writePrecompressedBuild(distDir);
    database = await createTestDatabase();
    app = await createTestApp({ db: database, env: { WEB_DIST_DIR: distDir } });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('sends the brotli file when the browser accepts brotli', async () => {
    const response = await app.inject({
      method: 'GET',
      url: ASSET,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.rawPayload.length).toBeLessThan(files.asset.length / 10);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(files.asset);
  });

  it('sends the gzip file when the browser accepts gzip but not brotli', async () => {
    const response = await app.inject({
      method: 'GET',
      url: ASSET,
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(files.asset);
  });

  it('sends the file itself when the browser accepts neither', async () => {
    for (const headers of [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ]) {
      const response = await app.inject({ method: 'GET', url: ASSET, headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['content-length']).toBe(String(Buffer.byteLength(files.asset)));
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body).toBe(files.asset);
    }
  });

  it('answers HEAD with the headers of the chosen variant and no body', async () => {
    const get = await app.inject({
      method: 'GET',
      url: ASSET,
      headers: { 'accept-encoding': 'br' },
    });
    const head = await app.inject({
      method: 'HEAD',
      url: ASSET,
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers['cache-control']).toBe(IMMUTABLE);
    expect(head.rawPayload.length).toBe(0);
  });

  it.each(['/', '/workspace/7/members'])(
    'serves index.html for %s compressed and with no-cache',
    async (url) => {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { ...html, 'accept-encoding': 'gzip, br' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      // The page is index.html with the answers it starts with (plugins/page-answers.ts) before </body>.
      const page = zlib.brotliDecompressSync(response.rawPayload).toString();
      expect(
        page.replace(/<script type="application\/json" id="page-answers">.*?<\/script>/, ''),
      ).toBe(files.indexHtml);
    },
  );

  it.each(['br', 'gzip'])(
    "sends a page's HTML compressed (%s), varying with the session cookie too",
    async (encoding) => {
      const response = await app.inject({
        method: 'GET',
        url: '/signup',
        headers: { ...html, 'accept-encoding': encoding },
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toBe('Accept-Encoding, Cookie');
      const body =
        encoding === 'br'
          ? zlib.brotliDecompressSync(response.rawPayload)
          : zlib.gunzipSync(response.rawPayload);
      expect(body.toString()).toContain('<h1>Create your account</h1>');
    },
  );

  it('keeps the security headers on compressed files', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/',
      headers: { ...html, 'accept-encoding': 'br' },
    });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('sends a file without compressed variants as it is, whatever the browser accepts', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/favicon.svg',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing hashed asset with 404 even when compressed variants are accepted', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/index-gone.js',
      headers: { ...html, 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).not.toContain('<html');
  });
});
