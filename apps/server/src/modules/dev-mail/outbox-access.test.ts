import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { routes } from '@herald/contract/api/routes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger';
import { createTestApp, testConfig } from '../../testing/create-test-app';
import { createTestDatabase } from '../../testing/test-database';
import type { TestDatabase } from '../../testing/test-database';
import { JSON_HEADERS, signUp, uniqueAddress } from '../../testing/test-users';
import {
  OUTBOX_COOKIE_NAME,
  OUTBOX_TOKEN_HEADER,
  isLoopbackAddress,
  outboxStartupNotice,
} from './outbox-access';
import { OUTBOX_TOKEN_FILE, resolveOutboxToken } from './outbox-token';
import { DEV_MAIL_LATEST_PATH, DEV_MAIL_PATH } from './routes';

describe('isLoopbackAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['128.0.0.1', false],
    ['fe80::1', false],
    ['', false],
    [undefined, false],
  ])('%s is loopback: %s', (address, expected) => {
    expect(isLoopbackAddress(address)).toBe(expected);
  });
});

describe('outboxStartupNotice', () => {
  const config = { port: 3000, dataDir: '/srv/herald/data' };

  it('gives a terminal the ready-to-open link with the token', () => {
    expect(outboxStartupNotice(config, DEV_MAIL_PATH, 'tok-en', true)).toContain(
      'http://localhost:3000/_dev/mail?token=tok-en',
    );
  });

  it('keeps the token out of output that is not a terminal (a log collector), naming its file', () => {
    const notice = outboxStartupNotice(config, DEV_MAIL_PATH, 'tok-en', false);
    expect(notice).not.toContain('tok-en');
    expect(notice).toContain('/srv/herald/data/outbox-token');
  });
});

describe('the operator token file', () => {
  it('is generated once with mode 0600 and read back unchanged', () => {
    const { dataDir } = testConfig();
    const token = resolveOutboxToken({ dataDir });
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(resolveOutboxToken({ dataDir })).toBe(token);
    expect(fs.statSync(path.join(dataDir, OUTBOX_TOKEN_FILE)).mode & 0o777).toBe(0o600);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('who may read the mail outbox', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let now = new Date('2026-01-01T00:00:00Z');
  const logLines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const destination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        logLines.push(chunk.toString());
        callback();
      },
    });
    app = await createTestApp({
      db: database,
      // One trusted proxy hop: even then, X-Forwarded-For must not make a caller look local.
      env: { TRUST_PROXY: '1' },
      logger: createLogger(testConfig({ LOG_LEVEL: 'debug' }), destination),
      clock: () => now,
    });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const token = () => resolveOutboxToken(app.config);

  /** The attack of issue 9: ask a reset for someone else's account, then read the link from the outbox. */
  async function requestResetFor(email: string): Promise<void> {
    const response = await app.inject({
      method: 'POST',
      url: routes.requestPasswordReset.path,
      headers: JSON_HEADERS,
      remoteAddress: uniqueAddress(),
      payload: { email },
    });
    expect(response.statusCode).toBe(202);
    await app.mailer.idle();
  }

  async function expectNotFound(
    response: Awaited<ReturnType<FastifyInstance['inject']>>,
    url: string,
  ): Promise<void> {
    expect(response.statusCode).toBe(404);
    // The same answer as a server without an outbox: nothing reveals that it exists.
    expect(response.json()).toEqual({
      code: 'NOT_FOUND',
      message: `Route GET ${url.split('?', 1)[0]} not found`,
      requestId: response.headers['x-request-id'],
    });
    expect(response.body).not.toContain('reset-password');
    // Not even a header differs from an unknown path's 404.
    const unknown = await app.inject({ method: 'GET', url: '/_dev/nothing-here' });
    const { date: _a, 'x-request-id': _b, 'content-length': _c, ...headers } = response.headers;
    const { date: _d, 'x-request-id': _e, 'content-length': _f, ...expected } = unknown.headers;
    expect(headers).toEqual(expected);
  }

  it('answers 404 to a caller without the operator token, even on this machine', async () => {
    const { email } = await signUp(app);
    await requestResetFor(email);
    for (const url of [DEV_MAIL_PATH, `${DEV_MAIL_LATEST_PATH}?to=${encodeURIComponent(email)}`]) {
      await expectNotFound(
        await app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' }),
        url,
      );
      await expectNotFound(
        await app.inject({
          method: 'GET',
          url,
          remoteAddress: '127.0.0.1',
          headers: { [OUTBOX_TOKEN_HEADER]: `${token()}x` },
        }),
        url,
      );
      await expectNotFound(
        await app.inject({
          method: 'GET',
          url,
          remoteAddress: '127.0.0.1',
          cookies: { [OUTBOX_COOKIE_NAME]: `9999999999.${'A'.repeat(43)}` },
        }),
        url,
      );
    }
  });

  it('answers 404 to a caller on another machine, even with the token and a forged X-Forwarded-For', async () => {
    const { email } = await signUp(app);
    await requestResetFor(email);
    const url = `${DEV_MAIL_LATEST_PATH}?to=${encodeURIComponent(email)}`;
    const response = await app.inject({
      method: 'GET',
      url,
      remoteAddress: '203.0.113.7',
      headers: { [OUTBOX_TOKEN_HEADER]: token(), 'x-forwarded-for': '127.0.0.1' },
    });
    await expectNotFound(response, url);
    const page = await app.inject({
      method: 'GET',
      url: `${DEV_MAIL_PATH}?token=${token()}`,
      remoteAddress: '::ffff:192.0.2.1',
    });
    await expectNotFound(page, DEV_MAIL_PATH);
  });

  it('exchanges the link printed at start-up for a short-lived cookie and drops the token from the address', async () => {
    const { email } = await signUp(app);
    await requestResetFor(email);
    const link = await app.inject({
      method: 'GET',
      url: `${DEV_MAIL_PATH}?token=${encodeURIComponent(token())}`,
      remoteAddress: '127.0.0.1',
    });
    expect(link.statusCode).toBe(303);
    expect(link.headers.location).toBe(DEV_MAIL_PATH);
    expect(link.headers['cache-control']).toBe('no-store');
    const [cookie] = link.cookies;
    expect(cookie).toMatchObject({
      name: OUTBOX_COOKIE_NAME,
      path: '/_dev',
      httpOnly: true,
      sameSite: 'Strict',
      maxAge: 3600,
    });
    expect(cookie?.value).not.toContain(token());

    const page = await app.inject({
      method: 'GET',
      url: DEV_MAIL_PATH,
      remoteAddress: '::1',
      cookies: { [OUTBOX_COOKIE_NAME]: cookie?.value ?? '' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(email);
    expect(page.body).toMatch(/\/reset-password\?token=/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');

    // An hour later the cookie no longer opens the outbox.
    now = new Date(now.getTime() + 3600 * 1000);
    const expired = await app.inject({
      method: 'GET',
      url: DEV_MAIL_PATH,
      remoteAddress: '127.0.0.1',
      cookies: { [OUTBOX_COOKIE_NAME]: cookie?.value ?? '' },
    });
    await expectNotFound(expired, DEV_MAIL_PATH);
  });

  it('answers scripts on this machine that send the token in X-Outbox-Token', async () => {
    const { email } = await signUp(app);
    const response = await app.inject({
      method: 'GET',
      url: `${DEV_MAIL_LATEST_PATH}?to=${encodeURIComponent(email)}`,
      remoteAddress: '127.0.0.1',
      headers: { [OUTBOX_TOKEN_HEADER]: token() },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ to: email });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('never writes the token to the log', () => {
    const log = logLines.join('');
    expect(log).toContain('/_dev/mail?token=%5BRedacted%5D');
    expect(log).not.toContain(token());
  });
});

describe('the mail outbox viewer is off', () => {
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
  });

  async function outboxStatus(env: Record<string, string>): Promise<number> {
    const app = await createTestApp({ db: database, env });
    apps.push(app);
    const response = await app.inject({
      method: 'GET',
      url: DEV_MAIL_PATH,
      remoteAddress: '127.0.0.1',
      headers: { [OUTBOX_TOKEN_HEADER]: resolveOutboxToken(app.config) },
    });
    return response.statusCode;
  }

  it('with NODE_ENV=production unless the operator turns it on', async () => {
    expect(await outboxStatus({ NODE_ENV: 'production' })).toBe(404);
    expect(await outboxStatus({ NODE_ENV: 'production', DEV_MAIL_OUTBOX: 'on' })).toBe(200);
  });

  it('with DEV_MAIL_OUTBOX=off', async () => {
    expect(await outboxStatus({ DEV_MAIL_OUTBOX: 'off' })).toBe(404);
  });
});
