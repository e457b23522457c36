import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST_FIXTURE, createTestApp } from '../testing/create-test-app';
import { createTestDatabase } from '../testing/test-database';
import type { TestDatabase } from '../testing/test-database';
import { AUTH_COOKIE_NAME } from '@herald/contract/constants';
import { MISSING_BUILD_MESSAGE } from './spa';

const readFixture = (file: string) => fs.readFileSync(path.join(WEB_DIST_FIXTURE, file), 'utf8');
const INDEX_HTML = readFixture('index.html');
/** index.html with a page painted before any script runs (apps/web/vite-static-shells.ts). */
const SHELLS = {
  login: readFixture('login.html'),
  signup: readFixture('signup.html'),
};
const session = { cookie: `${AUTH_COOKIE_NAME}=some-session-token` };
const ANSWERS = /<script type="application\/json" id="page-answers">(.*?)<\/script><\/body>/;

/** The page's HTML without the answers the server adds to it (plugins/page-answers.ts), and those answers. */
function splitPage(body: string): { file: string; answers: Array<{ id: string; status: number }> } {
  const match = ANSWERS.exec(body);
  if (!match?.[1]) throw new Error('the page carries no answers');
  const { answers } = JSON.parse(match[1]) as { answers: Array<{ id: string; status: number }> };
  return { file: body.replace(match[0], '</body>'), answers };
}
const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('SPA hosting', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let unbuiltApp: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp({ db: database });
    unbuiltApp = await createTestApp({
      db: database,
      env: { WEB_DIST_DIR: path.join(WEB_DIST_FIXTURE, 'missing') },
    });
  });

  afterAll(async () => {
    await app?.close();
    await unbuiltApp?.close();
    await database?.close();
  });

  it('serves the login page at / with no-cache, so a new deploy is picked up', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const page = splitPage(response.body);
    expect(page.file).toBe(SHELLS.login);
    // Nobody is signed in (no cookie: nothing is asked), and the login page's other ways to log in.
    expect(page.answers.map(({ id, status }) => [id, status])).toEqual([
      ['getUser', 401],
      ['listConnections', 200],
    ]);
  });

  it.each([
    ['/', {}, SHELLS.login],
    ['/?next=1', {}, SHELLS.login],
    ['/signup', {}, SHELLS.signup],
    // From an invitation the page first loads the invitation: its first view is not the plain form.
    ['/signup?invite=inv-1', {}, INDEX_HTML],
    // Someone signed in is sent on from / by the app: no login form first.
    ['/', session, INDEX_HTML],
    ['/workspace/7/members', session, INDEX_HTML],
    ['/signup', session, INDEX_HTML],
    ['/workspace/7', {}, INDEX_HTML],
    ['/onboarding/details', session, INDEX_HTML],
  ] as const)(
    'answers %s (headers %o) with the HTML whose first paint fits it',
    async (url, headers, body) => {
      const response = await app.inject({ method: 'GET', url, headers: { ...html, ...headers } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      // The same URL's HTML differs with the session cookie: no shared cache may mix them up.
      expect(response.headers.vary).toBe('Accept-Encoding, Cookie');
      const page = splitPage(response.body);
      expect(page.file).toBe(body);
      // The fixture's session is not valid: the user call answers 401 and nothing of a user's is asked.
      expect(page.answers.find((answer) => answer.id === 'getUser')?.status).toBe(401);
      expect(
        page.answers.every((answer) => answer.status !== 200 || answer.id === 'listConnections'),
      ).toBe(true);
    },
  );

  it('serves hashed assets with long immutable caching', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-C0ffee42.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other public files with revalidation', async () => {
    const response = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/services/42', '/workspace/7/billing?tab=invoices', '/sign-in'])(
    'answers the client-side route %s with index.html (history fallback)',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(splitPage(response.body).file).toBe(INDEX_HTML);
    },
  );

  it('answers a missing hashed asset with 404, not index.html', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/index-gone.js',
      headers: html,
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<html');
  });

  it('does not fall back for requests that do not accept HTML or are not GET', async () => {
    const json = await app.inject({
      method: 'GET',
      url: '/services/42',
      headers: { accept: 'application/json' },
    });
    const post = await app.inject({ method: 'POST', url: '/services/42', headers: html });
    expect(json.statusCode).toBe(404);
    expect(post.statusCode).toBe(404);
  });

  it('answers pages with a plain 503 telling to run the build when the SPA is not built', async () => {
    for (const url of ['/', '/services/42']) {
      const response = await unbuiltApp.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.body).toBe(MISSING_BUILD_MESSAGE);
      expect(response.body).toContain('npm run build');
    }
  });

  it('keeps the API working when the SPA is not built', async () => {
    const response = await unbuiltApp.inject({ method: 'GET', url: '/v3/health' });
    expect(response.statusCode).toBe(200);
  });
});
