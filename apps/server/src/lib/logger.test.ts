import { Writable } from 'node:stream';
import { routes } from '@herald/contract/api/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, testConfig } from '../testing/create-test-app';
import { createTestDatabase } from '../testing/test-database';
import type { TestDatabase } from '../testing/test-database';
import { JSON_HEADERS, signUp } from '../testing/test-users';
import { createLogger, redactUrl } from './logger';

describe('secrets never reach the log', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const destination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    app = await createTestApp({
      db: database,
      logger: createLogger(testConfig({ LOG_LEVEL: 'debug' }), destination),
    });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('redacts token query parameters from request URLs', () => {
    expect(redactUrl('/v3/auth/verify-email?token=abc&x=1')).toBe(
      '/v3/auth/verify-email?token=%5BRedacted%5D&x=1',
    );
    expect(redactUrl('/v3/auth/callback/a?code=c&state=s')).toBe(
      '/v3/auth/callback/a?code=%5BRedacted%5D&state=%5BRedacted%5D',
    );
    expect(redactUrl('/v3/user')).toBe('/v3/user');
  });

  it('logs requests without passwords, session tokens or mailed tokens', async () => {
    const password = 'log-me-not-password-9';
    const { token } = await signUp(app, { password });
    await app.inject({
      method: 'GET',
      url: routes.getUser.path,
      headers: { authorization: `Bearer ${token}`, cookie: `auth=${token}` },
    });
    await app.inject({ method: 'GET', url: '/v3/auth/verify-email?token=secret-mailed-token' });
    await app.inject({
      method: 'POST',
      url: routes.login.path,
      headers: JSON_HEADERS,
      payload: { username: 'x@example.com', password },
    });
    await app.mailer.idle();
    const log = lines.join('');
    expect(log).toContain('/v3/auth/verify-email?token=%5BRedacted%5D');
    for (const secret of [password, token, 'secret-mailed-token', 'test-auth-secret']) {
      expect(log).not.toContain(secret);
    }
  });
});
