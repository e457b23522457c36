import { routes } from '@herald/contract/api/routes';
import { HOURLY_USAGE_REFRESH_MS, type UsagePeriod } from '@herald/contract/constants';
import { usagePeriodRange } from '@herald/contract/usage/usage-periods';
import { usageRequests } from '@herald/contract/usage/usage-screen';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InMemoryProvider, OpenFeature } from '@openfeature/react-sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, handle } from '../../../testing/api-mock';
import { renderServicePage } from '../../../testing/render-service-page';
import { usageHandler, type UsageFixture } from '../../../testing/usage-mock';

/** The first render loads the gate, the layouts and the lazy page: slow on busy shared cores. */
const FIRST_RENDER_TIMEOUT_MS = 10_000;

/** A Wednesday morning. */
const NOW = new Date('2026-11-25T10:30:00Z');

function rangeOf(period: UsagePeriod) {
  return usagePeriodRange(period, NOW, -NOW.getTimezoneOffset());
}

const week = rangeOf('isoWeek');
const DAY = 86_400;

/** 800 messages on Tuesday and 434 on Wednesday; the other days have no points (the UI zero-fills them). */
const fixture: UsageFixture = {
  messages: [
    { timestamp: week.from + DAY, value: 800 },
    { timestamp: week.from + 2 * DAY, value: 434 },
  ],
  published: [
    { timestamp: week.from + DAY, value: 700 },
    { timestamp: week.from + 2 * DAY, value: 300 },
  ],
  bytes: 1_234_567,
  sessions: [
    { timestamp: week.from + DAY, value: 12 },
    { timestamp: week.from + 2 * DAY, value: 3 },
  ],
  topics: [{ timestamp: week.from + DAY, value: 40 }],
};

/** The query strings the page sent, as the contract's requests (numbers as the URL carries them). */
function sentQueries(requests: { url: string }[]) {
  return requests.map((request) =>
    Object.fromEntries(new URL(request.url, 'http://localhost').searchParams),
  );
}

function expectedQueries(period: UsagePeriod) {
  return usageRequests(rangeOf(period)).map((request) =>
    Object.fromEntries(Object.entries(request).map(([key, value]) => [key, String(value)])),
  );
}

async function turnOnUsage() {
  await OpenFeature.setProviderAndWait(
    new InMemoryProvider({
      'billing.graphs': { variants: { on: true }, defaultVariant: 'on', disabled: false },
    }),
  );
}

function region(name: string) {
  return within(screen.getByRole('region', { name }));
}

beforeEach(async () => {
  await turnOnUsage();
});

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await OpenFeature.clearProviders();
});

describe('the usage screen (spec sections 2, 3, 4 and 9)', { timeout: 30_000 }, () => {
  it('opens on the weekly summary: the four calls of the week, the totals and a zero-filled series', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const { api } = renderServicePage('/service/svc-1/metrics', {
      handlers: [usageHandler(fixture)],
    });
    const messages = await screen.findByRole(
      'region',
      { name: 'Messages' },
      { timeout: FIRST_RENDER_TIMEOUT_MS },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Usage' })).toBeInTheDocument();
    expect(sentQueries(api.requestsTo(routes.getUsage))).toEqual(
      expect.arrayContaining(expectedQueries('isoWeek')),
    );
    expect(api.requestsTo(routes.getUsage)).toHaveLength(4);

    // Issue 25: in and out apart, and what is billed said in words.
    expect(within(messages).getByText('In (published)').nextSibling).toHaveTextContent('1,000');
    expect(within(messages).getByText('Out (delivered)').nextSibling).toHaveTextContent('234');
    expect(within(messages).getByText('Billed').nextSibling).toHaveTextContent('1,234');
    expect(
      within(messages).getByText(
        'Billed messages are the messages clients publish (in) plus the messages delivered to subscribers (out).',
      ),
    ).toBeInTheDocument();
    expect(
      within(messages).getByText(
        'Messages this week: 1,234 billed, 1,000 in and 234 out; busiest day Tuesday with 800.',
      ),
    ).toBeInTheDocument();
    expect(region('Sessions').getByText('Peak').nextSibling).toHaveTextContent('12');
    expect(region('Sessions').getByText('Low').nextSibling).toHaveTextContent('3');
    expect(region('Topics').getByText('Peak').nextSibling).toHaveTextContent('40');
    expect(screen.getByText('Data in and out').nextSibling).toHaveTextContent('1.2 MB');

    await userEvent.click(within(messages).getByRole('switch', { name: 'Show as table' }));
    const table = within(messages).getByRole('table', { name: 'Messages this week' });
    const rows = within(table).getAllByRole('row').slice(1);
    // Seven days, Monday to Sunday, each a row; days without points are 0.
    expect(rows.map((row) => row.lastElementChild?.textContent)).toEqual([
      '0',
      '800',
      '434',
      '0',
      '0',
      '0',
      '0',
    ]);
    expect(rows[1]?.firstElementChild).toHaveTextContent(/Tuesday/);
  });

  it('asks for the last hour, step 60 s, when the period switches to Last hour', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const { api, router } = renderServicePage('/service/svc-1/metrics', {
      handlers: [usageHandler(fixture)],
    });
    await screen.findByRole('region', { name: 'Messages' }, { timeout: FIRST_RENDER_TIMEOUT_MS });
    await userEvent.click(screen.getByRole('radio', { name: 'Last hour' }));
    await waitFor(() => expect(api.requestsTo(routes.getUsage)).toHaveLength(8));
    const hourQueries = sentQueries(api.requestsTo(routes.getUsage).slice(4));
    expect(hourQueries).toEqual(expect.arrayContaining(expectedQueries('hour')));
    const nowSeconds = NOW.getTime() / 1000;
    expect(hourQueries.find((query) => query.queryType === 'histogram')).toEqual({
      queryType: 'histogram',
      from: String(nowSeconds - 3600),
      to: String(nowSeconds),
      metrics: 'billed_messages_total,sessions,topics',
      customStep: '60',
    });
    expect(router.state.location.search).toBe('?period=hour');
    // Nothing in the last hour: sixty zero minutes, said plainly.
    const messages = await screen.findByText(/Messages in the last hour: /);
    expect(messages).toHaveTextContent('Messages in the last hour: 0 billed, 0 in and 0 out.');
    await userEvent.click(
      within(screen.getByRole('region', { name: 'Messages' })).getByRole('switch', {
        name: 'Show as table',
      }),
    );
    const rows = within(
      screen.getByRole('table', { name: 'Messages in the last hour' }),
    ).getAllByRole('row');
    expect(rows).toHaveLength(61);
  });

  it('refreshes only the hourly view, every 60 s, and stops when the period changes', async () => {
    vi.useFakeTimers({
      toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'],
      shouldAdvanceTime: true,
    });
    vi.setSystemTime(NOW);
    const { api } = renderServicePage('/service/svc-1/metrics?period=hour', {
      handlers: [usageHandler(fixture)],
    });
    await screen.findByRole('region', { name: 'Messages' }, { timeout: FIRST_RENDER_TIMEOUT_MS });
    const histograms = () =>
      sentQueries(api.requestsTo(routes.getUsage)).filter(
        (query) => query.queryType === 'histogram',
      );
    expect(histograms()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(HOURLY_USAGE_REFRESH_MS));
    await waitFor(() => expect(histograms()).toHaveLength(2));
    // Each refresh asks for the hour that ends now.
    const [first, second] = histograms();
    expect(Number(second?.to) - Number(first?.to)).toBeGreaterThanOrEqual(60);

    await userEvent.click(screen.getByRole('radio', { name: 'This week' }), {
      advanceTimers: vi.advanceTimersByTime,
    });
    await waitFor(() => expect(histograms()).toHaveLength(3));
    await act(() => vi.advanceTimersByTimeAsync(3 * HOURLY_USAGE_REFRESH_MS));
    expect(histograms()).toHaveLength(3);
    expect(histograms()[2]?.customStep).toBe(String(DAY));
  });

  it('stops refreshing the hourly view when the screen is left', async () => {
    vi.useFakeTimers({
      toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'],
      shouldAdvanceTime: true,
    });
    vi.setSystemTime(NOW);
    const { api, router } = renderServicePage('/service/svc-1/metrics?period=hour', {
      handlers: [usageHandler(fixture)],
    });
    await screen.findByRole('region', { name: 'Messages' }, { timeout: FIRST_RENDER_TIMEOUT_MS });
    const histograms = () =>
      sentQueries(api.requestsTo(routes.getUsage)).filter(
        (query) => query.queryType === 'histogram',
      );
    expect(histograms()).toHaveLength(1);
    await act(() => router.navigate('/service/svc-1/api-token'));
    await act(() => vi.advanceTimersByTimeAsync(3 * HOURLY_USAGE_REFRESH_MS));
    expect(histograms()).toHaveLength(1);
  });

  it('shows a load failure with a retry, and the figures once the retry succeeds', async () => {
    let isDown = true;
    const working = usageHandler(fixture);
    renderServicePage('/service/svc-1/metrics', {
      handlers: [
        handle(routes.getUsage, (request) =>
          isDown
            ? apiErrorResponse(503, 'Metrics store unavailable', { code: 'UNAVAILABLE' })
            : working.respond(request),
        ),
      ],
    });
    const alert = await screen.findByRole('alert', {}, { timeout: FIRST_RENDER_TIMEOUT_MS });
    expect(alert).toHaveTextContent('Usage could not be loaded');
    isDown = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Messages' })).toBeInTheDocument();
  });

  it('says which metric is missing when the answer lacks one (section 8)', async () => {
    renderServicePage('/service/svc-1/metrics', {
      handlers: [handle(routes.getUsage, () => ({ status: 200, body: [] }))],
    });
    const alert = await screen.findByRole('alert', {}, { timeout: FIRST_RENDER_TIMEOUT_MS });
    expect(alert).toHaveTextContent(/No metric herald_\w+ found/);
  });
});
