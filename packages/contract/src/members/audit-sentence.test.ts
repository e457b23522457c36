import { describe, expect, it } from 'vitest';
import { auditSentence } from './audit-sentence';
import { AUDIT_ACTIONS } from './member.schema';
import type { AuditAction } from './member.schema';

const cases: Array<[AuditAction, string | null, Record<string, unknown>, string]> = [
  ['workspace.created', 'Acme', {}, 'Created the organisation “Acme”'],
  [
    'workspace.renamed',
    'New',
    { from: 'Old', to: 'New' },
    'Renamed the organisation from “Old” to “New”',
  ],
  ['workspace.renamed', 'New', {}, 'Renamed the organisation to “New”'],
  [
    'member.role_changed',
    'ada@example.com',
    { from: 'User', to: 'Admin' },
    'Changed the role of ada@example.com from User to Admin',
  ],
  ['member.role_changed', 'ada@example.com', { to: 'Owner' }, 'Made ada@example.com an Owner'],
  ['member.removed', 'ada@example.com', {}, 'Removed ada@example.com from the organisation'],
  ['member.left', 'ada@example.com', {}, 'Left the organisation'],
  ['member.joined', 'ada@example.com', { role: 'User' }, 'Joined the organisation as a User'],
  ['invite.created', 'bo@example.com', { role: 'Admin' }, 'Invited bo@example.com as an Admin'],
  ['invite.resent', 'bo@example.com', {}, 'Re-sent the invitation to bo@example.com'],
  ['invite.revoked', 'bo@example.com', {}, 'Revoked the invitation to bo@example.com'],
  ['invite.declined', 'bo@example.com', {}, 'Declined the invitation to join'],
  [
    'service.created',
    'lunar-sky',
    { billingPlan: 'free' },
    'Created the service “lunar-sky” on the free plan',
  ],
  ['service.cancelled', 'lunar-sky', {}, 'Deleted the service “lunar-sky”'],
  ['service.restarted', 'lunar-sky', {}, 'Restarted the service “lunar-sky”'],
  ['service.topic_tree_reset', 'lunar-sky', {}, 'Reset the topic tree of the service “lunar-sky”'],
  [
    'service.admin_principal_set',
    'lunar-sky',
    { username: 'ops', created: true },
    'Added the console admin user “ops” to the service “lunar-sky”',
  ],
  [
    'service.admin_principal_set',
    'lunar-sky',
    { username: 'ops', created: false },
    'Replaced the password of the console admin user “ops” of the service “lunar-sky”',
  ],
  [
    'service.topics_removed',
    'lunar-sky',
    { selector: '?sensors/.*', removed: 12 },
    'Removed 12 topics matching “?sensors/.*” from the service “lunar-sky”',
  ],
  [
    'service.topics_removed',
    'lunar-sky',
    { selector: 'a/b', removed: 1 },
    'Removed 1 topic matching “a/b” from the service “lunar-sky”',
  ],
  ['service.topics_removed', 'lunar-sky', {}, 'Removed the topics from the service “lunar-sky”'],
  [
    'service.settings_changed',
    'lunar-sky',
    { changed: ['sensitiveData', 'hintColor'] },
    'Changed the settings of the service “lunar-sky” (sensitive data, console colour)',
  ],
  [
    'service.update_scheduled',
    'lunar-sky',
    { version: '6.11' },
    'Scheduled an update of the service “lunar-sky” to version 6.11',
  ],
  [
    'service.update_cancelled',
    'lunar-sky',
    {},
    'Cancelled the scheduled update of the service “lunar-sky”',
  ],
  [
    'service.credentials.revealed',
    'lunar-sky',
    {},
    'Revealed the API credentials of the service “lunar-sky”',
  ],
  [
    'service.secret.rotated',
    'lunar-sky',
    {},
    'Rotated the API client secret of the service “lunar-sky”',
  ],
];

describe('the Activity sentence of an audit entry', () => {
  it.each(cases)('%s on %s with %o reads "%s"', (action, target, details, sentence) => {
    expect(auditSentence({ action, target, details })).toBe(sentence);
  });

  it('has a case above for every action the server records', () => {
    expect(new Set(cases.map(([action]) => action))).toEqual(new Set(AUDIT_ACTIONS));
  });

  it.each(AUDIT_ACTIONS)(
    'reads %s without a target or details (rows written before details existed)',
    (action) => {
      const sentence = auditSentence({ action, target: null, details: {} });
      expect(sentence).toMatch(/^[A-Z][a-z-]+ /);
      expect(sentence).not.toMatch(/undefined|null|“”/);
    },
  );

  it('ignores details of the wrong type', () => {
    expect(
      auditSentence({
        action: 'service.settings_changed',
        target: 'x',
        details: { changed: 'oops' },
      }),
    ).toBe('Changed the settings of the service “x”');
    expect(
      auditSentence({
        action: 'member.role_changed',
        target: 'a@b.c',
        details: { from: 1, to: 2 },
      }),
    ).toBe('Changed the role of a@b.c');
  });

  it('gives an action this version does not know a sentence naming it', () => {
    expect(auditSentence({ action: 'service.teleported', target: 'lunar-sky', details: {} })).toBe(
      'Made a change this version does not describe (“service.teleported”) on lunar-sky',
    );
  });
});
