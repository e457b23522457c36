import { FREE_TRIAL_ADAPTER_MESSAGE_LIMIT, FREE_TRIAL_MESSAGE_CAP } from '../constants';
import type { TrialReminder } from './free-trial-timeline';

/** The e-mails of a trial's life (docs/decisions/025): the reminders, and what happened at its end. */
export type TrialMailKind = TrialReminder | 'suspended' | 'converted' | 'removed' | 'adapter-limit';

export interface TrialMailInput {
  serviceName: string;
  workspaceName: string;
  /** Unix ms. */
  endsAt: number;
  messagesUsed: number;
  messageCap?: number;
  /** Unix ms, when suspended. */
  removalDueAt?: number | null;
  suspensionReason?: 'TRIAL_END' | 'LIMIT_EXHAUSTED' | null;
  /** 'adapter-limit': the adapters deactivated (their labels) and their billed messages since the trial started. */
  adapterLabels?: readonly string[];
  /** 'adapter-limit': whether the service's REST adapter was deactivated too (issue 28, docs/decisions/052). */
  restAdapterStopped?: boolean;
  adapterMessagesUsed?: number;
  /** The workspace's Billing page. */
  billingUrl: string;
}

/** "12 March 2027" in UTC (e-mails have no time zone of the reader). */
export function formatTrialDate(at: number): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(at));
}

/** "160 million" / "1.5 million" / "950,000". */
export function formatMessageCount(count: number): string {
  if (count >= 1_000_000) {
    const millions = Math.floor(count / 100_000) / 10;
    return `${millions.toLocaleString('en-GB')} million`;
  }
  return count.toLocaleString('en-GB');
}

const SIGN_OFF = '\n\nThe Herald Cloud team';

export function trialMail(
  kind: TrialMailKind,
  input: TrialMailInput,
): { subject: string; text: string } {
  const cap = input.messageCap ?? FREE_TRIAL_MESSAGE_CAP;
  const service = `"${input.serviceName}" (organisation ${input.workspaceName})`;
  const keep = `To keep the service after the trial, add a card in Billing: ${input.billingUrl}\nIt then continues on its plan and is billed from the end of the trial.`;
  const used = `It has used ${formatMessageCount(input.messagesUsed)} of its ${formatMessageCount(cap)} trial messages.`;
  const dayMatch = /^ends-in-(\d+)d$/.exec(kind);
  if (dayMatch) {
    const days = Number(dayMatch[1]);
    const left = days === 1 ? '1 day' : `${String(days)} days`;
    return {
      subject: `Your free trial ends in ${left}`,
      text: `The free trial of your service ${service} ends on ${formatTrialDate(input.endsAt)}. ${used}\n\n${keep}${SIGN_OFF}`,
    };
  }
  switch (kind) {
    case 'usage-80':
      return {
        subject: 'Your free trial has used 80% of its messages',
        text: `Your service ${service} has used ${formatMessageCount(input.messagesUsed)} of its ${formatMessageCount(cap)} trial messages. When it reaches the limit it is suspended.\n\nFor more messages during the trial, contact support. ${keep}${SIGN_OFF}`,
      };
    case 'suspended': {
      const why =
        input.suspensionReason === 'LIMIT_EXHAUSTED'
          ? `used all of its ${formatMessageCount(cap)} trial messages`
          : 'reached the end of its free trial without a payment method';
      const removal =
        input.removalDueAt != null
          ? ` It will be removed permanently on ${formatTrialDate(input.removalDueAt)}.`
          : '';
      return {
        subject: 'Your free trial service is suspended',
        text: `Your service ${service} ${why} and is suspended.${removal}\n\nAdd a card in Billing to bring it back: ${input.billingUrl}${SIGN_OFF}`,
      };
    }
    case 'converted':
      return {
        subject: 'Your free trial service now runs on its paid plan',
        text: `The free trial of your service ${service} is over. A card is on file, so the service keeps running on its paid plan and is billed from today.\n\nBilling: ${input.billingUrl}${SIGN_OFF}`,
      };
    case 'adapter-limit': {
      const labels = [
        ...(input.adapterLabels ?? []).map((label) => `"${label}"`),
        ...(input.restAdapterStopped === true ? ['the REST adapter'] : []),
      ].join(', ');
      return {
        subject: "Your free trial's adapters were stopped",
        text: `The Kafka and REST adapters of your service ${service} have used ${formatMessageCount(input.adapterMessagesUsed ?? FREE_TRIAL_ADAPTER_MESSAGE_LIMIT)} of the ${formatMessageCount(FREE_TRIAL_ADAPTER_MESSAGE_LIMIT)} messages the free trial allows them, so they were deactivated${labels === '' ? '' : ` (${labels})`}. The service itself keeps running.\n\nThey can be activated again once the service runs on its paid plan. ${keep}${SIGN_OFF}`,
      };
    }
    case 'removed':
      return {
        subject: 'Your free trial service was removed',
        text: `Your service ${service} was suspended at the end of its free trial and has now been removed, with its data.\n\nYou can create a new service after adding a card in Billing: ${input.billingUrl}${SIGN_OFF}`,
      };
    default:
      throw new RangeError(`Unknown trial mail ${kind}`);
  }
}
