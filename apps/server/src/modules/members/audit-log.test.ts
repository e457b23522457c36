import { auditSentence } from '@herald/contract/members/audit-sentence';
import { AUDIT_ACTIONS, auditLogPageSchema } from '@herald/contract/members/member.schema';
import type { AuditEntry } from '@herald/contract/members/member.schema';
import { MEMBER_READ_REFUSALS } from '@herald/contract/members/permissions';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvent } from '../../db/schema';
import { newSortableId } from '../../lib/sortable-id';
import { stubProvisioner, uniqueServiceName } from '../../testing/test-services';
import { callAs, createTestTeam } from '../../testing/test-workspaces';
import { useTestApp } from '../../testing/use-test-app';

/** The whole audit trail of a workspace, as the Owner reads it, page by page. */
async function readAuditLog(
  app: FastifyInstance,
  team: Awaited<ReturnType<typeof createTestTeam>>,
): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&before=${encodeURIComponent(cursor)}` : '';
    const response = await callAs(
      app,
      team.owner,
      'GET',
      `/v3/workspace/${team.workspaceId}/audit-log?limit=5${query}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const page = auditLogPageSchema.parse(response.json());
    entries.push(...page.entries);
    cursor = page.nextCursor;
  } while (cursor);
  return entries;
}

describe('GET /v3/workspace/{id}/audit-log after service changes', () => {
  let app: FastifyInstance;
  let team: Awaited<ReturnType<typeof createTestTeam>>;
  useTestApp((ready) => ({ app } = ready));

  beforeAll(async () => {
    stubProvisioner(app);
    team = await createTestTeam(app, 'Audited');
  });

  it("refuses a User with a read's words, not a change's (issue 25)", async () => {
    const response = await callAs(
      app,
      team.user,
      'GET',
      `/v3/workspace/${team.workspaceId}/audit-log`,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: MEMBER_READ_REFUSALS.auditLog,
    });
  });

  it('lists every change to a service with a known action and a readable sentence', async () => {
    const serviceName = uniqueServiceName('audited');
    const created = await callAs(app, team.owner, 'POST', '/v3/service/create', {
      workspaceId: team.workspaceId,
      serviceName,
      region: 'eu-west-1.local',
      billingPlan: 'free',
    });
    expect(created.statusCode, created.body).toBe(201);
    const service = `/v3/service/${created.json().serviceId as string}`;
    const calls: Array<
      [method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown]
    > = [
      ['POST', '/restart'],
      ['DELETE', '/reset-topic-tree'],
      ['PATCH', '/update-additional-property', { sensitiveData: true }],
      ['PUT', '/console-settings', { hintColor: '#00aa00' }],
      [
        'POST',
        '/interested-alerts',
        { interestedAlerts: { topicsCapacity: true, remoteServer: false } },
      ],
      ['POST', '/service-api/details/reveal'],
      ['POST', '/service-api/rotate-secret'],
      ['POST', '/cancel'],
    ];
    for (const [method, path, body] of calls) {
      const response = await callAs(app, team.owner, method, `${service}${path}`, body);
      expect(response.statusCode, `${method} ${path}: ${response.body}`).toBeLessThan(300);
    }

    const entries = await readAuditLog(app, team);
    const actions = entries.map((entry) => entry.action).reverse();
    expect(actions).toEqual([
      'workspace.created',
      'service.created',
      'service.restarted',
      'service.topic_tree_reset',
      'service.settings_changed',
      'service.settings_changed',
      'service.settings_changed',
      'service.credentials.revealed',
      'service.secret.rotated',
      'service.cancelled',
    ]);
    for (const entry of entries) {
      expect(AUDIT_ACTIONS).toContain(entry.action);
      expect(entry.actor.email).toBe(team.owner.email);
      const sentence = auditSentence(entry);
      expect(sentence).not.toMatch(/does not describe/);
      if (entry.action.startsWith('service.')) expect(sentence).toContain(serviceName);
    }
    expect(auditSentence(entries[0] as AuditEntry)).toBe(`Deleted the service “${serviceName}”`);
  });

  it('still lists a row whose action this version does not know, with a generic sentence', async () => {
    await app.db.insert(auditEvent).values({
      id: newSortableId(),
      workspaceId: team.workspaceId,
      actorCustomerId: team.owner.userId,
      actorEmail: team.owner.email,
      action: 'service.teleported',
      target: 'somewhere',
      details: {},
      ipAddress: null,
      at: new Date(),
    });
    const entries = await readAuditLog(app, team);
    const unknown = entries.find((entry) => entry.action === 'service.teleported');
    expect(unknown).toBeDefined();
    expect(auditSentence(unknown as AuditEntry)).toBe(
      'Made a change this version does not describe (“service.teleported”) on somewhere',
    );
  });
});
