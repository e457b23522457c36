import { DAY_MS } from '@herald/contract/billing/free-trial-timeline';
import { render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildService } from '../../../testing/factories';
import { TestProviders } from '../../../testing/render';
import { renderService } from '../testing/render-service';
import { TrialStatus } from './trial-status';

/** The first render loads the gate, the layouts and the lazy page: slow on busy shared cores. */
const FIRST_RENDER_TIMEOUT_MS = 10_000;
const NOW = Date.UTC(2027, 0, 20, 12);

const running = buildService({
  billingPlan: 'freeTrial',
  freeTrial: true,
  trialEndsAt: Date.now() + 11 * DAY_MS + 3_600_000,
  trialMessagesUsed: 42_000_000,
});
const suspended = buildService({
  billingPlan: 'freeTrial',
  freeTrial: true,
  status: 'SUSPENDED',
  suspensionReason: 'TRIAL_END',
  trialEndsAt: NOW - DAY_MS,
  removalDueAt: Date.UTC(2027, 1, 18),
});

async function axeViolations(container: HTMLElement) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((violation) => violation.id);
}

describe('the free trial on the service overview (spec section 9)', () => {
  it('shows the days left and the messages used', async () => {
    renderService('/service/svc-1', { service: running });
    const panel = await screen.findByRole(
      'region',
      { name: 'Free trial · 12 days left' },
      { timeout: FIRST_RENDER_TIMEOUT_MS },
    );
    expect(within(panel).getByText('42 million of 200 million messages used')).toBeInTheDocument();
    expect(within(panel).getByRole('progressbar', { name: 'Trial messages used' })).toHaveAttribute(
      'aria-valuenow',
      '21',
    );
  });

  it('tells an Owner why the service is suspended, when it goes, and links to Billing', async () => {
    renderService('/service/svc-1', { service: suspended });
    const panel = await screen.findByRole(
      'region',
      { name: 'Suspended: the free trial ended' },
      { timeout: FIRST_RENDER_TIMEOUT_MS },
    );
    expect(
      within(panel).getByText('It will be removed on 18 February 2027 unless a card is added.'),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Add a card in Billing' })).toHaveAttribute(
      'href',
      '/workspace/ws-1/billing',
    );
  });

  it('tells a User to ask an Admin or Owner instead of linking to Billing', async () => {
    renderService('/service/svc-1', { service: suspended, roles: ['User'] });
    const panel = await screen.findByRole(
      'region',
      { name: 'Suspended: the free trial ended' },
      { timeout: FIRST_RENDER_TIMEOUT_MS },
    );
    expect(within(panel).queryByRole('link')).not.toBeInTheDocument();
    expect(
      within(panel).getByText(/Ask an Admin or Owner of this organisation to add a card/),
    ).toBeInTheDocument();
  });

  it('shows nothing for a service that is not a trial', () => {
    render(
      <TestProviders>
        <MemoryRouter>
          <TrialStatus
            service={buildService({ billingPlan: 'small' })}
            canManageBilling
            now={NOW}
          />
        </MemoryRouter>
      </TestProviders>,
    );
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByText(/Free trial/)).not.toBeInTheDocument();
  });

  it.each([
    ['running', { ...running, trialEndsAt: NOW + 3 * DAY_MS }],
    ['suspended', suspended],
  ])('has no axe violations while %s', async (_label, service) => {
    const { container } = render(
      <TestProviders>
        <MemoryRouter>
          <TrialStatus service={service} canManageBilling now={NOW} />
        </MemoryRouter>
      </TestProviders>,
    );
    expect(await axeViolations(container)).toEqual([]);
  });
});
