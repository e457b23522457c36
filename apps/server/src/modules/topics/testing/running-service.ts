import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Logger } from 'pino';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  insertTestService,
  isRunning,
  waitForService,
  type ServiceRow,
} from '../../../adapters/provisioner/testing/test-services';
import { callAs, createTestTeam, type TestMember } from '../../../testing/test-workspaces';
import { useTestApp } from '../../../testing/use-test-app';

/**
 * Test set-up for the topic routes: one app with a real runtime of a team's service (a detached runtime process on
 * loopback, as in production), for the enclosing describe block.
 */
export interface RunningService {
  app: FastifyInstance;
  team: Awaited<ReturnType<typeof createTestTeam>>;
  row: ServiceRow;
  /** The app's DATA_DIR: the runtime's state and log are under `services/{id}`. */
  dataDir: string;
}

export function useRunningService(name: string, options: { logger?: Logger } = {}): RunningService {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `herald-${name}-`));
  const portBase = 30_000 + Math.floor(Math.random() * 400) * 50;
  const context = { dataDir } as RunningService;
  useTestApp((ready) => (context.app = ready.app), {
    env: { DATA_DIR: dataDir, SERVICE_PORT_BASE: String(portBase), SERVICE_PORT_COUNT: '50' },
    ...(options.logger && { logger: options.logger }),
  });
  beforeAll(async () => {
    const { app } = context;
    context.team = await createTestTeam(app, name);
    const row = await insertTestService(app.db, { workspaceId: context.team.workspaceId });
    app.provisioner.reconcile(row.id);
    context.row = (await waitForService(app.db, row.id, isRunning, 20_000))!;
  }, 30_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  return context;
}

/** `/v3/service/{id}{suffix}` with the query parameters percent-encoded. */
export function topicUrl(
  row: Pick<ServiceRow, 'id'>,
  suffix: string,
  query: Record<string, string | number> = {},
): string {
  const search = new URLSearchParams(
    Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]),
  ).toString();
  return `/v3/service/${row.id}${suffix}${search ? `?${search}` : ''}`;
}

/** The member's User.accessToken, as the dashboard gets it. */
export async function dashboardTokenOf(app: FastifyInstance, member: TestMember): Promise<string> {
  const response = await callAs(app, member, 'GET', '/v3/user');
  expect(response.statusCode).toBe(200);
  const token = (response.json() as { accessToken?: string }).accessToken;
  if (!token) throw new Error('no accessToken');
  return token;
}

/**
 * Calls the service's runtime admin API directly with the member's own dashboard token: the second door into the
 * same data, which must refuse what the control plane refuses.
 */
export async function runtimeAdminAs(
  app: FastifyInstance,
  row: Pick<ServiceRow, 'id'>,
  member: TestMember,
): Promise<(method: string, url: string, body?: unknown) => Promise<Response>> {
  const endpoint = app.provisioner.endpointOf(row.id);
  if (!endpoint) throw new Error('not running');
  const token = await dashboardTokenOf(app, member);
  return (method, url, body) =>
    fetch(`http://127.0.0.1:${endpoint.httpPort}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
}

/** The error envelope of a failed call, checked to be one. */
export function envelopeOf(response: LightMyRequestResponse): {
  code: string;
  message: string;
  requestId: string;
  issues?: { path: string; message: string }[];
} {
  const body = response.json() as {
    code: string;
    message: string;
    requestId: string;
    issues?: { path: string; message: string }[];
  };
  expect(typeof body.code).toBe('string');
  expect(typeof body.message).toBe('string');
  expect(typeof body.requestId).toBe('string');
  return body;
}
