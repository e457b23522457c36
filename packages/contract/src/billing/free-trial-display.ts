import { FREE_TRIAL_MESSAGE_CAP } from '../constants';
import { formatMessageCount, formatTrialDate } from './free-trial-mail';
import { trialDaysLeft } from './free-trial-timeline';

/** What the service overview and card say about a free trial (docs/decisions/025), from the Service wire. */
export type TrialDisplay =
  | {
      kind: 'trial';
      /** "Free trial · 12 days left". */
      headline: string;
      /** "163.4 million of 200 million messages used". */
      usage: string;
      /** 0–100, for a progress bar. */
      usedPercent: number;
    }
  | {
      kind: 'suspended';
      /** "Suspended: the free trial ended". */
      headline: string;
      /** "It will be removed on 11 March 2027 unless a card is added." (null without a date). */
      removal: string | null;
    };

export interface TrialDisplayInput {
  freeTrial: boolean;
  billingPlan: string;
  status: string;
  suspensionReason: string | null;
  trialEndsAt?: number | undefined;
  trialMessagesUsed?: number | undefined;
  removalDueAt?: number | undefined;
}

export function trialDisplay(service: TrialDisplayInput, now: number): TrialDisplay | null {
  if (service.billingPlan !== 'freeTrial') return null;
  if (service.suspensionReason === 'TRIAL_END' || service.suspensionReason === 'LIMIT_EXHAUSTED') {
    return {
      kind: 'suspended',
      headline:
        service.suspensionReason === 'LIMIT_EXHAUSTED'
          ? 'Suspended: the free trial used all of its messages'
          : 'Suspended: the free trial ended',
      removal:
        service.removalDueAt === undefined
          ? null
          : `It will be removed on ${formatTrialDate(service.removalDueAt)} unless a card is added.`,
    };
  }
  if (service.trialEndsAt === undefined) return null;
  const days = trialDaysLeft(service.trialEndsAt, now);
  const used = service.trialMessagesUsed ?? 0;
  return {
    kind: 'trial',
    headline:
      days === 0
        ? 'Free trial · ends within the minute'
        : `Free trial · ${days === 1 ? '1 day' : `${String(days)} days`} left`,
    usage: `${formatMessageCount(used)} of ${formatMessageCount(FREE_TRIAL_MESSAGE_CAP)} messages used`,
    usedPercent: Math.min(100, Math.floor((used / FREE_TRIAL_MESSAGE_CAP) * 1000) / 10),
  };
}
