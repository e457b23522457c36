import type { ForecastEntry, LineItem } from './billing.schema';
import {
  invoiceLinesForMonth,
  type InvoiceLineDraft,
  type PlanStretch,
  type PlanUsage,
  type PricedPlan,
} from './invoice-lines';
import type { InvoiceMonth } from './invoice-month';

/** A drafted or stored line as the API shows it (spec section 3 lineItems). */
export function toLineItem(
  line: Pick<InvoiceLineDraft, 'entityType' | 'chargeType' | 'amount' | 'name'>,
): LineItem {
  return {
    entityType: line.entityType,
    chargeType: line.chargeType,
    price: { amount: line.amount },
    name: line.name,
  };
}

/**
 * The invoice summary names the service on each line (one invoice lists every service); the forecast groups lines
 * under the service's name, so its lines do not repeat it.
 */
export function summaryLineName(serviceName: string, name: string): string {
  return `${serviceName}: ${name}`;
}

export interface ForecastInput {
  month: InvoiceMonth;
  /** The month's plan periods; an open one is expected to run to the end of the month. */
  stretches: readonly PlanStretch[];
  plans: readonly PricedPlan[];
  /** Billed messages so far this month, per service and plan. */
  usage: readonly PlanUsage[];
  /** The services' labels by id (a service without one, or removed since, is named by its service name). */
  labels?: ReadonlyMap<string, string | null>;
}

/**
 * The forecast (spec section 3 "Forecast entry", GET .../billing/invoice/forecast): what this month's invoice will
 * hold if nothing changes: rates for the whole month at the current plans (and the stretches already behind) plus
 * the usage so far. One entry per service that will be charged, by service name; free services are left out.
 */
export function forecastForMonth(input: ForecastInput): ForecastEntry[] {
  const { lines } = invoiceLinesForMonth(input);
  const entries = new Map<string, ForecastEntry>();
  for (const line of lines) {
    const entry = entries.get(line.serviceId);
    if (entry) entry.lineItems.push(toLineItem(line));
    else {
      const label = input.labels?.get(line.serviceId);
      entries.set(line.serviceId, {
        serviceName: line.serviceName,
        ...(label ? { label } : {}),
        lineItems: [toLineItem(line)],
      });
    }
  }
  return [...entries.values()];
}
