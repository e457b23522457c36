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

/**
 * One sentence per action: a new action without a sentence does not compile. Details are read defensively: rows
 * written by older versions may lack them.
 */
const SENTENCES = {
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
  'service.credentials.revealed': (target) => `Revealed the API credentials of ${service(target)}`,
  'service.secret.rotated': (target) => `Rotated the API client secret of ${service(target)}`,
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
