import { routes } from '@herald/contract/api/routes';
import { CHECKOUT_STATE_STORAGE_KEY } from '@herald/contract/billing/checkout-state';
import { SERVICE_NAME_REASONS } from '@herald/contract/services/service-name-check';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, handle, type MockHandler } from '../../../testing/api-mock';
import { buildService } from '../testing/fixtures';
import { renderServices } from '../testing/render-services';

/** Whole-app renders with a lazy dialog take seconds on the shared CI cores. */
const SLOW_TEST_MS = 15_000;

beforeEach(() => {
  // Only Date is faked: half of November 2026 (30 days) is left, so estimates are half a month.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-16T00:00:00Z'));
});

afterEach(() => {
  window.sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const nameHandlers: MockHandler[] = [
  handle(routes.generateServiceName, () => ({ status: 200, body: { data: 'brave-otter' } })),
  handle(routes.checkServiceName, (request) =>
    request.url.includes('/taken-name/')
      ? { status: 200, body: { valid: false, reason: SERVICE_NAME_REASONS.taken } }
      : { status: 200, body: { valid: true } },
  ),
  handle(routes.getWorkspaceCredit, () => ({
    status: 200,
    body: { amount: 12_345, currency: 'usd' },
  })),
];

/** Opens the dialog from the empty services page and waits for its form. */
async function openCreateDialog(
  options: Parameters<typeof renderServices>[0] = {},
  ...handlers: MockHandler[]
) {
  const rendered = await renderServices(options, ...handlers, ...nameHandlers);
  await userEvent.click(await screen.findByRole('button', { name: 'Create your first service' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create a service' });
  const view = within(dialog);
  // The dialog's content is a lazy chunk: its first load can take a while on shared cores.
  await view.findByRole('textbox', { name: /Service name/ }, { timeout: 10_000 });
  return { ...rendered, dialog: view };
}

function estimate(view: ReturnType<typeof within>) {
  return view.getByText(/^Estimated cost this month:/).textContent;
}

describe('the create-service dialog', { timeout: SLOW_TEST_MS }, () => {
  it('shows the form’s outline at the press and asks the proposed name, the card and the credit together (issue 25, item 23)', async () => {
    const never = () => new Promise<never>(() => {});
    const { api } = await renderServices(
      {},
      // None of them answers: a call asked only after another's answer (a waterfall) would never be sent.
      handle(routes.generateServiceName, never),
      handle(routes.getPaymentMethod, never),
      handle(routes.getWorkspaceCredit, never),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Create your first service' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a service' }));
    // The fields' shape while the proposed name is coming, not a bare spinner; Cancel already works.
    const outline = dialog.getByRole('status');
    expect(outline).toHaveTextContent('Loading plans and regions');
    expect(within(outline).getByText('Service name')).toBeInTheDocument();
    expect(within(outline).getByText('Plan')).toBeInTheDocument();
    await waitFor(() => {
      expect(api.requestsTo(routes.generateServiceName)).toHaveLength(1);
      expect(api.requestsTo(routes.getPaymentMethod)).toHaveLength(1);
      expect(api.requestsTo(routes.getWorkspaceCredit)).toHaveLength(1);
    });
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('proposes a checked name, sorts the tiers by price and shows the credit', async () => {
    const { dialog, api } = await openCreateDialog();
    expect(dialog.getByRole('textbox', { name: /Service name/ })).toHaveValue('brave-otter');
    expect(await dialog.findByText('Available')).toBeInTheDocument();
    expect(api.requestsTo(routes.checkServiceName)[0]?.url).toBe('/v3/service/brave-otter/check');
    const tiers = dialog.getAllByRole('radio').map((radio) => radio.textContent);
    expect(tiers.map((text) => text?.split(/\$|Free/)[0] ?? '')).toEqual([
      '',
      'XSmall',
      'Small',
      'Medium',
      'Large',
    ]);
    expect(tiers[0]).toMatch(/^Free/);
    expect(dialog.getByRole('radio', { name: /^Free/ })).toBeChecked();
    expect(estimate(dialog)).toBe('Estimated cost this month: $0');
    expect(await dialog.findByText('Available credit: $123')).toBeInTheDocument();
    expect(dialog.getByLabelText('Region', { selector: 'input' })).toHaveValue(
      'EU-WEST-1 (eu-west-1.aws)',
    );
    expect(dialog.getByLabelText('Version', { selector: 'input' })).toHaveValue('6.11 · latest');
  });

  it('opens with the focus on the service name, not on the close button', async () => {
    const { dialog } = await openCreateDialog();
    await waitFor(() =>
      expect(dialog.getByRole('textbox', { name: /Service name/ })).toHaveFocus(),
    );
  });

  it('says each plan once, its memory in words, and prices only what costs', async () => {
    const { dialog } = await openCreateDialog();
    // Issue 25: the Free card read "Free / Free" and the memory "512Mi".
    expect(dialog.getByRole('radio', { name: /^Free/ })).toHaveTextContent(
      /^FreeNo monthly charge512 MB memory per node$/,
    );
    expect(dialog.getByRole('radio', { name: /^Medium/ })).toHaveTextContent(
      /^Medium\$100 per node \/ month4 GB memory per node$/,
    );
    expect(dialog.queryByText(/\d(Mi|Gi)\b/)).not.toBeInTheDocument();
  });

  it('makes the plans one Tab stop that the arrow keys move through', async () => {
    const { dialog } = await openCreateDialog();
    const plans = dialog.getByRole('radiogroup', { name: 'Plan' });
    const radios = within(plans).getAllByRole('radio');
    const tabStops = () => radios.filter((radio) => radio.tabIndex === 0);
    expect(tabStops()).toEqual([within(plans).getByRole('radio', { name: /^Free/ })]);
    tabStops()[0]!.focus();
    await userEvent.keyboard('{ArrowRight}');
    const xsmall = within(plans).getByRole('radio', { name: /^XSmall/ });
    expect(xsmall).toBeChecked();
    expect(xsmall).toHaveFocus();
    expect(tabStops()).toEqual([xsmall]);
    // Tab leaves the group for the next control instead of walking through every card.
    await userEvent.tab();
    expect(dialog.getByRole('switch', { name: 'High availability' })).toHaveFocus();
  });

  it("shows the check's reason on the field and blocks submitting", async () => {
    const { dialog, api } = await openCreateDialog();
    const name = dialog.getByRole('textbox', { name: /Service name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'taken-name');
    expect(await dialog.findByText(SERVICE_NAME_REASONS.taken)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByRole('button', { name: 'Create service' })).toBeDisabled();
    // Debounced: the half-typed names were not all checked.
    expect(api.requestsTo(routes.checkServiceName).length).toBeLessThan(5);
  });

  it('prices high availability by the cluster size', async () => {
    const { dialog } = await openCreateDialog();
    const ha = dialog.getByRole('switch', { name: 'High availability' });
    expect(ha).toBeDisabled(); // Free runs on one node
    await userEvent.click(dialog.getByRole('radio', { name: /^Medium/ }));
    expect(estimate(dialog)).toBe('Estimated cost this month: $50');
    expect(ha).toBeEnabled();
    await userEvent.click(ha);
    expect(estimate(dialog)).toBe('Estimated cost this month: $150');
    expect(dialog.getAllByText('3-node cluster').length).toBeGreaterThan(0);
    await userEvent.click(dialog.getByRole('radio', { name: /^Small/ }));
    expect(estimate(dialog)).toBe('Estimated cost this month: $37.50');
  });

  it('offers the free trial for XSmall and Small only', async () => {
    const { dialog } = await openCreateDialog();
    const trial = () => dialog.queryByRole('switch', { name: 'Start a free trial' });
    expect(trial()).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('radio', { name: /^XSmall/ }));
    expect(trial()).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('radio', { name: /^Small/ }));
    expect(estimate(dialog)).toBe('Estimated cost this month: $12.50');
    await userEvent.click(trial()!);
    expect(estimate(dialog)).toBe('Estimated cost this month: $0');
    expect(dialog.getByRole('radio', { name: /^Small/ })).toHaveTextContent('Free for 30 days');
    await userEvent.click(dialog.getByRole('radio', { name: /^Medium/ }));
    expect(trial()).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('radio', { name: /^Large/ }));
    expect(trial()).not.toBeInTheDocument();
  });

  it('offers no free trial once the workspace has used it', async () => {
    const { dialog } = await openCreateDialog({ workspace: { isFreeTrialAvailable: false } });
    await userEvent.click(dialog.getByRole('radio', { name: /^XSmall/ }));
    expect(dialog.queryByRole('switch', { name: 'Start a free trial' })).not.toBeInTheDocument();
  });

  it('sends exactly the choices and opens the new service', async () => {
    const { dialog, api, router } = await openCreateDialog(
      {},
      handle(routes.createService, () => ({
        status: 201,
        body: buildService({ serviceId: 'svc-new', billingPlan: 'small' }),
      })),
    );
    await userEvent.type(dialog.getByRole('textbox', { name: 'Label' }), ' Prices feed ');
    await userEvent.click(dialog.getByLabelText('Region', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'US-EAST-1 (us-east-1.aws)' }));
    await userEvent.click(dialog.getByRole('radio', { name: /^Small/ }));
    await userEvent.click(dialog.getByRole('switch', { name: 'Start a free trial' }));
    await userEvent.click(
      dialog.getByRole('checkbox', { name: 'This service will hold sensitive data' }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Create service' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/service/svc-new'));
    const [request] = api.requestsTo(routes.createService);
    expect(request?.method).toBe('POST');
    expect(request?.json).toEqual({
      workspaceId: 'ws-1',
      serviceName: 'brave-otter',
      label: 'Prices feed',
      region: 'us-east-1.aws',
      billingPlan: 'small',
      heraldVersion: '6.11',
      highAvailability: false,
      sensitiveData: true,
      freeTrial: true,
    });
  });

  it('sends high availability and leaves out an empty label and an unoffered trial', async () => {
    const { dialog, api } = await openCreateDialog(
      {},
      handle(routes.createService, () => ({
        status: 201,
        body: buildService({ serviceId: 'svc-new' }),
      })),
    );
    await userEvent.click(dialog.getByRole('radio', { name: /^Medium/ }));
    await userEvent.click(dialog.getByRole('switch', { name: 'High availability' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create service' }));
    await waitFor(() => expect(api.requestsTo(routes.createService)).toHaveLength(1));
    expect(api.requestsTo(routes.createService)[0]?.json).toEqual({
      workspaceId: 'ws-1',
      serviceName: 'brave-otter',
      region: 'eu-west-1.aws',
      billingPlan: 'medium',
      heraldVersion: '6.11',
      highAvailability: true,
      sensitiveData: false,
    });
  });

  it('goes through checkout when the server asks for a payment method (402)', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { dialog, api } = await openCreateDialog(
      {},
      handle(routes.createService, () =>
        apiErrorResponse(402, 'A payment method is required', { code: 'PAYMENT_REQUIRED' }),
      ),
      handle(routes.startCheckout, () => ({
        status: 200,
        body: { stripeCheckoutSessionId: 'cs_9', checkoutUrl: '/pay/cs_9' },
      })),
    );
    await userEvent.click(dialog.getByRole('radio', { name: /^Medium/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create service' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/pay/cs_9'));
    expect(api.requestsTo(routes.startCheckout)[0]?.json).toEqual({
      purpose: 'create-service',
      service: {
        workspaceId: 'ws-1',
        serviceName: 'brave-otter',
        region: 'eu-west-1.aws',
        billingPlan: 'medium',
        heraldVersion: '6.11',
        highAvailability: false,
        sensitiveData: false,
      },
    });
    // The dialog handles it: no toast.
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
  });

  it(
    'starts a checkout for a paid plan without a card on file, saving the form for later',
    {
      timeout: 2 * SLOW_TEST_MS,
    },
    async () => {
      const assign = vi.fn();
      vi.stubGlobal('location', { ...window.location, assign });
      window.sessionStorage.clear();
      const { dialog, api } = await openCreateDialog(
        {},
        handle(routes.getPaymentMethod, () => ({ status: 200, body: null })),
        handle(routes.startCheckout, () => ({
          status: 200,
          body: { stripeCheckoutSessionId: 'cs_1', checkoutUrl: '/pay/cs_1' },
        })),
      );
      // Free needs no card.
      expect(dialog.getByRole('button', { name: 'Create service' })).toBeInTheDocument();
      await userEvent.click(dialog.getByRole('radio', { name: /^XSmall/ }));
      await userEvent.type(dialog.getByRole('textbox', { name: 'Label' }), 'Prices');
      expect(estimate(dialog)).toBe('Estimated cost this month: $5');
      expect(dialog.getByTestId('checkout-note')).toHaveTextContent('No valid card is on file');
      await userEvent.click(dialog.getByRole('button', { name: 'Continue to payment' }));

      await waitFor(() => expect(assign).toHaveBeenCalledWith('/pay/cs_1'));
      const service = {
        workspaceId: 'ws-1',
        serviceName: 'brave-otter',
        label: 'Prices',
        region: 'eu-west-1.aws',
        billingPlan: 'xsmall',
        heraldVersion: '6.11',
        highAvailability: false,
        sensitiveData: false,
        freeTrial: false,
      };
      const [request] = api.requestsTo(routes.startCheckout);
      expect(request?.url).toBe('/v3/workspace/ws-1/billing/checkout');
      expect(request?.json).toEqual({ purpose: 'create-service', service });
      expect(api.requestsTo(routes.createService)).toHaveLength(0);
      expect(JSON.parse(window.sessionStorage.getItem(CHECKOUT_STATE_STORAGE_KEY) ?? '{}')).toEqual(
        {
          inProgress: true,
          resumeCheckout: false,
          isUpgrade: false,
          generatedServiceName: 'brave-otter',
          serviceName: 'brave-otter',
          label: 'Prices',
          selectedRegion: 'eu-west-1.aws',
          workspaceId: 'ws-1',
          isFreeTrialActivation: false,
          billingPlan: 'xsmall',
          serviceSpecifications: { tier: 'xsmall', highAvailability: false, heraldVersion: '6.11' },
          sensitiveDataFlag: false,
          checkoutRequestedAt: Date.parse('2026-11-16T00:00:00Z'),
        },
      );
    },
  );

  it.each([
    ['a valid card', 'Create service', { exp_month: 11, exp_year: 2026 }],
    ['an expired card', 'Continue to payment', { exp_month: 10, exp_year: 2026 }],
  ])('with %s on file the button says %s', async (_, label, card) => {
    const { dialog } = await openCreateDialog(
      {},
      handle(routes.getPaymentMethod, () => ({ status: 200, body: { ...card, last4: '4242' } })),
    );
    await userEvent.click(dialog.getByRole('radio', { name: /^Small/ }));
    expect(await dialog.findByRole('button', { name: label })).toBeInTheDocument();
  });

  it('needs no card in a workspace exempted from payment', async () => {
    const { dialog } = await openCreateDialog(
      { workspace: { paymentMethodExempted: true } },
      handle(routes.getPaymentMethod, () => ({ status: 200, body: null })),
    );
    await userEvent.click(dialog.getByRole('radio', { name: /^Large/ }));
    expect(dialog.getByRole('button', { name: 'Create service' })).toBeInTheDocument();
  });

  it('reopens the form with the saved choices after "Try again" on /checkout/failure', async () => {
    window.sessionStorage.setItem(
      CHECKOUT_STATE_STORAGE_KEY,
      JSON.stringify({
        inProgress: true,
        resumeCheckout: true,
        isUpgrade: false,
        serviceName: 'saved-name',
        label: 'Saved',
        selectedRegion: 'us-east-1.aws',
        workspaceId: 'ws-1',
        billingPlan: 'medium',
        serviceSpecifications: { tier: 'medium', highAvailability: true, heraldVersion: '6.11' },
        sensitiveDataFlag: true,
        checkoutRequestedAt: Date.parse('2026-11-15T23:00:00Z'),
      }),
    );
    await renderServices({}, ...nameHandlers);
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a service' }));
    const name = await dialog.findByRole('textbox', { name: /Service name/ }, { timeout: 10_000 });
    expect(name).toHaveValue('saved-name');
    expect(dialog.getByRole('textbox', { name: 'Label' })).toHaveValue('Saved');
    expect(dialog.getByRole('radio', { name: /^Medium/ })).toBeChecked();
    expect(dialog.getByRole('switch', { name: 'High availability' })).toBeChecked();
    expect(
      dialog.getByRole('checkbox', { name: 'This service will hold sensitive data' }),
    ).toBeChecked();
    // Taken once: a reload does not reopen it.
    expect(window.sessionStorage.getItem(CHECKOUT_STATE_STORAGE_KEY)).toBeNull();
  });

  it("puts a 400's issues on the fields", async () => {
    const { dialog } = await openCreateDialog(
      {},
      handle(routes.createService, () =>
        apiErrorResponse(400, 'Invalid request', {
          code: 'VALIDATION_FAILED',
          issues: [{ path: 'body.label', message: 'Label is too long' }],
        }),
      ),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Create service' }));
    expect(await dialog.findByText('Label is too long')).toBeInTheDocument();
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });
});
