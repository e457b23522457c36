import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { auditSentence } from '@herald/contract/members/audit-sentence';
import type { AuditEntry } from '@herald/contract/members/member.schema';
import type { LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { callAs } from '../../testing/test-workspaces';
import { topicUrl, useRunningService } from '../topics/testing/running-service';

/** Every log line of the control plane, at every level (the per-request records are at debug). */
const logLines: string[] = [];
const logger = pino({ level: 'trace' }, { write: (line: string) => void logLines.push(line) });

/** Every file under a directory, as text (the runtime's state, snapshot, log and raw output). */
function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const file = path.join(directory, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [readFileSync(file, 'latin1')];
  });
}

/**
 * Each security write is one entry of the workspace's audit trail, told in a sentence on the Activity tab, read
 * after each write through the Activity tab's own call; and no password is ever in an answer, the trail, the
 * control plane's logs or the runtime's files.
 */
describe('service security in the audit trail', () => {
  const service = useRunningService('security-audit', { logger });
  const passwords = ['first-secret-pass', 'second-secret-pass', 'third-secret-pass'];
  const answers: LightMyRequestResponse[] = [];

  async function write(
    method: 'PUT' | 'DELETE',
    suffix: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse> {
    const { app, team, row } = service;
    const response = await callAs(app, team.admin, method, topicUrl(row, suffix), body);
    answers.push(response);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  }

  async function newestActivity(): Promise<AuditEntry> {
    const { app, team } = service;
    const log = await callAs(app, team.owner, 'GET', `/v3/workspace/${team.workspaceId}/audit-log`);
    answers.push(log);
    expect(log.statusCode, log.body).toBe(200);
    const entry = (log.json() as { entries: AuditEntry[] }).entries[0];
    if (!entry) throw new Error('no audit entry');
    return entry;
  }

  it('records each write as one action with a sentence, shown on Activity right after it', async () => {
    const { row, team } = service;
    const on = `the service “${row.serviceName}”`;
    const steps: [() => Promise<unknown>, AuditEntry['action'], Record<string, unknown>, string][] =
      [
        [
          () =>
            write('PUT', '/security/roles/sensors', {
              globalPermissions: [],
              defaultPathPermissions: [],
              pathPermissions: { sensors: ['READ_TOPIC', 'SELECT_TOPIC'] },
              includedRoles: [],
            }),
          'service.role_saved',
          { role: 'sensors', created: true },
          `Created the role “sensors” on ${on}`,
        ],
        [
          () =>
            write('PUT', '/authentication/principals/sensor-7', {
              password: passwords[0],
              roles: ['sensors'],
            }),
          'service.principal_saved',
          { principal: 'sensor-7', created: true, roles: ['sensors'] },
          `Added the principal “sensor-7” to ${on} with the role “sensors”`,
        ],
        [
          () =>
            write('PUT', '/authentication/principals/sensor-7', {
              password: passwords[1],
              roles: ['sensors', 'CLIENT'],
            }),
          'service.principal_saved',
          { principal: 'sensor-7', created: false, passwordChanged: true },
          `Changed the principal “sensor-7” of ${on} (now the roles “sensors”, “CLIENT” and a new password)`,
        ],
        [
          () =>
            write('PUT', '/authentication/principals/sensor-7/password', {
              password: passwords[2],
            }),
          'service.principal_password_set',
          { principal: 'sensor-7' },
          `Set a new password for the principal “sensor-7” of ${on}`,
        ],
        [
          () =>
            write('PUT', '/security/default-roles', {
              rolesForNamedSessions: ['CLIENT'],
              rolesForAnonymousSessions: [],
            }),
          'service.default_roles_changed',
          { rolesForNamedSessions: ['CLIENT'], rolesForAnonymousSessions: [] },
          `Set the default roles of ${on}: “CLIENT” for named sessions, none for anonymous sessions`,
        ],
        [
          () => write('PUT', '/security/isolated-paths', { isolatedPaths: ['private'] }),
          'service.isolated_paths_changed',
          { isolatedPaths: ['private'], count: 1 },
          `Set the isolated paths of ${on} to “private”`,
        ],
        [
          () => write('PUT', '/authentication/anonymous', { anonymousAction: 'ALLOW' }),
          'service.anonymous_action_changed',
          { anonymousAction: 'ALLOW' },
          `Allowed anonymous sessions on ${on}`,
        ],
        [
          () =>
            write('PUT', '/authentication/trusted-properties', {
              trustedProperties: { Department: { type: 'values', values: ['north', 'south'] } },
            }),
          'service.trusted_properties_changed',
          { properties: ['Department'] },
          `Set the trusted session properties of ${on} to “Department”`,
        ],
        [
          () => write('DELETE', '/security/roles/sensors'),
          'service.role_removed',
          { role: 'sensors', principalsChanged: ['sensor-7'], rolesChanged: [] },
          `Removed the role “sensors” from ${on} (also taken from 1 principal)`,
        ],
        [
          () => write('DELETE', '/authentication/principals/sensor-7'),
          'service.principal_removed',
          { principal: 'sensor-7' },
          `Removed the principal “sensor-7” from ${on}`,
        ],
      ];
    for (const [act, action, details, sentence] of steps) {
      await act();
      const entry = await newestActivity();
      expect(entry).toMatchObject({
        action,
        target: row.serviceName,
        actor: { email: team.admin.email },
        details: { serviceId: row.id, ...details },
      });
      expect(auditSentence(entry)).toBe(sentence);
    }
  }, 30_000);

  it('never lets a password out: not in answers, the trail, the logs or the runtime’s files', async () => {
    const { app, team, row, dataDir } = service;
    // Refused passwords too: too short, too long, with a NUL, and for a principal the runtime refuses.
    const refused: [string, unknown][] = [
      ['/authentication/principals/refused', { password: 'tiny-pw', roles: [] }],
      ['/authentication/principals/refused', { password: `long-${'x'.repeat(130)}`, roles: [] }],
      [
        '/authentication/principals/refused',
        { password: 'nul-marker-q7\u0000-password', roles: [] },
      ],
      ['/authentication/principals/refused', { password: 'ghost-role-password', roles: ['ghost'] }],
      ['/authentication/principals/nobody/password', { password: 'nobody-password' }],
    ];
    for (const [suffix, body] of refused) {
      const response = await callAs(app, team.admin, 'PUT', topicUrl(row, suffix), body);
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      answers.push(response);
      // A log may escape the NUL: look for the text before it.
      passwords.push((body as { password: string }).password.split('\u0000')[0] ?? '');
    }
    const trail = await callAs(
      app,
      team.owner,
      'GET',
      `/v3/workspace/${team.workspaceId}/audit-log?limit=100`,
    );
    const texts = [
      ...answers.map((response) => response.body),
      trail.body,
      logLines.join('\n'),
      ...filesUnder(dataDir),
    ];
    // The check can fail: the passwords were sent, and the log and files are not empty.
    expect(logLines.length).toBeGreaterThan(10);
    expect(filesUnder(dataDir).join('').length).toBeGreaterThan(0);
    for (const password of passwords) {
      for (const text of texts) expect(text).not.toContain(password);
    }
  });
});
