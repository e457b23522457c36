import { routes } from '@herald/contract/api/routes';
import { CHECKOUT_STATE_STORAGE_KEY } from '@herald/contract/billing/checkout-state';
import type { Tier } from '@herald/contract/metadata/metadata.schema';
import { SERVICE_MESSAGES } from '@herald/contract/messages';
import type { Service } from '@herald/contract/services/service.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, handle, type MockHandler } from '../../../testing/api-mock';
import { buildService } from '../../../testing/factories';
import { renderService } from '../testing/render-service';

const SLOW_TEST_MS = 30_000;

beforeEach(() => {
  // Exactly half of November 2026 is left: estimates are half the monthly difference.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-16T00:00:00Z'));
  window.sessionStorage.clear();
});

afterEach(() => {
  window.sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const tier = (
  billingPlan: string,
  displayName: string,
  perNode: number,
  clusterSize = 3,
): Tier => ({
  billingPlan,
  displayName,
  pricing: { perNode },
  nodeSpec: { memory: '1Gi' },
  ha: { clusterSize },
});
const tiers = [
  tier('free', 'Free', 0, 1),
  tier('basic', 'Basic', 2_900, 1),
  tier('small', 'Small', 9_900),
  tier('medium', 'Medium', 29_900),
];
const metadata = handle(routes.getMetadata, () => ({
  status: 200,
  body: {
    tiers,
    heraldVersions: [{ tag: '6.9.2' }],
    adapterVersions: [],
    latestHeraldVersion: '6.9.2',
    regions: ['eu-west-1.aws'],
  },
}));
const noScheduledUpdate = handle(routes.getScheduledUpdate, () =>
  apiErrorResponse(404, SERVICE_MESSAGES.noScheduledUpdateForService),
);

async function openSettings(service: Service, ...handlers: MockHandler[]) {
  const rendered = renderService('/service/svc-1/settings', {
    service,
    handlers: [...handlers, metadata, noScheduledUpdate],
  });
  await screen.findByRole('heading', { level: 1, name: 'Settings' }, { timeout: 10_000 });
  return rendered;
}

const basic = buildService({ billingPlan: 'basic', upgradeAvailable: true });
const small = buildService({ billingPlan: 'small', upgradeAvailable: false });

async function openPlanDialog(service: Service, ...handlers: MockHandler[]) {
  const rendered = await openSettings(service, ...handlers);
  await userEvent.click(await screen.findByRole('button', { name: 'Change plan' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Upgrade your plan' }));
  await dialog.findByRole('radio', { name: /^Small/ });
  return { ...rendered, dialog };
}

describe('plan upgrades (spec sections 2 and 8)', { timeout: SLOW_TEST_MS }, () => {
  it('offers the higher plans priced per node with the prorated difference, and upgrades', async () => {
    const { dialog, api } = await openPlanDialog(
      basic,
      handle(routes.upgradeServicePlan, () => ({
        status: 200,
        body: buildService({ billingPlan: 'medium', upgradeAvailable: false }),
      })),
    );
    expect(dialog.getAllByRole('radio').map((radio) => radio.getAttribute('aria-label'))).toEqual([
      'Small, $99 per node a month',
      'Medium, $299 per node a month',
    ]);
    expect(dialog.getByTestId('plan-change-estimate')).toHaveTextContent(
      'Estimated extra this month: $35',
    );
    // One Tab stop for the plans (the checked one), memory said for people (issue 25).
    const tabStops = () => dialog.getAllByRole('radio').filter((radio) => radio.tabIndex === 0);
    expect(tabStops()).toEqual([dialog.getByRole('radio', { name: /^Small/ })]);
    expect(dialog.getByRole('radio', { name: /^Small/ })).toHaveTextContent(/MB|GB/);
    expect(dialog.getByRole('radio', { name: /^Small/ })).not.toHaveTextContent(/\d(Mi|Gi)\b/);
    await userEvent.click(dialog.getByRole('radio', { name: /^Medium/ }));
    expect(tabStops()).toEqual([dialog.getByRole('radio', { name: /^Medium/ })]);
    expect(dialog.getByTestId('plan-change-estimate')).toHaveTextContent(
      'Estimated extra this month: $135',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Upgrade to Medium' }));
    expect(await screen.findByText('prices is now on the Medium plan.')).toBeInTheDocument();
    const [request] = api.requestsTo(routes.upgradeServicePlan);
    expect(request?.method).toBe('PUT');
    expect(request?.url).toBe('/v3/service/svc-1/upgrade-service-plan');
    expect(request?.json).toEqual({ billingPlan: 'medium' });
  });

  it('starts a checkout for the upgrade when no card is on file (402)', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { dialog, api } = await openPlanDialog(
      basic,
      handle(routes.upgradeServicePlan, () =>
        apiErrorResponse(402, 'A payment method is required', { code: 'PAYMENT_REQUIRED' }),
      ),
      handle(routes.startCheckout, () => ({
        status: 200,
        body: { stripeCheckoutSessionId: 'cs_7', checkoutUrl: '/pay/cs_7' },
      })),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Upgrade to Small' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/pay/cs_7'));
    const [request] = api.requestsTo(routes.startCheckout);
    expect(request?.url).toBe('/v3/workspace/ws-1/billing/checkout');
    expect(request?.json).toEqual({
      purpose: 'upgrade-service-plan',
      serviceId: 'svc-1',
      billingPlan: 'small',
    });
    expect(JSON.parse(window.sessionStorage.getItem(CHECKOUT_STATE_STORAGE_KEY) ?? '{}')).toEqual({
      inProgress: true,
      resumeCheckout: false,
      isUpgrade: true,
      upgradeType: 'upgrade-service-plan',
      workspaceId: 'ws-1',
      serviceId: 'svc-1',
      serviceName: 'prices',
      billingPlan: 'small',
      checkoutRequestedAt: Date.parse('2026-11-16T00:00:00Z'),
    });
  });

  it("shows section 8's text when the payment fails ('Error updating subscription')", async () => {
    const { dialog } = await openPlanDialog(
      basic,
      handle(routes.upgradeServicePlan, () =>
        apiErrorResponse(500, 'Error updating subscription', { code: 'PAYMENT_FAILED' }),
      ),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Upgrade to Small' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'The service upgrade failed due to a payment related problem. Please check that the payment details on your account are correct and current.',
    );
  });

  it('turns high availability on with the resize-cluster call and its own failure text', async () => {
    const { api } = await openSettings(
      small,
      handle(routes.resizeCluster, () =>
        apiErrorResponse(500, 'Error updating subscription', { code: 'PAYMENT_FAILED' }),
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on high availability' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Turn on high availability' }));
    // 2 more nodes at $99, for half the month.
    expect(dialog.getByTestId('resize-estimate')).toHaveTextContent(
      'Estimated extra this month: $99',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Turn on' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'The cluster resize failed due to a payment related problem. Please check that the payment details on your account are correct and current.',
    );
    expect(api.requestsTo(routes.resizeCluster)[0]?.json).toEqual({ highAvailability: true });
  });

  it('opens the plan-change dialog from the upgrade block of the navigation', async () => {
    await openSettings(basic);
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade your Plan' }));
    expect(await screen.findByRole('dialog', { name: 'Upgrade your plan' })).toBeInTheDocument();
  });

  it('on the free plan the upgrade block opens the unable-to-downgrade modal', async () => {
    await openSettings(buildService({ billingPlan: 'free', upgradeAvailable: true }));
    expect(screen.getByText('Go to the next level')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade your Plan' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'This plan cannot be changed' }),
    );
    expect(dialog.getByText(/A Free service cannot be moved to another plan/)).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'Create a paid service' })).toHaveAttribute(
      'href',
      '/workspace/ws-1',
    );
    // Nor does the settings page offer a plan change for it.
    expect(screen.queryByRole('button', { name: 'Change plan' })).not.toBeInTheDocument();
  });

  it('shows a User the plan but no way to change it', async () => {
    renderService('/service/svc-1/settings', {
      service: basic,
      roles: ['User'],
      handlers: [metadata, noScheduledUpdate],
    });
    expect(
      await screen.findByText('Only an Admin or the Owner can change the plan.', undefined, {
        timeout: 10_000,
      }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Change plan' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Upgrade your Plan' })).not.toBeInTheDocument();
  });
});
