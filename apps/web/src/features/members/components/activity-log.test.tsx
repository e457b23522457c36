import { routes } from '@herald/contract/api/routes';
import type { AuditEntry } from '@herald/contract/members/member.schema';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/format/date-time-format';
import { handle } from '../../../testing/api-mock';
import { buildMember, buildUser, buildWorkspace } from '../../../testing/factories';
import { createSession, renderApp } from '../../../testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

let counter = 0;
function entry(action: string, target: string | null, details: Record<string, unknown> = {}) {
  counter += 1;
  return {
    id: `e${counter}`,
    action,
    actor: { customerid: 'cus_ada', email: 'ada@example.com' },
    target,
    details,
    ipAddress: '203.0.113.7',
    at: '2025-03-01T10:00:00Z',
  } satisfies AuditEntry;
}

function renderActivity(entries: AuditEntry[]) {
  const ada = buildMember({ roles: ['Owner'] });
  return renderApp(
    '/workspace/ws-1/members',
    createSession(buildUser()).handler,
    handle(routes.listWorkspaces, () => ({
      status: 200,
      body: [
        buildWorkspace({
          users: [{ customerid: ada.customerid, email: ada.email, roles: ada.roles }],
        }),
      ],
    })),
    handle(routes.listMembers, () => ({ status: 200, body: [ada] })),
    handle(routes.listInvites, () => ({ status: 200, body: [] })),
    handle(routes.listAuditLog, () => ({ status: 200, body: { entries, nextCursor: null } })),
  );
}

describe('the Activity tab', () => {
  it('reads each change as a sentence naming what it was made to', async () => {
    renderActivity([
      entry('service.cancelled', 'lunar-sky'),
      entry('service.secret.rotated', 'lunar-sky'),
      entry('service.credentials.revealed', 'lunar-sky'),
      entry('service.settings_changed', 'lunar-sky', { changed: ['sensitiveData'] }),
      entry('service.restarted', 'lunar-sky'),
      entry('service.created', 'lunar-sky', { billingPlan: 'free' }),
      entry('member.role_changed', 'grace@example.com', { from: 'User', to: 'Admin' }),
      entry('workspace.created', 'Acme'),
      entry('service.teleported', 'lunar-sky'),
    ]);
    // The first render loads the frame and the members; a shared, busy machine can take over a second.
    await userEvent.click(await screen.findByRole('tab', { name: 'Activity' }, { timeout: 5_000 }));
    const log = within(await screen.findByRole('table', { name: 'Activity' }));
    const sentences = log
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[2]?.textContent);
    expect(sentences).toEqual([
      'Deleted the service “lunar-sky”',
      'Rotated the API client secret of the service “lunar-sky”',
      'Revealed the API credentials of the service “lunar-sky”',
      'Changed the settings of the service “lunar-sky” (sensitive data)',
      'Restarted the service “lunar-sky”',
      'Created the service “lunar-sky” on the free plan',
      'Changed the role of grace@example.com from User to Admin',
      'Created the organisation “Acme”',
      'Made a change this version does not describe (“service.teleported”) on lunar-sky',
    ]);
    expect(log.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'When',
      'Who',
      'What',
      'From address',
    ]);
    // One time format across the dashboard (issue 25): 24-hour like the logs, never "10:00 AM".
    const when = log
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    for (const text of when) expect(text).toMatch(/^1 Mar 2025, \d{2}:\d{2}$/);
    expect(when[0]).toBe(formatDateTime('2025-03-01T10:00:00Z'));
  });
});
