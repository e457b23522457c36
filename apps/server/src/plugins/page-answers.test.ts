import { AUTH_COOKIE_NAME } from '@herald/contract/constants';
import { FLAGS_CALL, type PageAnswer } from '@herald/contract/api/page-answers';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ofrepRoutes } from '../modules/flags/ofrep-routes';
import { createTestApp } from '../testing/create-test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { insertTestService } from '../testing/test-services';
import {
  callAs,
  createTestMember,
  createTestWorkspace,
  type TestMember,
} from '../testing/test-workspaces';

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const ANSWERS = /<script type="application\/json" id="page-answers">(.*?)<\/script>/;

describe('the API answers a page carries (docs/decisions/029)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let member: TestMember;
  let stranger: TestMember;
  let workspaceId: string;
  let strangersWorkspaceId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp({ db: database });
    member = await createTestMember(app);
    stranger = await createTestMember(app, { firstName: 'Mallory' });
    workspaceId = await createTestWorkspace(app, member, 'Harbour');
    strangersWorkspaceId = await createTestWorkspace(app, stranger, 'Elsewhere');
    await insertTestService(app, workspaceId);
    await insertTestService(app, strangersWorkspaceId);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  async function pageAs(who: TestMember | undefined, url: string) {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { ...html, ...(who && { cookie: `${AUTH_COOKIE_NAME}=${who.token}` }) },
    });
    const match = ANSWERS.exec(response.body);
    const answers = (JSON.parse(match?.[1] ?? '{}') as { answers?: PageAnswer[] }).answers ?? [];
    return { response, answers, byId: (id: string) => answers.find((answer) => answer.id === id) };
  }

  it("carries exactly the API's answers to the member's session on their services list, without the access token", async () => {
    const { response, byId } = await pageAs(member, `/workspace/${workspaceId}`);
    expect(response.statusCode).toBe(200);
    const api = async (url: string) => (await callAs(app, member, 'GET', url)).json() as unknown;
    const user = (await api('/v3/user')) as Record<string, unknown>;
    expect(user['accessToken']).toEqual(expect.any(String));
    const { accessToken: _token, ...userWithoutToken } = user;
    expect(byId('getUser')).toMatchObject({ status: 200, body: userWithoutToken });
    expect(JSON.stringify(byId('getUser'))).not.toContain('accessToken');
    expect(byId('listWorkspaces')?.body).toEqual(await api('/v3/workspaces?expandServices=true'));
    expect(byId('listWorkspaceServices')).toMatchObject({
      status: 200,
      params: { workspaceId },
      body: await api(`/v3/workspace/${workspaceId}/services`),
    });
    expect(byId('listWorkspaceServiceStatuses')?.body).toEqual(
      await api(`/v3/workspace/${workspaceId}/services/status`),
    );
    expect(byId('getMetadata')?.body).toEqual(await api('/v3/metadata'));
  });

  it("carries the member's feature flags as the app's OFREP client gets them, on every signed-in page (issue 25)", async () => {
    expect(FLAGS_CALL).toMatchObject({
      method: ofrepRoutes.ofrepEvaluateFlags.method,
      url: ofrepRoutes.ofrepEvaluateFlags.path,
    });
    const ofrep = await app.inject({
      method: 'POST',
      url: '/ofrep/v1/evaluate/flags',
      headers: {
        cookie: `${AUTH_COOKIE_NAME}=${member.token}`,
        'content-type': 'application/json',
      },
      payload: { context: { targetingKey: 'anonymous' } },
    });
    expect(ofrep.statusCode).toBe(200);
    for (const url of [
      `/workspace/${workspaceId}`,
      `/workspace/${workspaceId}/members`,
      '/profile',
    ]) {
      const { byId } = await pageAs(member, url);
      expect(byId('evaluateFlags')).toMatchObject({ status: 200, body: ofrep.json() });
    }
    const { byId } = await pageAs(member, `/workspace/${workspaceId}`);
    const flags = (byId('evaluateFlags')?.body as { flags: { key: string; value?: boolean }[] })
      .flags;
    expect(flags.find((flag) => flag.key === 'dashboard.evaluation')?.value).toBe(true);
  });

  it('is private to that session and moment', async () => {
    const { response } = await pageAs(member, `/workspace/${workspaceId}`);
    expect(response.headers['cache-control']).toBe('no-store, private');
    expect(response.headers.vary).toBe('Accept-Encoding, Cookie');
  });

  it("carries nothing of another organisation's: its services list answers 404, as the API does", async () => {
    const { response, byId, answers } = await pageAs(member, `/workspace/${strangersWorkspaceId}`);
    expect(byId('listWorkspaceServices')).toMatchObject({ status: 404 });
    expect(byId('listWorkspaceServices')).not.toHaveProperty('body');
    expect(byId('listWorkspaceServiceStatuses')).toMatchObject({ status: 404 });
    expect(response.body).not.toContain('Elsewhere');
    expect(response.body).not.toContain('Mallory');
    expect(answers.filter((answer) => answer.status === 200).map((answer) => answer.id)).toEqual([
      'getUser',
      'evaluateFlags',
      'listWorkspaces',
      'getMetadata',
    ]);
  });

  it('asks nothing of a user without a valid session', async () => {
    for (const who of [undefined, { ...member, token: 'not-a-session' }]) {
      const { response, answers } = await pageAs(who, `/workspace/${workspaceId}`);
      expect(answers).toEqual([{ id: 'getUser', url: '/v3/user', params: {}, status: 401 }]);
      expect(response.body).not.toContain('Harbour');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('never lets a path inject into the HTML', async () => {
    const { response, answers } = await pageAs(member, '/workspace/%3C%2Fscript%3E%3Cscript%3E');
    expect(answers.map((answer) => answer.id)).toEqual([
      'getUser',
      'evaluateFlags',
      'listWorkspaces',
    ]);
    expect(response.body.match(/<script/g)?.length).toBe(
      (response.body.match(/<\/script>/g) ?? []).length,
    );
    expect(response.body).not.toContain('</script><script>');
  });
});
