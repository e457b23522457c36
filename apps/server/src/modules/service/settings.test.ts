import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { callAs, createTestTeam } from '../../testing/test-workspaces';
import { insertTestService, stubProvisioner } from '../../testing/test-services';
import type { TestService } from '../../testing/test-services';
import { useTestApp } from '../../testing/use-test-app';

describe('service settings and scheduled updates', () => {
  let app: FastifyInstance;
  let reconciled: string[];
  let team: Awaited<ReturnType<typeof createTestTeam>>;
  let svc: TestService;
  useTestApp((ready) => ({ app } = ready));
  const url = (suffix: string) => `/v3/service/${svc.row.id}${suffix}`;

  beforeAll(async () => {
    ({ reconciled } = stubProvisioner(app));
    team = await createTestTeam(app, 'Settings');
    svc = await insertTestService(app, team.workspaceId, { heraldVersion: '6.9' });
  });

  it('updates the interested alerts (any member) and answers the Service', async () => {
    const response = await callAs(app, team.user, 'POST', url('/interested-alerts'), {
      interestedAlerts: { topicsCapacity: false, remoteServer: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().interestedAlerts).toEqual({ topicsCapacity: false, remoteServer: true });
    const bad = await callAs(app, team.user, 'POST', url('/interested-alerts'), {
      interestedAlerts: { topicsCapacity: 'no' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });

  it('updates sensitiveData', async () => {
    const response = await callAs(app, team.admin, 'PATCH', url('/update-additional-property'), {
      sensitiveData: true,
    });
    expect(response.json().sensitiveData).toBe(true);
    const bad = await callAs(app, team.admin, 'PATCH', url('/update-additional-property'), {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('sensitiveData must be true or false');
  });

  it('sets and clears the hint colour and SSO (configure-service-console; a User gets 403)', async () => {
    const set = await callAs(app, team.admin, 'PUT', url('/console-settings'), {
      hintColor: '#00aa00',
      useConsoleSso: true,
    });
    expect(set.json()).toMatchObject({
      consoleSettings: { hintColor: '#00aa00' },
      useConsoleSso: true,
    });
    const clear = await callAs(app, team.owner, 'PUT', url('/console-settings'), {
      hintColor: null,
    });
    expect(clear.json()).toMatchObject({
      consoleSettings: { hintColor: null },
      useConsoleSso: true,
    });
    const user = await callAs(app, team.user, 'PUT', url('/console-settings'), { hintColor: null });
    expect(user.statusCode).toBe(403);
    const bad = await callAs(app, team.owner, 'PUT', url('/console-settings'), {
      hintColor: 'red',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 404 with the spec message when no update is scheduled', async () => {
    const response = await callAs(app, team.user, 'GET', url('/scheduled-update'));
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('No scheduled update config found for service');
    expect((await callAs(app, team.admin, 'DELETE', url('/scheduled-update'))).statusCode).toBe(
      404,
    );
  });

  it('schedules an update to a newer offered version, shows and cancels it', async () => {
    const future = Date.now() + 3_600_000;
    const scheduled = await callAs(app, team.admin, 'POST', url('/scheduled-update'), {
      newHeraldVersion: '6.11',
      scheduledTimestamp: future,
    });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json()).toEqual({ newHeraldVersion: '6.11', scheduledTimestamp: future });
    expect(reconciled).toContain(svc.row.id);
    expect((await callAs(app, team.user, 'GET', url('/scheduled-update'))).json()).toEqual({
      newHeraldVersion: '6.11',
      scheduledTimestamp: future,
    });
    expect((await callAs(app, team.user, 'GET', url(''))).json().scheduledUpdate).toEqual({
      newHeraldVersion: '6.11',
      scheduledTimestamp: future,
    });
    expect((await callAs(app, team.user, 'DELETE', url('/scheduled-update'))).statusCode).toBe(403);
    expect((await callAs(app, team.owner, 'DELETE', url('/scheduled-update'))).statusCode).toBe(
      204,
    );
    expect((await callAs(app, team.user, 'GET', url('/scheduled-update'))).statusCode).toBe(404);
  });

  it('takes a past timestamp as now', async () => {
    const before = Date.now();
    const response = await callAs(app, team.admin, 'POST', url('/scheduled-update'), {
      newHeraldVersion: '6.10',
      scheduledTimestamp: 1_000,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().scheduledTimestamp).toBeGreaterThanOrEqual(before);
    await callAs(app, team.admin, 'DELETE', url('/scheduled-update'));
  });

  it.each([
    ['6.12', 'Version 6.12 is not supported'],
    ['6.9', "Version 6.9 is not newer than the service's version 6.9"],
    ['6.8', "Version 6.8 is not newer than the service's version 6.9"],
  ])('refuses version %s with 400', async (version, message) => {
    const response = await callAs(app, team.admin, 'POST', url('/scheduled-update'), {
      newHeraldVersion: version,
      scheduledTimestamp: Date.now(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message,
      issues: [{ path: 'body.newHeraldVersion', message }],
    });
  });

  it('refuses a User (upgrade-service) and a malformed body', async () => {
    const user = await callAs(app, team.user, 'POST', url('/scheduled-update'), {
      newHeraldVersion: '6.11',
      scheduledTimestamp: Date.now(),
    });
    expect(user.statusCode).toBe(403);
    const bad = await callAs(app, team.admin, 'POST', url('/scheduled-update'), {
      newHeraldVersion: 'latest',
      scheduledTimestamp: 'soon',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .issues.map((issue: { path: string }) => issue.path)
        .sort(),
    ).toEqual(['body.newHeraldVersion', 'body.scheduledTimestamp']);
  });
});
