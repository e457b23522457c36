import { describe, expect, it } from 'vitest';
import { auditSentence } from './audit-sentence';
import { AUDIT_ACTIONS } from './member.schema';
import type { AuditAction } from './member.schema';

const cases: Array<[AuditAction, string | null, Record<string, unknown>, string]> = [
  [
    'marketplace.connected',
    '111122223333',
    { status: 'subscribe-success' },
    'Connected an AWS Marketplace subscription to the organisation',
  ],
  [
    'marketplace.status_changed',
    null,
    { from: 'subscribe-success', to: 'unsubscribe-success', suspended: ['lunar-sky'] },
    'Changed the AWS Marketplace subscription status from subscribe-success to unsubscribe-success; suspended “lunar-sky”',
  ],
  [
    'marketplace.status_changed',
    null,
    { from: 'unsubscribe-success', to: 'subscribe-success', resumed: ['lunar-sky', 'sun'] },
    'Changed the AWS Marketplace subscription status from unsubscribe-success to subscribe-success; resumed “lunar-sky”, “sun”',
  ],
  [
    'marketplace.status_changed',
    null,
    { from: null, to: 'unsubscribe-pending' },
    'Changed the AWS Marketplace subscription status to unsubscribe-pending',
  ],
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
  [
    'service.role_saved',
    'lunar-sky',
    { role: 'sensors', created: true, disconnected: 0 },
    'Created the role “sensors” on the service “lunar-sky”',
  ],
  [
    'service.role_saved',
    'lunar-sky',
    { role: 'sensors', created: false, disconnected: 2 },
    'Changed the role “sensors” on the service “lunar-sky”; closed 2 live sessions',
  ],
  [
    'service.role_saved',
    'lunar-sky',
    { role: 'sensors', created: true, lockingPrincipal: 'boss' },
    'Created the role “sensors” on the service “lunar-sky”, locked by the principal “boss”',
  ],
  [
    'service.role_removed',
    'lunar-sky',
    { role: 'sensors', principalsChanged: ['a', 'b'], rolesChanged: ['c'], disconnected: 0 },
    'Removed the role “sensors” from the service “lunar-sky” (also taken from 2 principals and 1 role)',
  ],
  [
    'service.role_removed',
    'lunar-sky',
    { role: 'sensors', principalsChanged: [], rolesChanged: [] },
    'Removed the role “sensors” from the service “lunar-sky”',
  ],
  [
    'service.default_roles_changed',
    'lunar-sky',
    { rolesForNamedSessions: ['CLIENT', 'sensors'], rolesForAnonymousSessions: [] },
    'Set the default roles of the service “lunar-sky”: “CLIENT”, “sensors” for named sessions, none for anonymous sessions',
  ],
  [
    'service.isolated_paths_changed',
    'lunar-sky',
    { isolatedPaths: ['a', 'b', 'c', 'd', 'e', 'f'], count: 8, disconnected: 1 },
    'Set the isolated paths of the service “lunar-sky” to “a”, “b”, “c”, “d”, “e” and 3 more; closed 1 live session',
  ],
  [
    'service.isolated_paths_changed',
    'lunar-sky',
    { isolatedPaths: [], count: 0 },
    'Removed every isolated path of the service “lunar-sky”',
  ],
  [
    'service.principal_saved',
    'lunar-sky',
    { principal: 'sensor-7', created: true, roles: ['sensors'] },
    'Added the principal “sensor-7” to the service “lunar-sky” with the role “sensors”',
  ],
  [
    'service.principal_saved',
    'lunar-sky',
    { principal: 'sensor-7', created: true, roles: [], lockingPrincipal: 'boss' },
    'Added the principal “sensor-7” to the service “lunar-sky” with no role, locked by the principal “boss”',
  ],
  [
    'service.principal_saved',
    'lunar-sky',
    { principal: 'sensor-7', created: true, roles: [] },
    'Added the principal “sensor-7” to the service “lunar-sky” with no role',
  ],
  [
    'service.principal_saved',
    'lunar-sky',
    { principal: 'sensor-7', created: false, roles: ['a', 'b'], passwordChanged: true },
    'Changed the principal “sensor-7” of the service “lunar-sky” (now the roles “a”, “b” and a new password)',
  ],
  [
    'service.principal_password_set',
    'lunar-sky',
    { principal: 'sensor-7', disconnected: 1 },
    'Set a new password for the principal “sensor-7” of the service “lunar-sky”; closed 1 live session',
  ],
  [
    'service.principal_removed',
    'lunar-sky',
    { principal: 'sensor-7', disconnected: 0 },
    'Removed the principal “sensor-7” from the service “lunar-sky”',
  ],
  [
    'service.anonymous_action_changed',
    'lunar-sky',
    { anonymousAction: 'ALLOW' },
    'Allowed anonymous sessions on the service “lunar-sky”',
  ],
  [
    'service.anonymous_action_changed',
    'lunar-sky',
    { anonymousAction: 'DENY', disconnected: 3 },
    'Refused anonymous sessions on the service “lunar-sky”; closed 3 live sessions',
  ],
  [
    'service.anonymous_action_changed',
    'lunar-sky',
    { anonymousAction: 'ABSTAIN' },
    'Set the service “lunar-sky” to abstain on anonymous sessions (they are refused)',
  ],
  [
    'service.trusted_properties_changed',
    'lunar-sky',
    { properties: ['Department', 'Region'] },
    'Set the trusted session properties of the service “lunar-sky” to “Department”, “Region”',
  ],
  [
    'service.trusted_properties_changed',
    'lunar-sky',
    { properties: [] },
    'Removed every trusted session property of the service “lunar-sky”',
  ],
  // Free trial (docs/decisions/025).
  [
    'service.trial_reminder_sent',
    'lunar-sky',
    { subject: 'Your free trial ends in 3 days' },
    'Sent the free trial reminder “Your free trial ends in 3 days” about the service “lunar-sky”',
  ],
  [
    'service.trial_suspended',
    'lunar-sky',
    { reason: 'TRIAL_END' },
    'Suspended the service “lunar-sky”: its free trial ended without a payment method',
  ],
  [
    'service.trial_adapters_deactivated',
    'lunar-sky',
    { labels: ['orders'] },
    'Deactivated the Kafka adapter “orders” of the service “lunar-sky”: its free trial’s adapters used all of their messages',
  ],
  [
    'service.trial_adapters_deactivated',
    'lunar-sky',
    { labels: ['orders'], restAdapterId: 'r1' },
    'Deactivated the Kafka adapter “orders” and the REST adapter of the service “lunar-sky”: its free trial’s adapters used all of their messages',
  ],
  [
    'service.trial_adapters_deactivated',
    'lunar-sky',
    { labels: [], restAdapterId: 'r1' },
    'Deactivated the REST adapter of the service “lunar-sky”: its free trial’s adapters used all of their messages',
  ],
  [
    'service.trial_adapters_deactivated',
    'lunar-sky',
    { labels: ['orders', 'stock'] },
    'Deactivated the Kafka adapters “orders”, “stock” of the service “lunar-sky”: its free trial’s adapters used all of their messages',
  ],
  [
    'service.trial_converted',
    'lunar-sky',
    { billingPlan: 'small' },
    'Moved the service “lunar-sky” from its free trial to the small plan',
  ],
  [
    'service.trial_removed',
    'lunar-sky',
    {},
    'Removed the service “lunar-sky” 30 days or more after its free trial was suspended',
  ],
  [
    'service.trial_extended',
    'lunar-sky',
    { days: 14 },
    'Extended the free trial of the service “lunar-sky” by 14 days',
  ],
  ['service.trial_ended', 'lunar-sky', {}, 'Ended the free trial of the service “lunar-sky” now'],
  [
    'service.removal_delayed',
    'lunar-sky',
    { removalDueAt: '2027-05-01T00:00:00.000Z' },
    'Delayed the removal of the service “lunar-sky” to 2027-05-01',
  ],
  [
    'billing.payment_exemption_changed',
    null,
    { on: true },
    'Exempted the organisation from adding a payment method',
  ],
  [
    'billing.payment_exemption_changed',
    null,
    { on: false },
    'Ended the organisation’s exemption from adding a payment method',
  ],
  [
    'billing.manual_billing_changed',
    null,
    { on: false },
    'Returned the organisation to billing by card',
  ],
  [
    'billing.credit_granted',
    null,
    { amount: 2500, currency: 'usd', reason: 'outage on 3 Nov' },
    'Granted 25.00 USD of credit (outage on 3 Nov)',
  ],
  [
    'billing.invoice_settled',
    '202611-ABC',
    { status: 'paid' },
    'Marked the invoice 202611-ABC as paid',
  ],
  ['billing.invoice_settled', '202611-ABC', { status: 'void' }, 'Voided the invoice 202611-ABC'],
  // Kafka gateway adapters (issue 27).
  [
    'service.kafka_adapter_created',
    'lunar-sky',
    { label: 'orders' },
    'Created the Kafka adapter “orders” on the service “lunar-sky”',
  ],
  [
    'service.kafka_adapter_enabled',
    'lunar-sky',
    { label: 'orders' },
    'Activated the Kafka adapter “orders” on the service “lunar-sky”',
  ],
  [
    'service.kafka_adapter_disabled',
    'lunar-sky',
    { label: 'orders' },
    'Deactivated the Kafka adapter “orders” on the service “lunar-sky”',
  ],
  [
    'service.kafka_adapter_deleted',
    'lunar-sky',
    {},
    'Deleted a Kafka adapter from the service “lunar-sky”',
  ],
  [
    'service.kafka_adapter_configured',
    'lunar-sky',
    { label: 'orders', part: 'subscriber', name: 'in', change: 'added' },
    'Added the subscriber “in” to the Kafka adapter “orders” on the service “lunar-sky”',
  ],
  [
    'service.kafka_adapter_configured',
    'lunar-sky',
    { label: 'orders', part: 'cluster', name: 'main', change: 'removed' },
    'Removed the cluster “main” from the Kafka adapter “orders” on the service “lunar-sky”',
  ],
  [
    'service.rest_adapter_saved',
    'lunar-sky',
    { created: true, version: '1.0', active: true },
    'Created the REST adapter of the service “lunar-sky” (version 1.0)',
  ],
  [
    'service.rest_adapter_saved',
    'lunar-sky',
    { created: false, version: '1.1', active: false },
    'Changed the REST adapter of the service “lunar-sky” (version 1.1, inactive)',
  ],
  [
    'service.rest_adapter_configured',
    'lunar-sky',
    { part: 'api', name: 'Prices', change: 'added' },
    'Added the REST API “Prices” to the service “lunar-sky”',
  ],
  [
    'service.rest_adapter_configured',
    'lunar-sky',
    { part: 'endpoint', name: '/v1/eur', change: 'removed' },
    'Removed the endpoint “/v1/eur” from the service “lunar-sky”',
  ],
  [
    'service.adapter_upgrade_scheduled',
    'lunar-sky',
    { label: 'orders', version: '1.1' },
    'Scheduled an upgrade of the Kafka adapter “orders” on the service “lunar-sky” to version 1.1',
  ],
  [
    'service.adapter_upgrade_cancelled',
    'lunar-sky',
    { label: 'orders' },
    'Cancelled the scheduled upgrade of the Kafka adapter “orders” on the service “lunar-sky”',
  ],
  [
    'service.adapter_upgraded',
    'lunar-sky',
    { label: 'orders', version: '1.1' },
    'Upgraded the Kafka adapter “orders” on the service “lunar-sky” to version 1.1',
  ],
  // Payments and plan changes (docs/decisions/023).
  [
    'service.plan_changed',
    'lunar-sky',
    { from: 'Small', to: 'Medium' },
    'Changed the plan of the service “lunar-sky” from Small to Medium',
  ],
  [
    'service.cluster_resized',
    'lunar-sky',
    { nodes: 3 },
    'Turned high availability on for the service “lunar-sky” (3 nodes)',
  ],
  [
    'service.cluster_resized',
    'lunar-sky',
    { nodes: 1 },
    'Turned high availability off for the service “lunar-sky” (one node)',
  ],
  [
    'billing.payment_method_updated',
    null,
    { brand: 'visa', last4: '4242' },
    'Set the payment card to visa ending in 4242',
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

  it('never shows a detail that is not a list of names as one', () => {
    expect(
      auditSentence({
        action: 'service.default_roles_changed',
        target: 'x',
        details: { rolesForNamedSessions: 'CLIENT', rolesForAnonymousSessions: [] },
      }),
    ).toBe('Changed the default roles of the service “x”');
    expect(
      auditSentence({
        action: 'service.anonymous_action_changed',
        target: 'x',
        details: { anonymousAction: 'MAYBE', disconnected: -1 },
      }),
    ).toBe('Changed how the service “x” treats anonymous sessions');
  });

  it('gives an action this version does not know a sentence naming it', () => {
    expect(auditSentence({ action: 'service.teleported', target: 'lunar-sky', details: {} })).toBe(
      'Made a change this version does not describe (“service.teleported”) on lunar-sky',
    );
  });
});
