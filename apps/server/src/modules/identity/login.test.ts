import { routes } from '@herald/contract/api/routes';
import { AUTH_COOKIE_MAX_AGE_SECONDS } from '@herald/contract/constants';
import { AUTH_MESSAGES } from '@herald/contract/messages';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/create-test-app';
import { useTestApp } from '../../testing/use-test-app';

import type { TestDatabase } from '../../testing/test-database';
import {
  JSON_HEADERS,
  TEST_PASSWORD,
  authCookieOf,
  login,
  signUp,
  uniqueAddress,
} from '../../testing/test-users';

describe('login, sessions and logout', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  useTestApp((ready) => ({ app, database } = ready));

  const getUser = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: routes.getUser.path, headers });

  it('logs in with realm, username and password: 200 session and the auth cookie', async () => {
    const { email, user } = await signUp(app);
    const response = await app.inject({
      method: 'POST',
      url: routes.login.path,
      headers: JSON_HEADERS,
      remoteAddress: uniqueAddress(),
      payload: {
        realm: 'Username-Password-Authentication',
        username: email.toUpperCase(),
        password: TEST_PASSWORD,
      },
    });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ accessToken: expect.any(String), expiresAt: expect.any(Number) });
    expect(body.expiresAt).toBeGreaterThan(Date.now() + (AUTH_COOKIE_MAX_AGE_SECONDS - 60) * 1000);
    expect(body.expiresAt).toBeLessThanOrEqual(Date.now() + AUTH_COOKIE_MAX_AGE_SECONDS * 1000);

    const cookie = response.cookies.find((candidate) => candidate.name === 'auth');
    expect(cookie).toEqual({
      name: 'auth',
      value: body.accessToken,
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      maxAge: AUTH_COOKIE_MAX_AGE_SECONDS,
    });
    // Plain http: no Secure (a browser would drop the cookie).
    expect(String(response.headers['set-cookie'])).not.toMatch(/secure/i);

    const viaCookie = await getUser({ cookie: `auth=${body.accessToken}` });
    expect(viaCookie.statusCode).toBe(200);
    expect(viaCookie.json().customerid).toBe(user.customerid);
    const viaBearer = await getUser({ authorization: `Bearer ${body.accessToken}` });
    expect(viaBearer.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown user alike: 401 INVALID_CREDENTIALS', async () => {
    const { email } = await signUp(app);
    const wrong = await login(app, email, 'not-the-password');
    const unknown = await login(app, 'nobody@example.com', TEST_PASSWORD);
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'INVALID_CREDENTIALS',
        message: AUTH_MESSAGES.loginFailed,
        requestId: response.headers['x-request-id'],
      });
      expect(authCookieOf(response)).toBeUndefined();
    }
  });

  it('validates the login body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: routes.login.path,
      headers: JSON_HEADERS,
      payload: { username: 'not-an-email', password: '', realm: 'other' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('sets Secure on the cookie when PUBLIC_URL is https', async () => {
    const httpsApp = await createTestApp({
      db: database,
      env: { PUBLIC_URL: 'https://herald.example.com' },
    });
    try {
      const { email } = await signUp(httpsApp);
      const response = await login(httpsApp, email, TEST_PASSWORD);
      expect(response.cookies.find((cookie) => cookie.name === 'auth')).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'Strict',
      });
    } finally {
      await httpsApp.close();
    }
  });

  it('issues a new token at every login and retires the one the browser carried', async () => {
    const { email, token: signupToken } = await signUp(app);
    const first = (await login(app, email, TEST_PASSWORD)).json().accessToken;
    const second = await login(app, email, TEST_PASSWORD, {
      headers: { cookie: `auth=${first}` },
    });
    const secondToken = second.json().accessToken;
    expect(new Set([signupToken, first, secondToken]).size).toBe(3);
    expect((await getUser({ authorization: `Bearer ${first}` })).statusCode).toBe(401);
    expect((await getUser({ authorization: `Bearer ${secondToken}` })).statusCode).toBe(200);
    // Another device's session is not touched.
    expect((await getUser({ authorization: `Bearer ${signupToken}` })).statusCode).toBe(200);
  });

  it('logs out: 204, the cookie cleared and the token revoked', async () => {
    const { token } = await signUp(app);
    const response = await app.inject({
      method: 'POST',
      url: routes.logout.path,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(204);
    expect(response.cookies.find((cookie) => cookie.name === 'auth')).toMatchObject({
      value: '',
      path: '/',
    });
    expect((await getUser({ authorization: `Bearer ${token}` })).statusCode).toBe(401);
    // Logging out without a session is harmless.
    const again = await app.inject({ method: 'POST', url: routes.logout.path });
    expect(again.statusCode).toBe(204);
  });

  it('answers user routes without a valid session with 401 UNAUTHORIZED', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer not-a-real-token-0123456789' },
      { cookie: 'auth=not-a-real-token-0123456789' },
      { authorization: 'Basic dXNlcjpwYXNz' },
    ];
    for (const headers of attempts) {
      const response = await getUser(headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('refuses a cross-site form post to a state-changing route (CSRF) before it runs', async () => {
    const { token } = await signUp(app);
    for (const contentType of [
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/plain',
    ]) {
      const response = await app.inject({
        method: 'DELETE',
        url: routes.deleteUser.path,
        headers: { cookie: `auth=${token}`, 'content-type': contentType },
        payload: 'a=b',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    const logout = await app.inject({
      method: 'POST',
      url: routes.logout.path,
      headers: { cookie: `auth=${token}`, 'content-type': 'text/plain' },
      payload: '',
    });
    expect(logout.statusCode).toBe(415);
    // The account and the session are still there.
    expect((await getUser({ cookie: `auth=${token}` })).statusCode).toBe(200);
  });
});

describe('rate limits on login', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  useTestApp((ready) => ({ app, database } = ready));

  it('answers 429 with Retry-After after 10 attempts on one account, also after a restart', async () => {
    const { email } = await signUp(app);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await login(app, email, 'wrong-password')).statusCode).toBe(401);
    }
    const limited = await login(app, email, TEST_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/^Too many attempts\. Try again in \d+ minutes?\.$/),
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // A new server process on the same database remembers the count.
    const restarted = await createTestApp({ db: database });
    try {
      expect((await login(restarted, email, TEST_PASSWORD)).statusCode).toBe(429);
    } finally {
      await restarted.close();
    }
  });

  it('limits one address to 50 attempts however many accounts it tries, and X-Forwarded-For does not help', async () => {
    const address = uniqueAddress();
    for (let attempt = 1; attempt <= 50; attempt += 1) {
      const response = await login(app, `guess-${attempt}@example.com`, 'x', {
        remoteAddress: address,
        headers: { 'x-forwarded-for': `203.0.113.${attempt}` },
      });
      expect(response.statusCode).toBe(401);
    }
    const limited = await login(app, 'guess-51@example.com', 'x', {
      remoteAddress: address,
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(limited.statusCode).toBe(429);
  });

  it('with TRUST_PROXY=1 keys on the address the proxy reports', async () => {
    const proxied = await createTestApp({ db: database, env: { TRUST_PROXY: '1' } });
    try {
      const proxy = uniqueAddress();
      const client = uniqueAddress();
      for (let attempt = 1; attempt <= 50; attempt += 1) {
        await login(proxied, `p-${attempt}@example.com`, 'x', {
          remoteAddress: proxy,
          headers: { 'x-forwarded-for': client },
        });
      }
      const sameClient = await login(proxied, 'p-51@example.com', 'x', {
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': client },
      });
      expect(sameClient.statusCode).toBe(429);
      const otherClient = await login(proxied, 'p-52@example.com', 'x', {
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': uniqueAddress() },
      });
      expect(otherClient.statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});
