import { FREE_TRIAL_BILLING_PLAN } from '../constants';
import { describeDays, describeMessages, plural } from './invoice-line-text';
import { monthRange, type InvoiceMonth } from './invoice-month';

/**
 * The lines of a monthly invoice (issue 13 "An invoicing run that produces monthly invoices from plan rates (per
 * node, cluster size when HA) and usage"; docs/decisions/024). Pure and exact: integer cents, integer seconds.
 */

/** What a service was billed as from `start` to `end` (a `service_plan_period` row), in unix seconds. */
export interface PlanStretch {
  serviceId: string;
  serviceName: string;
  billingPlan: string;
  nodes: number;
  start: number;
  /** Exclusive; null while the period is open (billed to the end of the month). */
  end: number | null;
}

/** The catalogue's prices of a tier (spec section 3 metadata.tiers, plus our usage price). */
export interface PricedPlan {
  billingPlan: string;
  displayName: string;
  pricing: {
    /** A node for a whole month, in cents. */
    perNode: number;
    /** A million billed messages, in cents; absent: usage is not charged on this plan. */
    perMillionMessages?: number | undefined;
  };
}

/** Billed messages a service sent in the month while it was on `billingPlan`. */
export interface PlanUsage {
  serviceId: string;
  billingPlan: string;
  billedMessages: number;
}

export interface InvoiceLinesInput {
  month: InvoiceMonth;
  stretches: readonly PlanStretch[];
  plans: readonly PricedPlan[];
  usage: readonly PlanUsage[];
}

export type InvoiceChargeType = 'rate' | 'usage';

export interface InvoiceLineDraft {
  serviceId: string;
  serviceName: string;
  /** What is charged (contract lineItem.entityType). */
  entityType: 'service';
  chargeType: InvoiceChargeType;
  billingPlan: string;
  /** Nodes for a rate line; null for usage. */
  nodes: number | null;
  /** Billed messages for a usage line; null for a rate. */
  quantity: number | null;
  /** The part of the month the line covers (unix seconds; usage: the whole month). */
  periodStart: number;
  periodEnd: number;
  /** Cents, ≥ 1 (lines that cost nothing are left out). */
  amount: number;
  /** What a person reads: "XSmall plan, 1 node, 1–30 Nov" or "12.3 million messages, XSmall plan". */
  name: string;
}

export interface InvoiceLinesResult {
  lines: InvoiceLineDraft[];
  /** Plans a stretch or its usage was billed as that the catalogue does not price (the invoice must wait). */
  unpricedPlans: string[];
}

/** Plans that never cost anything, whatever the catalogue says: the free trial (section 9 "Free trial terms"). */
export function isUnbilledPlan(billingPlan: string): boolean {
  return billingPlan === FREE_TRIAL_BILLING_PLAN;
}

/** ⌈numerator / denominator⌉ for non-negative integers, without floating-point error at exact fractions. */
export function ceilDiv(numerator: number, denominator: number): number {
  const quotient = Math.floor(numerator / denominator);
  return quotient * denominator < numerator ? quotient + 1 : quotient;
}

/** The price of `nodes` nodes at `perNode` cents a month for `seconds` of a month of `monthSeconds`, rounded up. */
export function proratedRate(
  perNode: number,
  nodes: number,
  seconds: number,
  monthSeconds: number,
): number {
  return ceilDiv(perNode * nodes * seconds, monthSeconds);
}

/** The price of `messages` billed messages at `perMillion` cents a million, rounded up to a cent. */
export function usageCharge(messages: number, perMillion: number): number {
  return ceilDiv(messages * perMillion, 1_000_000);
}

interface ClippedStretch extends PlanStretch {
  end: number;
}

/**
 * The stretches inside the month, clipped to it, with adjacent stretches of one service at the same plan and node
 * count joined (a suspension and resume, or a change and its undo, read as one line).
 */
function clippedStretches(
  stretches: readonly PlanStretch[],
  month: { start: number; end: number },
): ClippedStretch[] {
  const clipped = stretches
    .map((stretch) => ({
      ...stretch,
      start: Math.max(stretch.start, month.start),
      end: Math.min(stretch.end ?? month.end, month.end),
    }))
    .filter((stretch) => stretch.end > stretch.start)
    .sort((a, b) => a.serviceId.localeCompare(b.serviceId) || a.start - b.start);
  const joined: ClippedStretch[] = [];
  for (const stretch of clipped) {
    const previous = joined[joined.length - 1];
    if (
      previous &&
      previous.serviceId === stretch.serviceId &&
      previous.billingPlan === stretch.billingPlan &&
      previous.nodes === stretch.nodes &&
      previous.end === stretch.start
    ) {
      previous.end = stretch.end;
      previous.serviceName = stretch.serviceName;
    } else {
      joined.push({ ...stretch });
    }
  }
  return joined;
}

/**
 * The invoice lines of one month: per service and plan stretch a `rate` line (price per node × nodes, prorated by
 * the stretch's seconds within the month, rounded up per line as the checkout estimate is), and per service and
 * plan a `usage` line (billed messages at the plan's price per million, rounded up). Free-trial stretches and
 * lines that cost nothing are left out. Lines are ordered by service name, then rate before usage, then time.
 */
export function invoiceLinesForMonth(input: InvoiceLinesInput): InvoiceLinesResult {
  const month = monthRange(input.month);
  const monthSeconds = month.end - month.start;
  const planOf = new Map(input.plans.map((plan) => [plan.billingPlan, plan]));
  const unpriced = new Set<string>();
  const lines: InvoiceLineDraft[] = [];
  const stretches = clippedStretches(input.stretches, month);
  const nameOf = new Map<string, string>();
  // Usage lines of one service list in the order its plans were first used in the month.
  const firstUse = new Map<string, number>();
  const useKey = (serviceId: string, billingPlan: string) => `${serviceId}\u0000${billingPlan}`;
  for (const stretch of stretches) {
    nameOf.set(stretch.serviceId, stretch.serviceName);
    const key = useKey(stretch.serviceId, stretch.billingPlan);
    if (!firstUse.has(key)) firstUse.set(key, stretch.start);
    if (isUnbilledPlan(stretch.billingPlan)) continue;
    const plan = planOf.get(stretch.billingPlan);
    if (!plan) {
      unpriced.add(stretch.billingPlan);
      continue;
    }
    const amount = proratedRate(
      plan.pricing.perNode,
      stretch.nodes,
      stretch.end - stretch.start,
      monthSeconds,
    );
    if (amount <= 0) continue;
    lines.push({
      serviceId: stretch.serviceId,
      serviceName: stretch.serviceName,
      entityType: 'service',
      chargeType: 'rate',
      billingPlan: stretch.billingPlan,
      nodes: stretch.nodes,
      quantity: null,
      periodStart: stretch.start,
      periodEnd: stretch.end,
      amount,
      name: `${plan.displayName} plan, ${plural(stretch.nodes, 'node')}, ${describeDays(stretch.start, stretch.end)}`,
    });
  }
  for (const usage of input.usage) {
    if (usage.billedMessages <= 0 || isUnbilledPlan(usage.billingPlan)) continue;
    const plan = planOf.get(usage.billingPlan);
    if (!plan) {
      unpriced.add(usage.billingPlan);
      continue;
    }
    const amount = usageCharge(usage.billedMessages, plan.pricing.perMillionMessages ?? 0);
    if (amount <= 0) continue;
    lines.push({
      serviceId: usage.serviceId,
      serviceName: nameOf.get(usage.serviceId) ?? usage.serviceId,
      entityType: 'service',
      chargeType: 'usage',
      billingPlan: usage.billingPlan,
      nodes: null,
      quantity: usage.billedMessages,
      periodStart: month.start,
      periodEnd: month.end,
      amount,
      name: `${describeMessages(usage.billedMessages)}, ${plan.displayName} plan`,
    });
  }
  lines.sort(
    (a, b) =>
      a.serviceName.localeCompare(b.serviceName) ||
      a.serviceId.localeCompare(b.serviceId) ||
      (a.chargeType === b.chargeType ? 0 : a.chargeType === 'rate' ? -1 : 1) ||
      a.periodStart - b.periodStart ||
      (firstUse.get(useKey(a.serviceId, a.billingPlan)) ?? 0) -
        (firstUse.get(useKey(b.serviceId, b.billingPlan)) ?? 0) ||
      a.billingPlan.localeCompare(b.billingPlan),
  );
  return { lines, unpricedPlans: [...unpriced].sort() };
}

/** The sum of the lines, in cents. */
export function linesTotal(lines: readonly { amount: number }[]): number {
  return lines.reduce((total, line) => total + line.amount, 0);
}

/** A window of one service's usage to measure: a (clipped, joined) stretch of a billed plan. */
export interface UsageWindow {
  serviceId: string;
  serviceName: string;
  billingPlan: string;
  /** Unix seconds, inclusive / exclusive. */
  from: number;
  to: number;
}

/**
 * Where to measure billed messages for a month: each stretch of a plan that may charge usage, clipped to the month
 * and to `until` (now, for a month in progress). Adjacent windows share their boundary, so every usage bucket
 * counts once (a bucket belongs to the window its start falls in).
 */
export function usageWindowsForMonth(input: {
  month: InvoiceMonth;
  stretches: readonly PlanStretch[];
  until?: number;
}): UsageWindow[] {
  const month = monthRange(input.month);
  const end = Math.min(month.end, input.until ?? month.end);
  return clippedStretches(input.stretches, { start: month.start, end })
    .filter((stretch) => !isUnbilledPlan(stretch.billingPlan))
    .map((stretch) => ({
      serviceId: stretch.serviceId,
      serviceName: stretch.serviceName,
      billingPlan: stretch.billingPlan,
      from: stretch.start,
      to: stretch.end,
    }));
}

/** Sums measured windows per service and plan (what invoiceLinesForMonth takes as usage). */
export function usageByPlan(
  measured: readonly { serviceId: string; billingPlan: string; billedMessages: number }[],
): PlanUsage[] {
  const totals = new Map<string, PlanUsage>();
  for (const entry of measured) {
    const key = `${entry.serviceId}\u0000${entry.billingPlan}`;
    const total = totals.get(key);
    if (total) total.billedMessages += entry.billedMessages;
    else totals.set(key, { ...entry });
  }
  return [...totals.values()];
}
