import fs from 'node:fs';
import path from 'node:path';
import { AUTH_COOKIE_NAME } from '@herald/contract/constants';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, WEB_DIST_FIXTURE } from '../testing/create-test-app';
import { PAINT_TIMEOUT_MS } from './painted-pages';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { insertTestService } from '../testing/test-services';
import { createTestMember, createTestWorkspace, type TestMember } from '../testing/test-workspaces';

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const INDEX_TITLE = '<title>Herald Cloud (test build)</title>';

/**
 * The services list painted by the server (docs/decisions/032), against the fixture build's stand-in renderer
 * (testing/fixtures/web-dist/.server): what the server hands it and does with its answer. The real renderer is
 * tested in apps/web (prerender/painted-pages.test.tsx) and with the real build in e2e/services-list.spec.ts.
 */
describe('the painted services list', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let member: TestMember;
  let stranger: TestMember;
  let workspaceId: string;
  let strangersWorkspaceId: string;
  let failingWorkspaceId: string;
  let hangingWorkspaceId: string;
  let serviceName: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp({ db: database });
    member = await createTestMember(app);
    stranger = await createTestMember(app, { firstName: 'Mallory' });
    workspaceId = await createTestWorkspace(app, member, 'Harbour');
    failingWorkspaceId = await createTestWorkspace(app, member, 'Breaks');
    hangingWorkspaceId = await createTestWorkspace(app, member, 'Hangs');
    strangersWorkspaceId = await createTestWorkspace(app, stranger, 'Elsewhere');
    serviceName = (await insertTestService(app, workspaceId)).row.serviceName;
    await insertTestService(app, strangersWorkspaceId, { serviceName: 'strangers-secret' });
    await insertTestService(app, failingWorkspaceId, { serviceName: 'throw-me' });
    await insertTestService(app, hangingWorkspaceId, { serviceName: 'hang-me' });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const pageAs = (who: TestMember | undefined, url: string, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({
      method,
      url,
      headers: { ...html, ...(who && { cookie: `${AUTH_COOKIE_NAME}=${who.token}` }) },
    });

  it("paints the member's services list from the session's own answers, privately", async () => {
    const response = await pageAs(member, `/workspace/${workspaceId}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<li>${serviceName}</li>`);
    expect(response.body).toContain(`<main data-path="/workspace/${workspaceId}">`);
    // The title escaped into the template; the answers still carried for the start script and the app.
    expect(response.body).toContain('<title>Services &amp; more</title>');
    expect(response.body).toContain('<script type="application/json" id="page-answers">');
    expect(response.headers['cache-control']).toBe('no-store, private');
  });

  it("paints nothing of another organisation's: the page goes unpainted, as the API answers 404", async () => {
    const response = await pageAs(member, `/workspace/${strangersWorkspaceId}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(INDEX_TITLE);
    expect(response.body).not.toContain('strangers-secret');
    expect(response.body).not.toContain('data-path');
  });

  it('paints nothing without a session or on another page', async () => {
    for (const [who, url] of [
      [undefined, `/workspace/${workspaceId}`],
      [member, `/workspace/${workspaceId}/members`],
      [member, '/workspace'],
    ] as const) {
      const response = await pageAs(who, url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(INDEX_TITLE);
      expect(response.body, url).not.toContain('data-path');
    }
  });

  it('sends the page unpainted when the render fails', async () => {
    const response = await pageAs(member, `/workspace/${failingWorkspaceId}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(INDEX_TITLE);
    expect(response.body).not.toContain('<li>');
  });

  it('sends the page unpainted when a render does not end, and paints the next one on a fresh thread', async () => {
    const started = Date.now();
    const hanging = await pageAs(member, `/workspace/${hangingWorkspaceId}`);
    expect(hanging.statusCode).toBe(200);
    expect(hanging.body).toContain(INDEX_TITLE);
    expect(Date.now() - started).toBeGreaterThanOrEqual(PAINT_TIMEOUT_MS);
    expect(Date.now() - started).toBeLessThan(PAINT_TIMEOUT_MS + 5_000);
    const next = await pageAs(member, `/workspace/${workspaceId}`);
    expect(next.body).toContain(`<li>${serviceName}</li>`);
  });

  it('never serves the renderer, the template or the build manifest', async () => {
    expect(fs.existsSync(path.join(WEB_DIST_FIXTURE, '.server/painted-pages.js'))).toBe(true);
    for (const url of [
      '/.server/painted-pages.js',
      '/.server/painted-page.html',
      '/.vite/manifest.json',
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(response.body, url).not.toContain('renderPaintedPage');
      expect(response.body, url).not.toContain('%PAINTED_MARKUP%');
    }
    const script = await app.inject({
      method: 'GET',
      url: '/.server/painted-pages.js',
      headers: { accept: 'application/javascript' },
    });
    expect(script.statusCode).toBe(404);
  });
});
