import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routes } from '@herald/contract/api/routes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../../testing/create-test-app';
import { CookieJar, signInAtProvider, startOidcProvider } from '../../testing/oidc-provider';
import type { TestOidcProvider } from '../../testing/oidc-provider';
import { createTestDatabase } from '../../testing/test-database';
import type { TestDatabase } from '../../testing/test-database';
import { JSON_HEADERS, authCookieOf, login, signUp, uniqueEmail } from '../../testing/test-users';

const CONNECTION = 'test-idp';
const PUBLIC_URL = testConfig().publicUrl;

describe('social and single sign-on over OpenID Connect', () => {
  let dir: string;
  let provider: TestOidcProvider;
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    provider = await startOidcProvider({
      redirectUris: [`${PUBLIC_URL}/v3/auth/callback/${CONNECTION}`],
    });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-sso-'));
    const file = path.join(dir, 'connections.json');
    fs.writeFileSync(
      file,
      JSON.stringify([
        provider.connection({ name: CONNECTION, displayName: 'Acme SSO', domains: ['acme.test'] }),
        {
          ...provider.connection({ name: 'social-down', displayName: 'Down', kind: 'social' }),
          issuer: 'http://127.0.0.1:1',
        },
      ]),
    );
    database = await createTestDatabase();
    app = await createTestApp({ db: database, env: { AUTH_CONNECTIONS_FILE: file } });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await provider?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** authorize → provider login form → consent → our callback; returns the callback's response and the jar. */
  async function signInWithSso(login: string, returnTo?: string) {
    const jar = new CookieJar();
    const authorize = await app.inject({
      method: 'GET',
      url: `/v3/auth/authorize/${CONNECTION}${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`,
    });
    expect(authorize.statusCode).toBe(302);
    jar.store(
      ([] as string[]).concat(
        (authorize.headers['set-cookie'] as string | string[] | undefined) ?? [],
      ),
    );
    const authorizationUrl = new URL(authorize.headers.location as string);
    const callback = new URL(await signInAtProvider(authorizationUrl.href, login));
    expect(`${callback.origin}${callback.pathname}`).toBe(
      `${PUBLIC_URL}/v3/auth/callback/${CONNECTION}`,
    );
    const response = await app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: jar.header() },
    });
    return { authorizationUrl, response };
  }

  it('lists the configured connections and finds the SSO connection of an e-mail domain', async () => {
    const list = await app.inject({ method: 'GET', url: routes.listConnections.path });
    expect(list.json()).toEqual({
      connections: [
        { name: CONNECTION, displayName: 'Acme SSO', kind: 'sso' },
        { name: 'social-down', displayName: 'Down', kind: 'social' },
      ],
    });
    const lookup = (email: string) =>
      app.inject({
        method: 'POST',
        url: routes.lookupSsoConnection.path,
        headers: JSON_HEADERS,
        payload: { email },
      });
    expect((await lookup('Jane@ACME.test')).json()).toEqual({ connection: CONNECTION });
    expect((await lookup('jane@other.test')).json()).toEqual({ connection: null });
  });

  it('redirects to the provider with PKCE, state and nonce', async () => {
    const response = await app.inject({ method: 'GET', url: `/v3/auth/authorize/${CONNECTION}` });
    expect(response.statusCode).toBe(302);
    const url = new URL(response.headers.location as string);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('client_id')).toBe(provider.clientId);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toBeTruthy();
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile']),
    );
    expect(url.searchParams.get('redirect_uri')).toBe(
      `${PUBLIC_URL}/v3/auth/callback/${CONNECTION}`,
    );
  });

  it('signs a new user in, then the SSO sign-up creates the profile from the IdP claims', async () => {
    const email = uniqueEmail('grace');
    provider.addAccount({
      login: 'grace',
      email,
      emailVerified: true,
      givenName: 'Grace',
      familyName: 'Hopper',
    });
    const { response } = await signInWithSso('grace', '/workspace/w1');

    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(`${PUBLIC_URL}/login/callback`);
    expect(location.searchParams.get('returnTo')).toBe('/workspace/w1');
    expect(location.searchParams.has('error')).toBe(false);
    const token = authCookieOf(response);
    expect(token).toBeTruthy();
    const cookie = response.cookies.find((candidate) => candidate.name === 'auth');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    // better-auth's own session cookie stays inside the server.
    expect(response.cookies.some((candidate) => /session_token/.test(candidate.name))).toBe(false);

    const auth = { authorization: `Bearer ${token}` };
    const before = await app.inject({ method: 'GET', url: routes.getUser.path, headers: auth });
    expect(before.statusCode).toBe(404);

    const created = await app.inject({
      method: 'POST',
      url: routes.createUser.path,
      headers: { ...JSON_HEADERS, ...auth },
      payload: { context: 'sso', emailConsent: true, metadata: { utm_source: 'sso-test' } },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      email,
      email_verified: true,
      firstName: 'Grace',
      lastName: 'Hopper',
      provider: CONNECTION,
      authProvider: CONNECTION,
      company: null,
      detailsComplete: false,
      metadata: { utm_source: 'sso-test', signUpDate: expect.any(String) },
    });

    const after = await app.inject({ method: 'GET', url: routes.getUser.path, headers: auth });
    expect(after.statusCode).toBe(200);
    expect(after.json().customerid).toBe(created.json().customerid);

    const again = await app.inject({
      method: 'POST',
      url: routes.createUser.path,
      headers: { ...JSON_HEADERS, ...auth },
      payload: { context: 'sso', emailConsent: false },
    });
    expect(again.statusCode).toBe(409);

    // A second sign-in reaches the same account.
    const second = await signInWithSso('grace');
    const secondToken = authCookieOf(second.response);
    expect(secondToken).toBeTruthy();
    expect(secondToken).not.toBe(token);
    const user = await app.inject({
      method: 'GET',
      url: routes.getUser.path,
      headers: { authorization: `Bearer ${secondToken}` },
    });
    expect(user.json().customerid).toBe(created.json().customerid);
  });

  it('keeps the IdP saying the e-mail is not verified', async () => {
    const email = uniqueEmail('unverified');
    provider.addAccount({ login: 'unverified', email, emailVerified: false, givenName: 'Una' });
    const { response } = await signInWithSso('unverified');
    const token = authCookieOf(response);
    const created = await app.inject({
      method: 'POST',
      url: routes.createUser.path,
      headers: { ...JSON_HEADERS, authorization: `Bearer ${token}` },
      payload: { context: 'sso', emailConsent: false },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email_verified: false, firstName: 'Una', lastName: '' });
  });

  it('links a verified password account with the same verified e-mail', async () => {
    const owner = await signUp(app, { firstName: 'Pat', lastName: 'Password', company: 'Acme' });
    await app.inject({
      method: 'GET',
      url: routes.verifyEmail.path,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    // Verify the e-mail through the link of the sign-up mail.
    const { latestMail, linkIn } = await import('../../testing/test-users');
    const mail = await latestMail(app, owner.email);
    const link = linkIn(mail?.text ?? '');
    await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });

    provider.addAccount({ login: 'pat', email: owner.email, emailVerified: true });
    const { response } = await signInWithSso('pat');
    const token = authCookieOf(response);
    expect(token).toBeTruthy();
    const user = await app.inject({
      method: 'GET',
      url: routes.getUser.path,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({ customerid: owner.user.customerid, provider: 'password' });
    // The password still works.
    expect((await login(app, owner.email, owner.password)).statusCode).toBe(200);
  });

  it('does not link to an unverified password account (its registrant may not own the address)', async () => {
    const squatter = await signUp(app);
    provider.addAccount({ login: 'victim', email: squatter.email, emailVerified: true });
    const { response } = await signInWithSso('victim');
    expect(authCookieOf(response)).toBeUndefined();
    const location = new URL(response.headers.location as string);
    expect(location.pathname).toBe('/login/callback');
    expect(location.searchParams.get('error')).toBe('account_not_linked');
  });

  it('refuses a callback without the state cookie of the browser that started it', async () => {
    provider.addAccount({ login: 'eve', email: uniqueEmail('eve'), emailVerified: true });
    const authorize = await app.inject({ method: 'GET', url: `/v3/auth/authorize/${CONNECTION}` });
    const callback = new URL(await signInAtProvider(authorize.headers.location as string, 'eve'));
    const response = await app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
    });
    expect(response.statusCode).toBe(302);
    expect(authCookieOf(response)).toBeUndefined();
    const location = new URL(response.headers.location as string);
    expect(location.pathname).toBe('/login/callback');
    expect(location.searchParams.get('error')).toBeTruthy();
  });

  it('sends unknown and unreachable connections back to /login/callback with an error', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/v3/auth/authorize/nope' });
    expect(unknown.statusCode).toBe(302);
    expect(unknown.headers.location).toBe(`${PUBLIC_URL}/login/callback?error=unknown_connection`);

    const down = await app.inject({ method: 'GET', url: '/v3/auth/authorize/social-down' });
    expect(down.statusCode).toBe(302);
    expect(down.headers.location).toBe(`${PUBLIC_URL}/login/callback?error=connection_unavailable`);

    const callback = await app.inject({
      method: 'GET',
      url: `/v3/auth/callback/${CONNECTION}?error=access_denied&state=x`,
    });
    expect(callback.statusCode).toBe(302);
    expect(new URL(callback.headers.location as string).pathname).toBe('/login/callback');
    expect(new URL(callback.headers.location as string).searchParams.get('error')).toBeTruthy();
  });

  it('refuses the SSO sign-up without a session, or for a password account', async () => {
    const anonymous = await app.inject({
      method: 'POST',
      url: routes.createUser.path,
      headers: JSON_HEADERS,
      payload: { context: 'sso', emailConsent: true },
    });
    expect(anonymous.statusCode).toBe(401);

    const passwordUser = await signUp(app);
    const conflict = await app.inject({
      method: 'POST',
      url: routes.createUser.path,
      headers: { ...JSON_HEADERS, authorization: `Bearer ${passwordUser.token}` },
      payload: { context: 'sso', emailConsent: true },
    });
    expect(conflict.statusCode).toBe(409);
  });
});
