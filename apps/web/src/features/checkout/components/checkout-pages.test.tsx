import { routes } from '@herald/contract/api/routes';
import { CHECKOUT_STATE_STORAGE_KEY } from '@herald/contract/billing/checkout-state';
import type { CheckoutSession } from '@herald/contract/billing/checkout.schema';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, handle, type MockHandler } from '../../../testing/api-mock';
import { buildService, buildUser } from '../../../testing/factories';
import { createSession, renderApp } from '../../../testing/render-app';

const SLOW_TEST_MS = 30_000;
const NOW = Date.parse('2026-11-26T12:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
  window.sessionStorage.clear();
});

afterEach(() => {
  window.sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const saveState = (state: object) =>
  window.sessionStorage.setItem(
    CHECKOUT_STATE_STORAGE_KEY,
    JSON.stringify({ inProgress: true, checkoutRequestedAt: NOW - 60_000, ...state }),
  );

const createServiceState = {
  isUpgrade: false,
  resumeCheckout: false,
  serviceName: 'prices',
  selectedRegion: 'eu-west-1.aws',
  workspaceId: 'ws-1',
  billingPlan: 'xsmall',
  serviceSpecifications: { tier: 'xsmall', highAvailability: false },
  sensitiveDataFlag: false,
};

function session(overrides: Partial<CheckoutSession>): CheckoutSession {
  return {
    id: 'chk_1',
    purpose: 'create-service',
    status: 'open',
    serviceId: null,
    failureMessage: null,
    ...overrides,
  };
}

function render(path: string, ...handlers: MockHandler[]) {
  return renderApp(
    path,
    ...handlers,
    createSession(buildUser()).handler,
    handle(routes.getService, () => ({
      status: 200,
      body: buildService({ serviceId: 'svc-new', billingPlan: 'xsmall' }),
    })),
    handle(routes.getServiceStatus, () => ({
      status: 200,
      body: { serviceId: 'svc-new', status: 'RUNNING' as const },
    })),
  );
}

describe('/checkout/success', { timeout: SLOW_TEST_MS }, () => {
  it('waits for the completion event, not the redirect, then opens the created service', async () => {
    saveState(createServiceState);
    const answers: CheckoutSession['status'][] = ['open', 'open', 'complete'];
    const { api, router } = render(
      '/checkout/success?session_id=cs_1',
      handle(routes.getCheckoutSession, () => {
        const status = answers.shift() ?? 'complete';
        return {
          status: 200,
          body: session({ status, serviceId: status === 'complete' ? 'svc-new' : null }),
        };
      }),
    );
    expect(
      await screen.findByText(
        /Waiting for the payment provider to confirm your payment/,
        undefined,
        {
          timeout: 10_000,
        },
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout/success');
    await waitFor(() => expect(router.state.location.pathname).toBe('/service/svc-new'), {
      timeout: 10_000,
    });
    const calls = api.requestsTo(routes.getCheckoutSession);
    expect(calls.length).toBeGreaterThanOrEqual(3);
    expect(calls[0]?.url).toBe('/v3/workspace/ws-1/billing/checkout/cs_1');
    expect(window.sessionStorage.getItem(CHECKOUT_STATE_STORAGE_KEY)).toBeNull();
  });

  it('goes back to Billing once a new card is saved', async () => {
    saveState({ workspaceId: 'ws-1' });
    const { router } = render(
      '/checkout/success?session_id=cs_2',
      handle(routes.getCheckoutSession, () => ({
        status: 200,
        body: session({ purpose: 'update-payment-method', status: 'complete' }),
      })),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/ws-1/billing'), {
      timeout: 10_000,
    });
  });

  it('shows why the change failed after the card was stored', async () => {
    saveState(createServiceState);
    render(
      '/checkout/success?session_id=cs_3',
      handle(routes.getCheckoutSession, () => ({
        status: 200,
        body: session({
          status: 'failed',
          failureMessage: 'The service name prices was taken meanwhile.',
        }),
      })),
    );
    const alert = await screen.findByRole('alert', undefined, { timeout: 10_000 });
    expect(alert).toHaveTextContent('The payment did not go through');
    expect(alert).toHaveTextContent('The service name prices was taken meanwhile.');
    expect(window.sessionStorage.getItem(CHECKOUT_STATE_STORAGE_KEY)).toBeNull();
  });

  it('reloads once on Safari, adding reload=true (spec section 2)', async () => {
    const replace = vi.fn();
    vi.stubGlobal('location', {
      ...window.location,
      href: 'http://localhost/checkout/success?session_id=cs_1',
      replace,
    });
    vi.stubGlobal('navigator', {
      ...window.navigator,
      userAgent:
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    });
    saveState(createServiceState);
    const { api } = render(
      '/checkout/success?session_id=cs_1',
      handle(routes.getCheckoutSession, () => ({ status: 200, body: session({}) })),
    );
    await waitFor(
      () =>
        expect(replace).toHaveBeenCalledWith(
          'http://localhost/checkout/success?session_id=cs_1&reload=true',
        ),
      { timeout: 10_000 },
    );
    expect(api.requestsTo(routes.getCheckoutSession)).toHaveLength(0);
  });
});

describe('/checkout/failure', { timeout: SLOW_TEST_MS }, () => {
  it('says the payment was not completed and resumes the create-service form', async () => {
    saveState(createServiceState);
    const { router } = render('/checkout/failure');
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Payment was not completed' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/ws-1'));
    expect(
      await screen.findByRole('dialog', { name: 'Create a service' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('starts the same upgrade checkout again', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    saveState({
      isUpgrade: true,
      upgradeType: 'upgrade-service-plan',
      workspaceId: 'ws-1',
      serviceId: 'svc-1',
      serviceName: 'prices',
      billingPlan: 'medium',
    });
    const { api } = render(
      '/checkout/failure',
      handle(routes.startCheckout, () => ({
        status: 200,
        body: { stripeCheckoutSessionId: 'cs_5', checkoutUrl: '/pay/cs_5' },
      })),
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 }),
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/pay/cs_5'));
    expect(api.requestsTo(routes.startCheckout)[0]?.json).toEqual({
      purpose: 'upgrade-service-plan',
      serviceId: 'svc-1',
      billingPlan: 'medium',
    });
  });

  it('without a saved checkout offers only the way back', async () => {
    const { router } = render(
      '/checkout/failure',
      handle(routes.startCheckout, () => apiErrorResponse(500, 'x')),
    );
    expect(
      await screen.findByText(/There is no checkout to resume in this tab/, undefined, {
        timeout: 10_000,
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to services' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/ws-1'));
  });
});
