import { DAY_MS } from '@herald/contract/billing/free-trial-timeline';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildService } from '../testing/fixtures';
import { renderServices } from '../testing/render-services';

/** Whole-app renders take seconds on the shared CI cores. */
const SLOW_TEST_MS = 15_000;

async function cardOf(name: string) {
  const heading = await screen.findByRole('heading', { level: 2, name });
  const card = heading.closest('a');
  if (!card) throw new Error(`no card for ${name}`);
  return within(card);
}

describe(
  'free trials on the services page (spec sections 4 and 9)',
  { timeout: SLOW_TEST_MS },
  () => {
    it('shows the days left and the messages used on a trial service card', async () => {
      await renderServices({
        services: [
          buildService({
            serviceId: 'svc-1',
            label: 'Trial feed',
            billingPlan: 'freeTrial',
            freeTrial: true,
            trialEndsAt: Date.now() + 4 * DAY_MS + 60_000,
            trialMessagesUsed: 180_000_000,
          }),
        ],
      });
      const card = await cardOf('Trial feed');
      expect(card.getByText('Free trial · 5 days left')).toBeInTheDocument();
      expect(card.getByText(/180 million of 200 million messages used/)).toBeInTheDocument();
    });

    it('says a suspended trial service is suspended and when it goes, without a link inside the card', async () => {
      await renderServices({
        services: [
          buildService({
            serviceId: 'svc-1',
            label: 'Trial feed',
            billingPlan: 'freeTrial',
            freeTrial: true,
            status: 'SUSPENDED',
            suspensionReason: 'LIMIT_EXHAUSTED',
            removalDueAt: Date.UTC(2027, 2, 11),
          }),
        ],
        workspace: { closureReason: 'LIMIT_EXHAUSTED' },
      });
      const card = await cardOf('Trial feed');
      expect(
        card.getByText('Suspended: the free trial used all of its messages'),
      ).toBeInTheDocument();
      expect(card.getByText(/removed on 11 March 2027/)).toBeInTheDocument();
      expect(card.queryAllByRole('link')).toHaveLength(0);

      const notice = screen.getByRole('status', { name: /New services are paused/ });
      expect(within(notice).getByText(/used all of its 200 million messages/)).toBeInTheDocument();
      expect(within(notice).getByRole('link', { name: 'Go to Billing' })).toHaveAttribute(
        'href',
        '/workspace/ws-1/billing',
      );
    });

    it('tells a User to ask an Admin or Owner about the blocked organisation', async () => {
      await renderServices({ role: 'User', workspace: { closureReason: 'TRIAL_END' } });
      const notice = screen.getByRole('status', { name: /New services are paused/ });
      expect(within(notice).getByText(/Ask an Admin or Owner/)).toBeInTheDocument();
      expect(within(notice).queryByRole('link')).not.toBeInTheDocument();
    });

    it('says nothing when the organisation is not blocked', async () => {
      await renderServices({ workspace: { closureReason: 'inactive' } });
      expect(screen.queryByText('New services are paused')).not.toBeInTheDocument();
    });
  },
);
