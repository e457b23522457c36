import { eq, sql } from 'drizzle-orm';
import { MARKETPLACE_BILLING_PROVIDER } from '@herald/contract/constants';
import {
  formatInvoiceMonth,
  hasMonthEnded,
  monthOf,
  monthRange,
  nextMonth,
  parseInvoiceMonth,
  previousMonth,
  type InvoiceMonth,
} from '@herald/contract/billing/invoice-month';
import type { FastifyInstance } from 'fastify';
import { invoiceRun } from '../../db/schema';
import type { PaymentsPort } from '../../adapters/payments/payments-port';
import { collectInvoices, paymentsOf, type CollectionReport } from './invoice-collection';
import { listWorkspaceBilling } from './invoice-builder';
import { invoiceWorkspace } from './invoice-writer';
import { listPlanPeriodsOverlapping } from './plan-periods.repository';

/**
 * The invoicing run (issue 13; docs/decisions/024). For each ended month it invoices every workspace whose services
 * had plan periods in it (rates and usage, contract invoice-lines.ts), applies checkout prepayments and credit, and
 * inserts the invoice in one transaction; the unique (workspace, month) key makes a re-run a no-op. Then it charges
 * the card of every invoice not yet charged, with the invoice id as idempotency key, so a crash between insert and
 * charge is picked up by the next run and never charges twice.
 */

/** A month is invoiced automatically an hour after it ended: the last scrapes of its usage have landed by then. */
export const INVOICE_GRACE_MS = 60 * 60 * 1000;

export interface InvoicingReport extends CollectionReport {
  months: string[];
  invoicesCreated: number;
  /** Workspaces left for a later run, with why (a plan the catalogue does not price). */
  waiting: { workspaceId: string; month: string; reason: string }[];
}

export class InvoicingRunError extends Error {}

/** At most this many missed months are caught up at once (a server that was stopped for a while). */
export const MAX_CATCH_UP_MONTHS = 12;

/**
 * The months to invoice now: every ended month after the latest finished one, up to last month once its grace
 * hour has passed (at most MAX_CATCH_UP_MONTHS; on a new instance, last month only), and any month a crash or a
 * waiting workspace left unfinished.
 */
async function monthsDue(app: FastifyInstance, now: Date): Promise<InvoiceMonth[]> {
  const due = new Map<string, InvoiceMonth>();
  const runs = await app.db
    .select({ month: invoiceRun.month, finishedAt: invoiceRun.finishedAt })
    .from(invoiceRun);
  const finished = new Set<string>();
  for (const run of runs) {
    const parsed = parseInvoiceMonth(run.month);
    if (!parsed) continue;
    if (run.finishedAt) finished.add(run.month);
    else if (hasMonthEnded(parsed, now)) due.set(run.month, parsed);
  }
  const last = previousMonth(monthOf(now));
  if (monthRange(last).end * 1000 + INVOICE_GRACE_MS <= now.getTime()) {
    // 'YYYY-MM' sorts as the months do.
    const latestFinished = [...finished].sort().at(-1);
    let month = latestFinished ? nextMonth(parseInvoiceMonth(latestFinished)!) : last;
    let earliest = last;
    for (let step = 1; step < MAX_CATCH_UP_MONTHS; step += 1) earliest = previousMonth(earliest);
    if (formatInvoiceMonth(month) < formatInvoiceMonth(earliest)) month = earliest;
    while (formatInvoiceMonth(month) <= formatInvoiceMonth(last)) {
      const key = formatInvoiceMonth(month);
      if (!finished.has(key)) due.set(key, month);
      month = nextMonth(month);
    }
  }
  return [...due.values()].sort((a, b) => a.year - b.year || a.month - b.month);
}

/** Invoices every billable workspace of one ended month; marks the month done unless some must wait. */
export async function invoiceMonth(
  app: FastifyInstance,
  month: InvoiceMonth,
  report: InvoicingReport,
): Promise<void> {
  const key = formatInvoiceMonth(month);
  const range = monthRange(month);
  await app.db
    .insert(invoiceRun)
    .values({ month: key, startedAt: app.clock() })
    .onConflictDoNothing({ target: invoiceRun.month });
  const periods = await listPlanPeriodsOverlapping(app.db, {
    from: new Date(range.start * 1000),
    to: new Date(range.end * 1000),
  });
  const byWorkspace = new Map<string, typeof periods>();
  for (const period of periods) {
    const list = byWorkspace.get(period.workspaceId);
    if (list) list.push(period);
    else byWorkspace.set(period.workspaceId, [period]);
  }
  const workspaces = await listWorkspaceBilling(app.db, [...byWorkspace.keys()]);
  let created = 0;
  let waiting = 0;
  for (const billing of workspaces) {
    // Marketplace organisations pay through the marketplace (metered hourly), never by invoice.
    if (billing.billingProvider === MARKETPLACE_BILLING_PROVIDER) continue;
    try {
      const outcome = await invoiceWorkspace(app, month, billing.id, byWorkspace.get(billing.id)!);
      if (outcome.created) created += 1;
      if (outcome.waiting) {
        waiting += 1;
        report.waiting.push({ workspaceId: billing.id, month: key, reason: outcome.waiting });
        app.log.error(
          { workspaceId: billing.id, month: key },
          `Invoice not made: ${outcome.waiting}`,
        );
      }
    } catch (error) {
      // One workspace's failure (the metrics store unreachable ...) does not stop the others; the month stays
      // unfinished, so the next run tries it again.
      waiting += 1;
      report.waiting.push({
        workspaceId: billing.id,
        month: key,
        reason: (error as Error).message,
      });
      app.log.error({ err: error, workspaceId: billing.id, month: key }, 'Invoicing failed');
    }
  }
  report.invoicesCreated += created;
  await app.db
    .update(invoiceRun)
    .set({
      invoicesCreated: sql`${invoiceRun.invoicesCreated} + ${created}`,
      ...(waiting === 0 && { finishedAt: app.clock() }),
    })
    .where(eq(invoiceRun.month, key));
}

export interface InvoicingRunOptions {
  /** An ended month to invoice (the operator's `invoice-run 2026-11`); default: the months due. */
  month?: InvoiceMonth;
  /** The payments port to charge with; default: `app.payments` (tests pass a recording double). */
  payments?: PaymentsPort | null;
}

const inFlight = new WeakMap<FastifyInstance, Promise<unknown>>();

/**
 * One run: the months due (or the one named, which must have ended), then the charges. Runs of one app wait for
 * each other (the hourly schedule and the operator's command); two processes on one database are safe too (unique
 * keys, idempotent charges).
 */
export function runInvoicing(
  app: FastifyInstance,
  options: InvoicingRunOptions = {},
): Promise<InvoicingReport> {
  const previous = inFlight.get(app) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => runOnce(app, options));
  inFlight.set(app, next);
  return next;
}

async function runOnce(
  app: FastifyInstance,
  options: InvoicingRunOptions,
): Promise<InvoicingReport> {
  const now = app.clock();
  if (options.month && !hasMonthEnded(options.month, now)) {
    throw new InvoicingRunError(
      `${formatInvoiceMonth(options.month)} has not ended yet: only ended months are invoiced.`,
    );
  }
  const months = options.month ? [options.month] : await monthsDue(app, now);
  const report: InvoicingReport = {
    months: months.map(formatInvoiceMonth),
    invoicesCreated: 0,
    waiting: [],
    charged: 0,
    failed: 0,
    blocked: 0,
    paymentsUnavailable: false,
  };
  for (const month of months) await invoiceMonth(app, month, report);
  await collectInvoices(
    app,
    report,
    options.payments === undefined ? paymentsOf(app) : options.payments,
  );
  return report;
}
