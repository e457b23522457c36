import { ERROR_CODES } from '@herald/contract/api/errors';
import { routes } from '@herald/contract/api/routes';
import type { Invoice, InvoiceSummary } from '@herald/contract/billing/billing.schema';
import { forecastForMonth, summaryLineName } from '@herald/contract/billing/invoice-forecast';
import { monthOf, monthRange } from '@herald/contract/billing/invoice-month';
import {
  INVOICE_CURSOR_UNKNOWN_MESSAGE,
  INVOICE_SUMMARY_PAGE_SIZE,
  summaryPage,
} from '@herald/contract/billing/invoice-summary';
import { MARKETPLACE_BILLING_PROVIDER } from '@herald/contract/constants';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { WORKSPACE_NOT_FOUND_MESSAGE, registerRoute } from '../../plugins/route-registry';
import { catalogueOf } from '../service/catalogue';
import { listServicesOf } from '../service/service.repository';
import { listWorkspaceBilling, measureUsage } from './invoice-builder';
import {
  findInvoiceOfWorkspace,
  listInvoicesInRange,
  listInvoicesOfSubscription,
  listLinesOf,
  type InvoiceLineRow,
  type InvoiceRow,
} from './invoices.repository';
import { listPlanPeriodsOverlapping, toPlanStretch } from './plan-periods.repository';
import { findSubscriptionId } from './subscriptions.repository';

export const SUBSCRIPTION_NOT_FOUND_MESSAGE =
  'This subscription does not exist or does not belong to this organisation.';

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

export function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    currency: row.currency,
    total: row.totalCents,
    amountDue: row.amountDueCents,
    periodStart: seconds(row.periodStart),
    periodEnd: seconds(row.periodEnd),
    created: seconds(row.createdAt),
    hostedInvoiceUrl: row.hostedInvoiceUrl,
  };
}

function toSummary(row: InvoiceRow, lines: readonly InvoiceLineRow[]): InvoiceSummary {
  return {
    id: row.id,
    periodStart: seconds(row.periodStart),
    currency: row.currency,
    lineItems: lines.map((line) => ({
      entityType: line.entityType,
      chargeType: line.chargeType,
      price: { amount: line.amountCents },
      name: summaryLineName(line.serviceName, line.name),
    })),
  };
}

async function workspaceBilling(app: FastifyInstance, workspaceId: string) {
  const [billing] = await listWorkspaceBilling(app.db, [workspaceId]);
  if (!billing) throw new HttpError(404, ERROR_CODES.notFound, WORKSPACE_NOT_FOUND_MESSAGE);
  return billing;
}

/**
 * The billing page's reads (spec section 7 "Billing", issue 13; docs/decisions/024): the billing account, the
 * subscription's invoices, the invoice summary and the forecast. The route registry lets in only members whose
 * role has manage-billing; a member of another workspace gets 404.
 */
export async function invoicingRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, routes.getBillingAccount, async (request) => {
    const billing = await workspaceBilling(app, request.params.workspaceId);
    return {
      subscriptionId: await findSubscriptionId(app.db, billing.id),
      billingProvider: billing.billingProvider ?? null,
      paymentMethodExempted: billing.paymentMethodExempted,
      manuallyBilled: billing.manuallyBilled,
      currency: billing.creditCurrency.toLowerCase(),
    };
  });

  registerRoute(app, routes.listSubscriptionInvoices, async (request) => {
    const { workspaceId, subscriptionId } = request.params;
    if ((await findSubscriptionId(app.db, workspaceId)) !== subscriptionId) {
      throw new HttpError(404, ERROR_CODES.notFound, SUBSCRIPTION_NOT_FOUND_MESSAGE);
    }
    const rows = await listInvoicesOfSubscription(app.db, workspaceId, subscriptionId);
    return rows.map(toInvoice);
  });

  registerRoute(app, routes.getInvoiceSummary, async (request) => {
    const { workspaceId } = request.params;
    const { startDate, endDate, startAfter } = request.query;
    let after: Date | null = null;
    if (startAfter !== undefined) {
      const cursor = await findInvoiceOfWorkspace(app.db, workspaceId, startAfter);
      if (!cursor) {
        throw new HttpError(400, ERROR_CODES.validation, INVOICE_CURSOR_UNKNOWN_MESSAGE, {
          issues: [{ path: 'query.startAfter', message: INVOICE_CURSOR_UNKNOWN_MESSAGE }],
        });
      }
      after = cursor.periodStart;
    }
    const rows = await listInvoicesInRange(app.db, {
      workspaceId,
      from: new Date(startDate * 1000),
      to: new Date(endDate * 1000),
      after,
      limit: INVOICE_SUMMARY_PAGE_SIZE + 1,
    });
    const page = summaryPage(rows);
    const lines = await listLinesOf(
      app.db,
      page.items.map((row) => row.id),
    );
    return {
      invoices: page.items.map((row) =>
        toSummary(
          row,
          lines.filter((line) => line.invoiceId === row.id),
        ),
      ),
      metadata: { hasMoreInvoices: page.hasMore, startAfter: page.startAfter },
    };
  });

  registerRoute(app, routes.getInvoiceForecast, async (request) => {
    const billing = await workspaceBilling(app, request.params.workspaceId);
    // A marketplace organisation pays through the marketplace: there is no invoice to forecast.
    if (billing.billingProvider === MARKETPLACE_BILLING_PROVIDER) return [];
    const now = app.clock();
    const month = monthOf(now);
    const range = monthRange(month);
    const periods = await listPlanPeriodsOverlapping(app.db, {
      workspaceId: billing.id,
      from: new Date(range.start * 1000),
      to: new Date(range.end * 1000),
    });
    const stretches = periods.map(toPlanStretch);
    const [usage, services] = await Promise.all([
      measureUsage(app, month, stretches, seconds(now)),
      listServicesOf(app.db, [billing.id]),
    ]);
    // Each service is named by its label where it has one, as on every other screen (issue 25).
    const labels = new Map(services.map((service) => [service.id, service.label]));
    return forecastForMonth({ month, stretches, plans: catalogueOf(app).tiers, usage, labels });
  });
}
