import { routes } from '@herald/contract/api/routes';
import { CHECKOUT_STATE_STORAGE_KEY } from '@herald/contract/billing/checkout-state';
import type { Role } from '@herald/contract/members/permissions';
import type { Workspace } from '@herald/contract/workspaces/workspace.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, handle, type MockHandler } from '../../../testing/api-mock';
import { buildUser, buildWorkspace } from '../../../testing/factories';
import { createSession, renderApp } from '../../../testing/render-app';
import {
  buildBillingAccount,
  buildForecastEntry,
  buildInvoice,
  buildInvoiceSummary,
} from '../testing/billing-fixtures';

const SLOW_TEST_MS = 15_000;
const seconds = (iso: string) => Date.parse(iso) / 1000;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-01-20T10:00:00Z'));
  window.sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Every billing call answered with data; a test's own handlers come first and win. */
const billingHandlers: MockHandler[] = [
  handle(routes.getBillingAccount, () => ({ status: 200, body: buildBillingAccount() })),
  handle(routes.getPaymentMethod, () => ({
    status: 200,
    body: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2027 },
  })),
  handle(routes.listSubscriptionInvoices, () => ({
    status: 200,
    body: [
      buildInvoice({ id: 'in_2', number: 'HC-0002', status: 'open', total: 3025 }),
      buildInvoice(),
    ],
  })),
  // Two pages: the second is asked for with the first's cursor.
  handle(routes.getInvoiceSummary, ({ searchParams }) =>
    searchParams.get('startAfter') === null
      ? {
          status: 200,
          body: {
            invoices: [buildInvoiceSummary('in_a', '2026-12-01T00:00:00Z', 2900, 1251)],
            metadata: { hasMoreInvoices: true, startAfter: 'in_a' },
          },
        }
      : {
          status: 200,
          body: {
            invoices: [buildInvoiceSummary('in_b', '2027-01-01T00:00:00Z', 9900)],
            metadata: { hasMoreInvoices: false, startAfter: null },
          },
        },
  ),
  handle(routes.getInvoiceForecast, () => ({ status: 200, body: [buildForecastEntry()] })),
  handle(routes.getWorkspaceCredit, () => ({
    status: 200,
    body: { amount: 12_345, currency: 'usd' },
  })),
];

async function renderBilling(
  { role = 'Owner', workspace = {} }: { role?: Role; workspace?: Partial<Workspace> } = {},
  ...handlers: MockHandler[]
) {
  const rendered = renderApp(
    '/workspace/ws-1/billing',
    ...handlers,
    ...billingHandlers,
    createSession(buildUser()).handler,
    handle(routes.listWorkspaces, () => ({
      status: 200,
      body: [
        buildWorkspace({
          users: [{ customerid: 'cus_ada', email: 'ada@example.com', roles: [role] }],
          ...workspace,
        }),
      ],
    })),
  );
  await screen.findByRole('heading', { level: 1, name: 'Billing' }, { timeout: 10_000 });
  return rendered;
}

const section = (name: string) => within(screen.getByRole('region', { name }));

describe('the billing page', { timeout: SLOW_TEST_MS }, () => {
  it('shows the card, the forecast, the summary of every page and the invoices', async () => {
    const { api } = await renderBilling();

    expect(await screen.findByText('Visa ending in 4242')).toBeInTheDocument();
    expect(section('Payment method').getByText(/Expires 12\/2027/)).toBeInTheDocument();
    expect(section('Payment method').queryByText('Expired')).not.toBeInTheDocument();

    const forecast = section('Forecast for this month');
    // The month's total, and the one service's.
    expect(await forecast.findAllByText('$30.25')).toHaveLength(2);
    expect(forecast.getByRole('table', { name: 'prices' })).toHaveTextContent(
      'XSmall plan, 1 nodePlan$29',
    );

    // Six months ending with this one, both pages summed into their months, rounded from cents.
    const summary = section('Invoice summary: last 6 months');
    expect(
      await summary.findByText(
        'From Aug 2026 to Jan 2027, invoices came to $141 in total; the highest month was Jan 2027 at $99.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(summary.getByRole('switch', { name: 'Show as table' }));
    const rows = summary
      .getByRole('table', { name: 'Invoiced per month' })
      .querySelectorAll('tbody tr');
    expect([...rows].map((row) => row.textContent)).toEqual([
      'Aug 2026$0',
      'Sep 2026$0',
      'Oct 2026$0',
      'Nov 2026$0',
      'Dec 2026$42',
      'Jan 2027$99',
    ]);
    const summaryCalls = api.requestsTo(routes.getInvoiceSummary).map((request) => request.url);
    const range = `startDate=${String(seconds('2026-08-01T00:00:00Z'))}&endDate=${String(seconds('2027-02-01T00:00:00Z') - 1)}`;
    expect(summaryCalls).toEqual([
      `/v3/workspace/ws-1/billing/invoice/summary?${range}`,
      `/v3/workspace/ws-1/billing/invoice/summary?${range}&startAfter=in_a`,
    ]);

    const invoices = section('Invoices');
    expect(await invoices.findByText('HC-0002')).toBeInTheDocument();
    expect(invoices.getByText('Due')).toBeInTheDocument();
    expect(invoices.getByText('Paid')).toBeInTheDocument();
    expect(invoices.getByText('$30.25')).toBeInTheDocument();
    expect(invoices.getAllByText('1 Oct 2026 – 31 Oct 2026')).toHaveLength(2);
    expect(invoices.getByRole('link', { name: 'View invoice HC-0001' })).toHaveAttribute(
      'href',
      'https://pay.example/invoices/in_1',
    );
    expect(api.requestsTo(routes.listSubscriptionInvoices)[0]?.url).toBe(
      '/v3/workspace/ws-1/subscription/sub_1/invoices',
    );

    expect(await section('Credit').findByText('$123')).toBeInTheDocument();
  });

  it('says a card is expired after the end of its expiry month', async () => {
    await renderBilling(
      {},
      handle(routes.getPaymentMethod, () => ({
        status: 200,
        body: { brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2026 },
      })),
    );
    expect(await screen.findByText('Mastercard ending in 4444')).toBeInTheDocument();
    expect(section('Payment method').getAllByText(/^Expired/)).toHaveLength(2);
  });

  it('shows the empty states: no card, nothing billed yet, no invoices in the range', async () => {
    const { api } = await renderBilling(
      {},
      handle(routes.getBillingAccount, () => ({
        status: 200,
        body: buildBillingAccount({ subscriptionId: null }),
      })),
      handle(routes.getPaymentMethod, () => ({ status: 200, body: null })),
      handle(routes.getInvoiceForecast, () => ({ status: 200, body: [] })),
      handle(routes.getInvoiceSummary, () => ({
        status: 200,
        body: { invoices: [], metadata: { hasMoreInvoices: false, startAfter: null } },
      })),
    );
    expect(await screen.findByText('No card on file')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add payment method' })).toBeInTheDocument();
    expect(await screen.findByText(/Nothing to charge this month/)).toBeInTheDocument();
    expect(await screen.findByText('No invoices in the last 6 months.')).toBeInTheDocument();
    expect(await screen.findByText(/^No invoices yet/)).toBeInTheDocument();
    // Without a subscription there is no invoices call to make.
    expect(api.requestsTo(routes.listSubscriptionInvoices)).toHaveLength(0);
  });

  it('names a forecast service by its label, as every other screen does (issue 25)', async () => {
    await renderBilling(
      {},
      handle(routes.getInvoiceForecast, () => ({
        status: 200,
        body: [
          buildForecastEntry({ serviceName: 'weather-station', label: 'Weather station' }),
          buildForecastEntry({ serviceName: 'no-label' }),
        ],
      })),
    );
    const forecast = section('Forecast for this month');
    expect(await forecast.findByRole('table', { name: 'Weather station' })).toBeInTheDocument();
    expect(forecast.getByRole('table', { name: 'no-label' })).toBeInTheDocument();
    expect(forecast.queryByRole('table', { name: 'weather-station' })).toBeNull();
  });

  it('shows a failed section with a retry, and the rest of the page', async () => {
    await renderBilling(
      {},
      handle(routes.getInvoiceForecast, () => apiErrorResponse(500, 'Internal server error')),
    );
    const forecast = section('Forecast for this month');
    expect(await forecast.findByRole('alert')).toHaveTextContent(
      'The forecast could not be loaded',
    );
    expect(forecast.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(await screen.findByText('Visa ending in 4242')).toBeInTheDocument();
  });

  it('updates the payment method through the checkout the server starts', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { api } = await renderBilling(
      {},
      handle(routes.updatePaymentMethod, () => ({
        status: 200,
        body: { stripeCheckoutSessionId: 'cs_1', checkoutUrl: '/pay/cs_1' },
      })),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Update payment method' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/pay/cs_1'));
    const [request] = api.requestsTo(routes.updatePaymentMethod);
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v3/workspace/ws-1/billing/update-payment-method');
    expect(request?.json).toBeUndefined();
    // Where to come back to after the card page.
    expect(JSON.parse(window.sessionStorage.getItem(CHECKOUT_STATE_STORAGE_KEY) ?? '{}')).toEqual({
      inProgress: true,
      workspaceId: 'ws-1',
      checkoutRequestedAt: Date.parse('2027-01-20T10:00:00Z'),
    });
  });

  it('tells a marketplace organisation it is billed through the marketplace', async () => {
    await renderBilling({ workspace: { provider: 'awsMarketplace' } });
    expect(await screen.findByText('Billed through AWS Marketplace')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payment method' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Invoices' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Forecast for this month' })).toBeInTheDocument();
  });

  it('shows a User no billing and asks the server nothing about it', async () => {
    const { api } = await renderBilling({ role: 'User' });
    expect(screen.getByText('Only an Admin or the Owner can see billing')).toBeInTheDocument();
    for (const route of [
      routes.getBillingAccount,
      routes.getPaymentMethod,
      routes.getInvoiceSummary,
      routes.getInvoiceForecast,
      routes.getWorkspaceCredit,
    ]) {
      expect(api.requestsTo(route)).toHaveLength(0);
    }
  });
});
