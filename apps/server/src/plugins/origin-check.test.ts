import { routes } from '@herald/contract/api/routes';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/use-test-app';
import { createTestMember } from '../testing/test-workspaces';
import type { TestMember } from '../testing/test-workspaces';
import { JSON_HEADERS, uniqueAddress } from '../testing/test-users';
import { foreignOriginMessage, foreignOriginOf } from './origin-check';

const PUBLIC_ORIGIN = 'http://localhost:3000';

describe('foreignOriginOf', () => {
  it.each([
    [{ origin: PUBLIC_ORIGIN, host: 'localhost:3000' }, undefined],
    [{ origin: PUBLIC_ORIGIN, host: 'herald.internal:8080' }, undefined],
    // The address the browser used, e.g. 127.0.0.1 beside localhost, or the web dev server's proxy.
    [{ origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' }, undefined],
    [{ origin: 'http://localhost:5173', host: 'localhost:5173' }, undefined],
    [{ origin: 'https://evil.example', host: 'localhost:3000' }, 'https://evil.example'],
    [{ origin: 'http://localhost:3001', host: 'localhost:3000' }, 'http://localhost:3001'],
    [
      { origin: 'http://mqtt-a.eu-west-1.localhost:3000', host: 'localhost:3000' },
      'http://mqtt-a.eu-west-1.localhost:3000',
    ],
    [{ origin: 'null', host: 'localhost:3000' }, 'null'],
    [{ 'sec-fetch-site': 'cross-site', host: 'localhost:3000' }, 'Sec-Fetch-Site: cross-site'],
    [{ 'sec-fetch-site': 'same-site', host: 'localhost:3000' }, 'Sec-Fetch-Site: same-site'],
    [{ 'sec-fetch-site': 'same-origin', host: 'localhost:3000' }, undefined],
    [{ 'sec-fetch-site': 'none', host: 'localhost:3000' }, undefined],
    [{ host: 'localhost:3000' }, undefined],
  ])('%j → %s', (headers, expected) => {
    expect(foreignOriginOf({ headers }, PUBLIC_ORIGIN)).toBe(expected);
  });
});

describe('state-changing requests from another site (issue 9, defect 6)', () => {
  let app: FastifyInstance;
  useTestApp((ready) => ({ app } = ready));

  /** What a browser sends when a page of `origin` posts to the API with the victim's cookie. */
  function postWithCookie(
    member: TestMember,
    url: string,
    headers: Record<string, string>,
    payload?: Record<string, unknown>,
  ): Promise<LightMyRequestResponse> {
    return app.inject({
      method: 'POST',
      url,
      remoteAddress: uniqueAddress(),
      headers: { ...(payload && JSON_HEADERS), ...headers },
      cookies: { auth: member.token },
      ...(payload && { payload }),
    });
  }

  async function isSignedIn(member: TestMember): Promise<boolean> {
    const response = await app.inject({
      method: 'GET',
      url: routes.getUser.path,
      remoteAddress: uniqueAddress(),
      cookies: { auth: member.token },
    });
    return response.statusCode === 200;
  }

  async function workspaceNames(member: TestMember): Promise<string[]> {
    const response = await app.inject({
      method: 'GET',
      url: routes.listWorkspaces.path,
      remoteAddress: uniqueAddress(),
      cookies: { auth: member.token },
    });
    const body = response.json() as
      Array<{ name: string }> | { workspaces: Array<{ name: string }> };
    return (Array.isArray(body) ? body : body.workspaces).map((workspace) => workspace.name);
  }

  it('refuses a body-less POST with the cookie from a foreign Origin with 403, and nothing happens', async () => {
    const member = await createTestMember(app);
    const response = await postWithCookie(member, routes.logout.path, {
      origin: 'https://evil.example',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'FORBIDDEN',
      message: foreignOriginMessage('https://evil.example'),
      requestId: response.headers['x-request-id'],
    });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await isSignedIn(member)).toBe(true);
  });

  it('checks the path the router routes: percent-encoded letters do not escape the checks (issue 25)', async () => {
    const member = await createTestMember(app);
    const encodedLogout = routes.logout.path.replace('/v3/', '/%763/').replace('auth', '%61u%74h');
    const foreign = await postWithCookie(member, encodedLogout, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(foreignOriginMessage('https://evil.example'));
    expect(await isSignedIn(member)).toBe(true);
    const encodedLogin = routes.login.path.replace('/v3/', '/%76%33/');
    const form = await app.inject({
      method: 'POST',
      url: encodedLogin,
      remoteAddress: uniqueAddress(),
      headers: { 'content-type': 'text/plain' },
      payload: `{"username":"${member.email}","password":"x"}`,
    });
    expect(form.statusCode).toBe(415);
    const crossSiteLogin = await app.inject({
      method: 'POST',
      url: encodedLogin,
      remoteAddress: uniqueAddress(),
      headers: { ...JSON_HEADERS, origin: 'https://evil.example' },
      payload: { username: member.email, password: 'wrong-password-wrong' },
    });
    expect(crossSiteLogin.statusCode).toBe(403);
  });

  it('refuses a foreign page by Sec-Fetch-Site when the browser sends no Origin', async () => {
    const member = await createTestMember(app);
    for (const site of ['cross-site', 'same-site']) {
      const response = await postWithCookie(member, routes.logout.path, {
        'sec-fetch-site': site,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(foreignOriginMessage(`Sec-Fetch-Site: ${site}`));
    }
    expect(await isSignedIn(member)).toBe(true);
  });

  it('refuses a JSON POST from a foreign Origin before it changes anything', async () => {
    const member = await createTestMember(app);
    const response = await postWithCookie(
      member,
      routes.createWorkspace.path,
      { origin: 'http://localhost:3000.evil.example' },
      { name: 'Planted by another site' },
    );
    expect(response.statusCode).toBe(403);
    expect(await workspaceNames(member)).not.toContain('Planted by another site');
  });

  it('accepts the dashboard itself: PUBLIC_URL origin, the addressed host, or same-origin fetch metadata', async () => {
    const member = await createTestMember(app);
    const created = await postWithCookie(
      member,
      routes.createWorkspace.path,
      { origin: PUBLIC_ORIGIN, 'sec-fetch-site': 'same-origin' },
      { name: 'Made on the dashboard' },
    );
    expect(created.statusCode).toBe(201);
    const viaAddress = await app.inject({
      method: 'POST',
      url: routes.logout.path,
      remoteAddress: uniqueAddress(),
      headers: { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' },
      cookies: { auth: member.token },
    });
    expect(viaAddress.statusCode).toBe(204);
    expect(await isSignedIn(member)).toBe(false);
  });

  it('leaves Bearer callers without cookies and non-browser callers alone', async () => {
    const member = await createTestMember(app);
    const bearer = await app.inject({
      method: 'POST',
      url: routes.createWorkspace.path,
      remoteAddress: uniqueAddress(),
      headers: {
        ...JSON_HEADERS,
        authorization: `Bearer ${member.token}`,
        origin: 'https://tools.example',
      },
      payload: { name: 'From a script' },
    });
    expect(bearer.statusCode).toBe(201);
    const plain = await app.inject({
      method: 'POST',
      url: routes.logout.path,
      remoteAddress: uniqueAddress(),
      cookies: { auth: member.token },
    });
    expect(plain.statusCode).toBe(204);
    expect(await isSignedIn(member)).toBe(false);
  });

  it('does not check safe methods such as the OAuth callback navigation from the identity provider', async () => {
    const response = await app.inject({
      method: 'GET',
      url: routes.listConnections.path,
      remoteAddress: uniqueAddress(),
      headers: { origin: 'https://idp.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });
});
