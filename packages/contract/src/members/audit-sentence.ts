import { isAuditAction } from './member.schema';
import type { AuditAction, AuditEntry } from './member.schema';

/** What a sentence needs from an audit entry (the actor is shown beside it, so sentences start with the verb). */
export type AuditSentenceInput = Pick<AuditEntry, 'action' | 'target' | 'details'>;

type Sentence = (target: string | null, details: Record<string, unknown>) => string;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function service(target: string | null): string {
  return target === null || target === '' ? 'a service' : `the service “${target}”`;
}

/** `the Kafka adapter “orders”` from the details' label. */
function kafkaAdapter(details: Record<string, unknown>): string {
  const label = text(details.label);
  return label ? `the Kafka adapter “${label}”` : 'a Kafka adapter';
}

/** "a User", "an Admin", "an Owner" (by sound: User starts with a consonant sound). */
function withArticle(role: string): string {
  return role === 'Admin' || role === 'Owner' ? `an ${role}` : `a ${role}`;
}

function person(target: string | null, otherwise: string): string {
  return target === null || target === '' ? otherwise : target;
}

/** Readable names of the settings `service.settings_changed` lists in `details.changed`. */
const SETTING_NAMES: Record<string, string> = {
  sensitiveData: 'sensitive data',
  interestedAlerts: 'alerts',
  hintColor: 'console colour',
  useConsoleSso: 'console single sign-on',
};

/** The strings of a list detail (role names, paths); anything else in it is ignored. */
function names(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter((name): name is string => typeof name === 'string' && name !== '');
}

/** "a, b, c" (at most five, then "and 3 more"; `total` counts what the details left out), or `none`. */
function listed(items: string[], none: string, total = items.length): string {
  if (total === 0 || items.length === 0) return none;
  const shown = items.slice(0, 5).map((item) => `“${item}”`);
  const more = Math.max(total, items.length) - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

function plural(n: number, word: string): string {
  return `${n} ${n === 1 ? word : `${word}s`}`;
}

/** "; closed 2 live sessions" when a security change disconnected sessions, else nothing. */
function closed(details: Record<string, unknown>): string {
  const disconnected = count(details.disconnected);
  return disconnected ? `; closed ${plural(disconnected, 'live session')}` : '';
}

/** ", locked by the principal “L”" when the saved role or principal is locked (only L may change it then). */
function lockedBy(details: Record<string, unknown>): string {
  const holder = text(details.lockingPrincipal);
  return holder ? `, locked by the principal “${holder}”` : '';
}

function role(details: Record<string, unknown>): string {
  const name = text(details.role);
  return name ? `the role “${name}”` : 'a role';
}

function principal(details: Record<string, unknown>): string {
  const name = text(details.principal);
  return name ? `the principal “${name}”` : 'a principal';
}

/** What a removed role was also taken out of: " (also taken from 2 principals and 1 role)". */
function alsoTakenFrom(details: Record<string, unknown>): string {
  const parts = [
    [names(details.principalsChanged)?.length ?? 0, 'principal'],
    [names(details.rolesChanged)?.length ?? 0, 'role'],
  ] as const;
  const counted = parts.filter(([n]) => n > 0).map(([n, word]) => plural(n, word));
  return counted.length > 0 ? ` (also taken from ${counted.join(' and ')})` : '';
}

const ANONYMOUS_SENTENCES: Record<string, (on: string) => string> = {
  ALLOW: (on) => `Allowed anonymous sessions on ${on}`,
  DENY: (on) => `Refused anonymous sessions on ${on}`,
  ABSTAIN: (on) => `Set ${on} to abstain on anonymous sessions (they are refused)`,
};

/**
 * One sentence per action: a new action without a sentence does not compile. Details are read defensively: rows
 * written by older versions may lack them.
 */
const SENTENCES = {
  'marketplace.connected': () => 'Connected an AWS Marketplace subscription to the organisation',
  'marketplace.status_changed': (_target, details) => {
    const from = text(details.from);
    const to = text(details.to);
    const change = to
      ? `Changed the AWS Marketplace subscription status ${from ? `from ${from} ` : ''}to ${to}`
      : 'Changed the AWS Marketplace subscription status';
    const suspended = names(details.suspended) ?? [];
    const resumed = names(details.resumed) ?? [];
    if (suspended.length > 0) return `${change}; suspended ${listed(suspended, 'no service')}`;
    if (resumed.length > 0) return `${change}; resumed ${listed(resumed, 'no service')}`;
    return change;
  },
  'workspace.created': (target) =>
    target ? `Created the organisation “${target}”` : 'Created the organisation',
  'workspace.renamed': (target, details) => {
    const from = text(details.from);
    const to = text(details.to) ?? target;
    if (from && to) return `Renamed the organisation from “${from}” to “${to}”`;
    return to ? `Renamed the organisation to “${to}”` : 'Renamed the organisation';
  },
  'member.role_changed': (target, details) => {
    const from = text(details.from);
    const to = text(details.to);
    const who = person(target, 'a member');
    if (from && to) return `Changed the role of ${who} from ${from} to ${to}`;
    return to ? `Made ${who} ${withArticle(to)}` : `Changed the role of ${who}`;
  },
  'member.removed': (target) => `Removed ${person(target, 'a member')} from the organisation`,
  'member.left': () => 'Left the organisation',
  'member.joined': (_target, details) => {
    const role = text(details.role);
    return role ? `Joined the organisation as ${withArticle(role)}` : 'Joined the organisation';
  },
  'invite.created': (target, details) => {
    const role = text(details.role);
    const who = person(target, 'someone');
    return role ? `Invited ${who} as ${withArticle(role)}` : `Invited ${who}`;
  },
  'invite.resent': (target) => `Re-sent the invitation to ${person(target, 'an address')}`,
  'invite.revoked': (target) => `Revoked the invitation to ${person(target, 'an address')}`,
  'invite.declined': () => 'Declined the invitation to join',
  'service.created': (target, details) => {
    const plan = text(details.billingPlan);
    return `Created ${service(target)}${plan ? ` on the ${plan} plan` : ''}`;
  },
  'service.cancelled': (target) => `Deleted ${service(target)}`,
  'service.restarted': (target) => `Restarted ${service(target)}`,
  'service.topic_tree_reset': (target) => `Reset the topic tree of ${service(target)}`,
  'service.topics_removed': (target, details) => {
    const selector = text(details.selector);
    const removed = typeof details.removed === 'number' ? details.removed : undefined;
    const what =
      removed === undefined ? 'the topics' : `${removed} ${removed === 1 ? 'topic' : 'topics'}`;
    return `Removed ${what}${selector ? ` matching “${selector}”` : ''} from ${service(target)}`;
  },
  'service.admin_principal_set': (target, details) => {
    const name = text(details.username);
    const what = name ? `the console admin user “${name}”` : 'a console admin user';
    return `${details.created === false ? 'Replaced the password of' : 'Added'} ${what} ${details.created === false ? 'of' : 'to'} ${service(target)}`;
  },
  'service.settings_changed': (target, details) => {
    const changed = Array.isArray(details.changed)
      ? details.changed.filter((name): name is string => typeof name === 'string')
      : [];
    const names = changed.map((name) => SETTING_NAMES[name] ?? name);
    return names.length > 0
      ? `Changed the settings of ${service(target)} (${names.join(', ')})`
      : `Changed the settings of ${service(target)}`;
  },
  'service.update_scheduled': (target, details) => {
    const version = text(details.version);
    return version
      ? `Scheduled an update of ${service(target)} to version ${version}`
      : `Scheduled an update of ${service(target)}`;
  },
  'service.update_cancelled': (target) => `Cancelled the scheduled update of ${service(target)}`,
  'service.kafka_adapter_created': (target, details) =>
    `Created ${kafkaAdapter(details)} on ${service(target)}`,
  'service.kafka_adapter_enabled': (target, details) =>
    `Activated ${kafkaAdapter(details)} on ${service(target)}`,
  'service.kafka_adapter_disabled': (target, details) =>
    `Deactivated ${kafkaAdapter(details)} on ${service(target)}`,
  'service.kafka_adapter_deleted': (target, details) =>
    `Deleted ${kafkaAdapter(details)} from ${service(target)}`,
  'service.kafka_adapter_configured': (target, details) => {
    const part = text(details.part);
    const name = text(details.name);
    const what = part ? `the ${part}${name ? ` “${name}”` : ''}` : 'the settings';
    const change = text(details.change);
    const verb = change === 'added' ? 'Added' : change === 'removed' ? 'Removed' : 'Changed';
    const preposition = change === 'added' ? 'to' : change === 'removed' ? 'from' : 'of';
    return `${verb} ${what} ${preposition} ${kafkaAdapter(details)} on ${service(target)}`;
  },
  'service.adapter_upgrade_scheduled': (target, details) => {
    const version = text(details.version);
    return `Scheduled an upgrade of ${kafkaAdapter(details)} on ${service(target)}${version ? ` to version ${version}` : ''}`;
  },
  'service.adapter_upgrade_cancelled': (target, details) =>
    `Cancelled the scheduled upgrade of ${kafkaAdapter(details)} on ${service(target)}`,
  'service.adapter_upgraded': (target, details) => {
    const version = text(details.version);
    return `Upgraded ${kafkaAdapter(details)} on ${service(target)}${version ? ` to version ${version}` : ''}`;
  },
  'service.rest_adapter_saved': (target, details) => {
    const version = text(details.version);
    const verb = details.created === true ? 'Created' : 'Changed';
    const state = details.active === false ? ', inactive' : '';
    return `${verb} the REST adapter of ${service(target)}${version ? ` (version ${version}${state})` : ''}`;
  },
  'service.rest_adapter_configured': (target, details) => {
    const part = text(details.part) === 'endpoint' ? 'the endpoint' : 'the REST API';
    const name = text(details.name);
    const what = `${part}${name ? ` “${name}”` : ''}`;
    const change = text(details.change);
    const verb = change === 'added' ? 'Added' : change === 'removed' ? 'Removed' : 'Changed';
    const preposition = change === 'added' ? 'to' : change === 'removed' ? 'from' : 'of';
    return `${verb} ${what} ${preposition} ${service(target)}`;
  },
  'service.credentials.revealed': (target) => `Revealed the API credentials of ${service(target)}`,
  'service.secret.rotated': (target) => `Rotated the API client secret of ${service(target)}`,
  'service.role_saved': (target, details) => {
    const verb =
      details.created === true ? 'Created' : details.created === false ? 'Changed' : 'Saved';
    return `${verb} ${role(details)} on ${service(target)}${lockedBy(details)}${closed(details)}`;
  },
  'service.role_removed': (target, details) =>
    `Removed ${role(details)} from ${service(target)}${alsoTakenFrom(details)}${closed(details)}`,
  'service.default_roles_changed': (target, details) => {
    const named = names(details.rolesForNamedSessions);
    const anonymous = names(details.rolesForAnonymousSessions);
    if (!named || !anonymous)
      return `Changed the default roles of ${service(target)}${closed(details)}`;
    return `Set the default roles of ${service(target)}: ${listed(named, 'none')} for named sessions, ${listed(anonymous, 'none')} for anonymous sessions${closed(details)}`;
  },
  'service.isolated_paths_changed': (target, details) => {
    const paths = names(details.isolatedPaths);
    if (!paths) return `Changed the isolated paths of ${service(target)}${closed(details)}`;
    const total = count(details.count) ?? paths.length;
    return total === 0
      ? `Removed every isolated path of ${service(target)}${closed(details)}`
      : `Set the isolated paths of ${service(target)} to ${listed(paths, 'none', total)}${closed(details)}`;
  },
  'service.principal_saved': (target, details) => {
    const roles = names(details.roles);
    const roleWords =
      roles && (roles.length === 1 ? 'the role ' : 'the roles ') + listed(roles, '');
    if (details.created === true) {
      const withRoles = roles ? ` with ${roles.length === 0 ? 'no role' : roleWords}` : '';
      return `Added ${principal(details)} to ${service(target)}${withRoles}${lockedBy(details)}`;
    }
    const changes = [
      ...(roles ? [roles.length === 0 ? 'no role' : roleWords] : []),
      ...(details.passwordChanged === true ? ['a new password'] : []),
    ];
    const what = changes.length > 0 ? ` (now ${changes.join(' and ')})` : '';
    return `Changed ${principal(details)} of ${service(target)}${what}${lockedBy(details)}${closed(details)}`;
  },
  'service.principal_password_set': (target, details) =>
    `Set a new password for ${principal(details)} of ${service(target)}${closed(details)}`,
  'service.principal_removed': (target, details) =>
    `Removed ${principal(details)} from ${service(target)}${closed(details)}`,
  'service.anonymous_action_changed': (target, details) => {
    const action = text(details.anonymousAction);
    const sentence = action ? ANONYMOUS_SENTENCES[action] : undefined;
    return sentence
      ? `${sentence(service(target))}${closed(details)}`
      : `Changed how ${service(target)} treats anonymous sessions${closed(details)}`;
  },
  'service.plan_changed': (target, details) => {
    const from = text(details.from);
    const to = text(details.to);
    if (from && to) return `Changed the plan of ${service(target)} from ${from} to ${to}`;
    return to
      ? `Moved ${service(target)} to the ${to} plan`
      : `Changed the plan of ${service(target)}`;
  },
  'service.cluster_resized': (target, details) => {
    const nodes = count(details.nodes);
    return nodes === undefined
      ? `Resized the cluster of ${service(target)}`
      : nodes > 1
        ? `Turned high availability on for ${service(target)} (${plural(nodes, 'node')})`
        : `Turned high availability off for ${service(target)} (one node)`;
  },
  'billing.payment_method_updated': (_target, details) => {
    const brand = text(details.brand);
    const last4 = text(details.last4);
    return last4
      ? `Set the payment card to ${brand ? `${brand} ` : ''}ending in ${last4}`
      : 'Updated the payment card';
  },
  'service.trusted_properties_changed': (target, details) => {
    const properties = names(details.properties);
    if (!properties) {
      return `Changed the trusted session properties of ${service(target)}${closed(details)}`;
    }
    return properties.length === 0
      ? `Removed every trusted session property of ${service(target)}${closed(details)}`
      : `Set the trusted session properties of ${service(target)} to ${listed(properties, 'none')}${closed(details)}`;
  },
  'service.trial_reminder_sent': (target, details) => {
    const subject = text(details.subject);
    return subject
      ? `Sent the free trial reminder “${subject}” about ${service(target)}`
      : `Sent a free trial reminder about ${service(target)}`;
  },
  'service.trial_suspended': (target, details) =>
    details.reason === 'LIMIT_EXHAUSTED'
      ? `Suspended ${service(target)}: its free trial used all of its messages`
      : `Suspended ${service(target)}: its free trial ended without a payment method`,
  'service.trial_converted': (target, details) => {
    const plan = text(details.billingPlan);
    return `Moved ${service(target)} from its free trial to the ${plan ?? 'paid'} plan`;
  },
  'service.trial_removed': (target) =>
    `Removed ${service(target)} 30 days or more after its free trial was suspended`,
  'service.trial_extended': (target, details) => {
    const days = count(details.days);
    return days === undefined
      ? `Extended the free trial of ${service(target)}`
      : `Extended the free trial of ${service(target)} by ${plural(days, 'day')}`;
  },
  'service.trial_ended': (target) => `Ended the free trial of ${service(target)} now`,
  'service.trial_adapters_deactivated': (target, details) => {
    const labels = names(details.labels) ?? [];
    const which =
      labels.length === 1
        ? `the Kafka adapter “${labels[0]}”`
        : labels.length > 1
          ? `the Kafka adapters ${listed(labels, '')}`
          : details.restAdapterId === undefined
            ? 'the Kafka adapters'
            : undefined;
    const rest = details.restAdapterId === undefined ? undefined : 'the REST adapter';
    const all = [which, rest].filter((part) => part !== undefined).join(' and ');
    return `Deactivated ${all} of ${service(target)}: its free trial’s adapters used all of their messages`;
  },
  'service.removal_delayed': (target, details) => {
    const until = text(details.removalDueAt);
    return until
      ? `Delayed the removal of ${service(target)} to ${until.slice(0, 10)}`
      : `Delayed the removal of ${service(target)}`;
  },
  'billing.payment_exemption_changed': (_target, details) =>
    details.on === false
      ? 'Ended the organisation’s exemption from adding a payment method'
      : 'Exempted the organisation from adding a payment method',
  'billing.manual_billing_changed': (_target, details) =>
    details.on === false
      ? 'Returned the organisation to billing by card'
      : 'Marked the organisation as billed manually (invoices are settled by the operator)',
  'billing.credit_granted': (_target, details) => {
    const cents = typeof details.amount === 'number' ? details.amount : undefined;
    const currency = text(details.currency)?.toUpperCase() ?? 'USD';
    const amount =
      cents === undefined ? 'credit' : `${(cents / 100).toFixed(2)} ${currency} of credit`;
    const reason = text(details.reason);
    return `Granted ${amount}${reason ? ` (${reason})` : ''}`;
  },
  'billing.invoice_settled': (target, details) => {
    const invoice = target ? `the invoice ${target}` : 'an invoice';
    return details.status === 'void' ? `Voided ${invoice}` : `Marked ${invoice} as paid`;
  },
} satisfies Record<AuditAction, Sentence>;

/**
 * The Activity tab's sentence for an audit entry. An action this version does not know (a row written by a newer
 * one) still gets a sentence, naming the action as recorded (docs/decisions/012).
 */
export function auditSentence(entry: AuditSentenceInput): string {
  if (isAuditAction(entry.action)) return SENTENCES[entry.action](entry.target, entry.details);
  const on = entry.target ? ` on ${entry.target}` : '';
  return `Made a change this version does not describe (“${entry.action}”)${on}`;
}
