import type {
  ForecastEntry,
  Invoice,
  InvoiceSummary,
} from '@herald/contract/billing/billing.schema';
import type { BillingAccount } from '@herald/contract/billing/checkout.schema';

const seconds = (iso: string) => Date.parse(iso) / 1000;

export function buildBillingAccount(overrides: Partial<BillingAccount> = {}): BillingAccount {
  return {
    subscriptionId: 'sub_1',
    billingProvider: null,
    paymentMethodExempted: false,
    manuallyBilled: false,
    currency: 'usd',
    ...overrides,
  };
}

export function buildInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 'in_1',
    number: 'HC-0001',
    status: 'paid',
    currency: 'usd',
    total: 2900,
    amountDue: 0,
    periodStart: seconds('2026-10-01T00:00:00Z'),
    periodEnd: seconds('2026-11-01T00:00:00Z'),
    created: seconds('2026-11-01T00:05:00Z'),
    hostedInvoiceUrl: 'https://pay.example/invoices/in_1',
    ...overrides,
  };
}

export function buildInvoiceSummary(
  id: string,
  periodStart: string,
  ...amounts: number[]
): InvoiceSummary {
  return {
    id,
    periodStart: seconds(periodStart),
    currency: 'usd',
    lineItems: amounts.map((amount, index) => ({
      entityType: 'service',
      chargeType: index === 0 ? 'rate' : 'usage',
      price: { amount },
      name: `line ${String(index + 1)}`,
    })),
  };
}

export function buildForecastEntry(overrides: Partial<ForecastEntry> = {}): ForecastEntry {
  return {
    serviceName: 'prices',
    lineItems: [
      {
        entityType: 'service',
        chargeType: 'rate',
        price: { amount: 2900 },
        name: 'XSmall plan, 1 node',
      },
      { entityType: 'service', chargeType: 'usage', price: { amount: 125 }, name: 'Messages' },
    ],
    ...overrides,
  };
}
