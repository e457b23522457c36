import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Logs } from '@herald/contract/logs/logs.schema';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueServiceName } from '../../testing/test-services';
import { callAs, createTestTeam } from '../../testing/test-workspaces';
import { useTestApp } from '../../testing/use-test-app';

type Team = Awaited<ReturnType<typeof createTestTeam>>;

/**
 * A real runtime's log lines reach the logs API through the collector, and the event log tells the service's story
 * (docs/decisions/022).
 */
describe('the logs of a running service', () => {
  let app: FastifyInstance;
  let team: Team;
  let serviceId: string;
  useTestApp((ready) => ({ app } = ready));

  async function logs(
    kind: 'events' | 'herald',
    query = '',
    who: Team['owner'] = team.owner,
  ): Promise<Logs> {
    const url = `/v3/service/${serviceId}/logs${kind === 'herald' ? '/herald' : ''}${query}`;
    const response = await callAs(app, who, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Logs;
  }

  const eventMessages = async () =>
    (await logs('events', '?limit=1000')).logDetails.map((entry) => entry.message).reverse();

  /** A loop, not expect.poll: it also runs in beforeAll. */
  async function waitForStatus(status: string): Promise<void> {
    const deadline = Date.now() + 20_000;
    let current = '';
    while (Date.now() < deadline) {
      const response = await callAs(app, team.owner, 'GET', `/v3/service/${serviceId}/status`);
      current = (response.json() as { status: string }).status;
      if (current === status) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`status ${current}, not ${status}`);
  }

  beforeAll(async () => {
    team = await createTestTeam(app, 'Logs');
    const created = await callAs(app, team.owner, 'POST', '/v3/service/create', {
      workspaceId: team.workspaceId,
      serviceName: uniqueServiceName('logs'),
      region: 'eu-west-1.local',
      billingPlan: 'free',
    });
    expect(created.statusCode).toBe(201);
    serviceId = (created.json() as { serviceId: string }).serviceId;
    await waitForStatus('RUNNING');
  }, 30_000);

  it('shows the event log from created to running, in order', async () => {
    await expect
      .poll(eventMessages, { timeout: 10_000 })
      .toEqual([
        'The service was created',
        'Waiting for resources',
        'Starting the service',
        'Registering the service’s address',
        'The service is running',
      ]);
    const [created] = (await logs('events')).logDetails.slice(-1);
    expect(created?.fields).toEqual({ actor: team.owner.email, billingPlan: 'free' });
    // The event log is for every member.
    expect((await logs('events', '', team.user)).logDetails.length).toBe(5);
  });

  it('collects the runtime’s own log lines into the service log', async () => {
    await expect
      .poll(
        async () =>
          (await logs('herald', '?search=ready')).logDetails.map((entry) => entry.message),
        { timeout: 10_000 },
      )
      .toContain('ready');
    const page = await logs('herald', '?search=ready');
    const ready = page.logDetails.find((entry) => entry.message === 'ready');
    expect(ready?.level).toBe('info');
    expect(ready?.fields).toEqual(expect.objectContaining({ serviceId }));
    expect(page.metadata).toEqual(
      expect.objectContaining({
        app: 'herald',
        container: 'runtime',
        namespace: 'herald-services',
      }),
    );
    // The line is the one the runtime wrote to its file (same time to the millisecond).
    const file = readFileSync(
      path.join(app.config.dataDir, 'services', serviceId, 'runtime.log'),
      'utf8',
    );
    const written = file
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { time: string; msg: string })
      .find((line) => line.msg === 'ready');
    expect(ready?.timestamp).toBe(Date.parse(written!.time));
  });

  it('records a restart request with the member who asked, then the statuses that follow', async () => {
    const before = (await eventMessages()).length;
    const restart = await callAs(app, team.admin, 'POST', `/v3/service/${serviceId}/restart`);
    expect(restart.statusCode).toBe(202);
    await waitForStatus('RUNNING');
    await expect
      .poll(async () => (await eventMessages()).slice(before), { timeout: 10_000 })
      .toEqual([
        'Restart requested',
        'Starting the service',
        'Registering the service’s address',
        'The service is running',
      ]);
    const requested = (await logs('events', '?search=Restart')).logDetails[0];
    expect(requested?.fields).toEqual({ actor: team.admin.email });
  }, 30_000);

  it('records an unexpected exit with its signal and the restart delay', async () => {
    const before = (await eventMessages()).length;
    const { pid } = JSON.parse(
      readFileSync(path.join(app.config.dataDir, 'services', serviceId, 'runtime.json'), 'utf8'),
    ) as { pid: number };
    process.kill(pid, 'SIGKILL');
    await expect
      .poll(async () => (await eventMessages()).slice(before), { timeout: 20_000, interval: 100 })
      .toEqual([
        'The service stopped unexpectedly (signal SIGKILL); restarting in 0.5 s',
        'Starting the service',
        'Registering the service’s address',
        'The service is running',
      ]);
    const exit = (await logs('events', '?level=error')).logDetails[0];
    expect(exit).toEqual(
      expect.objectContaining({ level: 'error', fields: { signal: 'SIGKILL', restartInMs: 500 } }),
    );
  }, 30_000);
});
