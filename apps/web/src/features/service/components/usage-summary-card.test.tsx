import { routes } from '@herald/contract/api/routes';
import { usagePeriodRange } from '@herald/contract/usage/usage-periods';
import { usageSummaryRequests } from '@herald/contract/usage/usage-screen';
import { OpenFeature } from '@openfeature/react-sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, handle } from '../../../testing/api-mock';
import { usageHandler } from '../../../testing/usage-mock';
import { renderService, turnOnFlags } from '../testing/render-service';

/** The first render loads the gate, the layouts and the lazy page: slow on busy shared cores. */
const FIRST_RENDER_TIMEOUT_MS = 10_000;
const NOW = new Date('2026-11-25T10:30:00Z');
const week = usagePeriodRange('isoWeek', NOW, -NOW.getTimezoneOffset());

const fixture = {
  messages: [{ timestamp: week.from + 3600, value: 120 }],
  published: [{ timestamp: week.from + 3600, value: 100 }],
  bytes: 2_500,
  sessions: [{ timestamp: week.from + 3600, value: 4 }],
  topics: [{ timestamp: week.from + 3600, value: 7 }],
};

function queriesOf(requests: { url: string }[]) {
  return requests.map((request) =>
    Object.fromEntries(new URL(request.url, 'http://localhost').searchParams),
  );
}

async function findUsageSection() {
  return within(
    await screen.findByRole('region', { name: 'Usage' }, { timeout: FIRST_RENDER_TIMEOUT_MS }),
  );
}

afterEach(async () => {
  vi.useRealTimers();
  await OpenFeature.clearProviders();
});

describe(
  'the overview’s usage section (issue 12; spec sections 2, 8 and 9)',
  { timeout: 30_000 },
  () => {
    it('shows this week’s totals from the summary calls (no series), and links to the usage screen', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(NOW);
      await turnOnFlags('billing.graphs');
      const { api } = renderService('/service/svc-1', { handlers: [usageHandler(fixture)] });
      const usage = await findUsageSection();
      await waitFor(() =>
        expect(usage.getByText('Messages billed').nextSibling).toHaveTextContent('120'),
      );
      // Issue 25: in and out apart, and what is billed said in words.
      expect(usage.getByText('Messages in').nextSibling).toHaveTextContent('100');
      expect(usage.getByText('Messages out').nextSibling).toHaveTextContent('20');
      expect(
        usage.getByText(
          'Billed messages are the messages clients publish (in) plus the messages delivered to subscribers (out).',
        ),
      ).toBeInTheDocument();
      expect(usage.getByText('Data').nextSibling).toHaveTextContent('2.5 kB');
      expect(usage.getByText('Sessions peak').nextSibling).toHaveTextContent('4');
      expect(usage.getByText('Topics peak').nextSibling).toHaveTextContent('7');
      expect(usage.getByRole('combobox', { name: 'Usage period' })).toHaveValue('isoWeek');
      const expected = usageSummaryRequests(week).map((request) =>
        Object.fromEntries(Object.entries(request).map(([key, value]) => [key, String(value)])),
      );
      expect(queriesOf(api.requestsTo(routes.getUsage))).toEqual(expect.arrayContaining(expected));
      expect(api.requestsTo(routes.getUsage)).toHaveLength(3);
      expect(usage.getByRole('link', { name: 'View usage' })).toHaveAttribute(
        'href',
        '/service/svc-1/metrics',
      );

      await userEvent.selectOptions(usage.getByRole('combobox', { name: 'Usage period' }), 'day');
      await waitFor(() => expect(api.requestsTo(routes.getUsage)).toHaveLength(6));
      expect(usage.getByRole('link', { name: 'View usage' })).toHaveAttribute(
        'href',
        '/service/svc-1/metrics?period=day',
      );
    });

    it('swallows a failure: dashes and one quiet sentence, no alert and no toast', async () => {
      await turnOnFlags('billing.graphs');
      renderService('/service/svc-1', {
        handlers: [
          handle(routes.getUsage, () =>
            apiErrorResponse(503, 'Metrics store unavailable', { code: 'UNAVAILABLE' }),
          ),
        ],
      });
      const usage = await findUsageSection();
      expect(await usage.findByText('Usage is not available right now.')).toBeInTheDocument();
      expect(usage.getByText('Messages billed').nextSibling).toHaveTextContent('–');
      expect(usage.getByText('Data').nextSibling).toHaveTextContent('–');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByText('Metrics store unavailable')).not.toBeInTheDocument();
      // The rest of the overview is unaffected.
      expect(await screen.findByText('12 / 1000')).toBeInTheDocument();
    });

    it('is not there, and asks for nothing, when billing.graphs is off', async () => {
      await turnOnFlags();
      const { api } = renderService('/service/svc-1', { handlers: [usageHandler(fixture)] });
      await screen.findByText('12 / 1000', {}, { timeout: FIRST_RENDER_TIMEOUT_MS });
      expect(screen.queryByRole('region', { name: 'Usage' })).not.toBeInTheDocument();
      expect(api.requestsTo(routes.getUsage)).toHaveLength(0);
    });
  },
);
