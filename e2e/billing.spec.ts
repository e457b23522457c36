import type { Page, TestInfo } from '@playwright/test';
import { newAccount } from './fixtures/accounts';
import { signedIn } from './fixtures/session';
import { test, expect, expectAccessible } from './fixtures/test';

const SERVICE_URL = /\/service\/[0-9a-f]{12}$/;
const WIDTHS = [1440, 360] as const;

/**
 * axe (which reads both widths and both schemes itself), and a screenshot at each width for looking at
 * (test-results/…/billing-<name>-<width>.png).
 */
async function checkAtBothWidths(page: Page, testInfo: TestInfo, name: string) {
  await expectAccessible(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: testInfo.outputPath(`billing-${name}-${width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The built-in checkout's card page (Stripe's flow): a test card, any future expiry and CVC. */
async function payWithCard(page: Page, number: string) {
  await expect(page).toHaveURL(/\/pay\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Add a card' })).toBeVisible();
  await page.getByLabel('Cardholder name').fill('Ada Lovelace');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
}

test('a workspace pays for a paid service through the built-in checkout, sees its card and forecast, upgrades the plan, and comes back from a cancelled checkout', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await signedIn(page, newAccount({ company: 'Paying Customers' }));
  const workspaceId = new URL(page.url()).pathname.split('/').pop()!;

  // Billing before anything is paid: no card, nothing billed.
  await page
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('link', { name: 'Billing' })
    .click();
  await expect(page).toHaveURL(`/workspace/${workspaceId}/billing`);
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expect(page.getByText('No card on file')).toBeVisible();
  await expect(page.getByText(/^No invoices yet/)).toBeVisible();
  await expect(page.getByText('No invoices in the last 6 months.')).toBeVisible();
  await expect(page.getByText(/Nothing to charge this month/)).toBeVisible();
  await checkAtBothWidths(page, testInfo, 'empty');

  // A paid XSmall service without a card: the form shows the estimate and goes to checkout.
  await page
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('link', { name: 'Services' })
    .click();
  await page.getByRole('button', { name: 'Create your first service' }).click();
  const modal = page.getByRole('dialog', { name: 'Create a service' });
  const serviceName = `paid-${Date.now().toString(36)}`;
  await modal.getByLabel('Service name').fill(serviceName);
  await modal.getByRole('radio', { name: /^XSmall/ }).click();
  await expect(modal.getByTestId('checkout-estimate')).toHaveText(
    /^Estimated cost this month: \$\d/,
  );
  await expect(modal.getByTestId('checkout-note')).toBeVisible();
  await expectAccessible(page);
  await modal.getByRole('button', { name: 'Continue to payment' }).click();

  // Cancelled on the card page: /checkout/failure, then "Try again" reopens the form as it was.
  await expect(page.getByRole('heading', { name: 'Add a card' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Cancel and return' }).click();
  await expect(page).toHaveURL(/\/checkout\/failure/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Payment was not completed' }),
  ).toBeVisible();
  await checkAtBothWidths(page, testInfo, 'checkout-failure');
  await page.getByRole('button', { name: 'Try again' }).click();
  const resumed = page.getByRole('dialog', { name: 'Create a service' });
  await expect(resumed.getByLabel('Service name')).toHaveValue(serviceName);
  await expect(resumed.getByRole('radio', { name: /^XSmall/ })).toBeChecked();
  await resumed.getByRole('button', { name: 'Continue to payment' }).click();

  // Paid with 4242: the success page waits for the completion event, then opens the created service.
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(SERVICE_URL, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: serviceName })).toBeVisible();
  const serviceStatus = page.getByRole('status', { name: 'Service status' });
  await expect(serviceStatus.getByText('Running', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  const serviceId = new URL(page.url()).pathname.split('/').pop()!;

  // The success page confirms for a moment and moves on, and a checkout confirmed is not confirmed again: axe reads it
  // opened with nothing to confirm (docs/decisions/045).
  await page.goto('/checkout/success');
  await expect(page.getByRole('heading', { level: 1, name: 'Nothing to confirm' })).toBeVisible();
  await expectAccessible(page);

  // The card is on the Billing page, and the service in this month's forecast.
  await page.goto(`/workspace/${workspaceId}/billing`);
  await expect(page.getByText('Visa ending in 4242')).toBeVisible();
  await expect(page.getByText(/^Expires 12\/2034/)).toBeVisible();
  const forecast = page.getByRole('region', { name: 'Forecast for this month' });
  await expect(forecast.getByRole('table', { name: serviceName })).toBeVisible();
  await checkAtBothWidths(page, testInfo, 'with-card');

  // Upgrade the plan from the service's settings: with a card on file it is charged at once.
  await page.goto(`/service/${serviceId}/settings`);
  await page.getByRole('button', { name: 'Change plan' }).click();
  const planDialog = page.getByRole('dialog', { name: 'Upgrade your plan' });
  await planDialog.getByRole('radio', { name: /^Small/ }).click();
  await expect(planDialog.getByTestId('plan-change-estimate')).toHaveText(
    /^Estimated extra this month: \$\d/,
  );
  await checkAtBothWidths(page, testInfo, 'plan-change');
  await planDialog.getByRole('button', { name: 'Upgrade to Small' }).click();
  await expect(page.getByText(`${serviceName} is now on the Small plan.`)).toBeVisible();
  const planSection = page.getByRole('region', { name: 'Plan and size' });
  await expect(planSection.getByText('Small', { exact: true })).toBeVisible();
  await checkAtBothWidths(page, testInfo, 'settings');

  // A new card through "Update payment method".
  await page.goto(`/workspace/${workspaceId}/billing`);
  await page.getByRole('button', { name: 'Update payment method' }).click();
  await payWithCard(page, '5555 5555 5555 4444');
  await expect(page).toHaveURL(`/workspace/${workspaceId}/billing`, { timeout: 30_000 });
  await expect(page.getByText('Mastercard ending in 4444')).toBeVisible();
});

/**
 * The chart itself, drawn by the lazily loaded chart library, at both widths. No invoice can exist yet on a server
 * whose clock runs in real time (the invoicing run invoices ended months, and a new workspace has none), so this one
 * answer, the summary pages, comes from the test; the session, the page and every other call are the real server's.
 */
test('the invoice summary draws its months as a chart with a text summary and a table', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signedIn(page, newAccount({ company: 'Chart Readers' }));
  const workspaceId = new URL(page.url()).pathname.split('/').pop()!;
  const now = new Date();
  const monthStart = (back: number) =>
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1) / 1000;
  const invoice = (id: string, back: number, ...amounts: number[]) => ({
    id,
    periodStart: monthStart(back),
    currency: 'usd',
    lineItems: amounts.map((amount, index) => ({
      entityType: 'service',
      chargeType: index === 0 ? 'rate' : 'usage',
      price: { amount },
      name: `line ${String(index)}`,
    })),
  });
  await page.route('**/billing/invoice/summary?*', async (route) => {
    const startAfter = new URL(route.request().url()).searchParams.get('startAfter');
    await route.fulfill({
      json:
        startAfter === null
          ? {
              invoices: [invoice('in_1', 2, 2900, 150), invoice('in_2', 1, 9900)],
              metadata: { hasMoreInvoices: true, startAfter: 'in_2' },
            }
          : {
              invoices: [invoice('in_3', 0, 4251)],
              metadata: { hasMoreInvoices: false, startAfter: null },
            },
    });
  });
  await page.goto(`/workspace/${workspaceId}/billing`);
  const summary = page.getByRole('region', { name: 'Invoice summary: last 6 months' });
  // The chart library is a chunk of its own: slow to arrive on a busy machine.
  await expect(summary.getByText(/invoices came to \$172 in total/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(summary.locator('[data-billing-chart] .recharts-bar-rectangle')).toHaveCount(6, {
    timeout: 30_000,
  });
  await checkAtBothWidths(page, testInfo, 'chart');
  await summary.getByRole('switch', { name: 'Show as table' }).click();
  const rows = summary.getByRole('table', { name: 'Invoiced per month' }).locator('tbody tr');
  await expect(rows).toHaveCount(6);
  await expect(rows.last()).toContainText('$43');
  await expectAccessible(page);
});
